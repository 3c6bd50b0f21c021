import { APPEAL_TEXT_MAX, type SessionResponse, type Standing } from '@heartline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { sessionKeys, useConfig, useSignOutMutation } from '../../state/queries/session.ts';
import { StandingCard } from './StandingCard.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** What the person reads about their appeal. */
const appealStatusText = {
  open: 'Your appeal was sent. We will tell you here when it has been reviewed.',
  upheld: 'Your appeal was reviewed, and the decision stands.',
  overturned: 'Your appeal was accepted.',
} as const;

/**
 * What a suspended or banned person sees instead of the app (issue 47, Terms §4 and §10): what
 * happened, why, until when, and their one appeal. Nothing else of the app answers them.
 */
export function StandingScreen({ standing }: { standing: Standing }) {
  const suspended = standing.state === 'SUSPENDED';
  const { productName } = useConfig();
  const signOut = useSignOutMutation();
  return (
    <StandingCard
      title={suspended ? 'Your account is suspended' : 'Your account is banned'}
      text={
        suspended
          ? `A moderator suspended your account. While it is suspended nobody can see you, and you cannot use ${productName}.`
          : `A moderator banned your account for good. Nobody can see you, and you cannot use ${productName} or make a new account.`
      }
      reason={standing.reason}
      message={standing.message}
      facts={
        standing.until && (
          <>
            <dt>Until</dt>
            <dd>{dateTime.format(new Date(standing.until))}</dd>
          </>
        )
      }
    >
      <Appeal standing={standing} />
      <p className="standing__fineprint muted">
        Read the <a href="/terms">Terms of Service</a> and the <a href="/privacy">Privacy Policy</a>
        .
      </p>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        Sign out
      </button>
    </StandingCard>
  );
}

function Appeal({ standing }: { standing: Standing }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const send = useMutation({
    mutationFn: (body: { text: string }) =>
      apiRequest('/api/standing/appeal', undefined, { method: 'POST', body }),
    onSuccess: () => {
      // The session answer carries the appeal's state from now on.
      queryClient.setQueryData<SessionResponse>(sessionKeys.session, (old) =>
        old?.standing
          ? {
              ...old,
              standing: { ...old.standing, appeal: { status: 'open', decisionReason: null } },
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: sessionKeys.session });
    },
    onError: (err) =>
      setError(err instanceof ApiError ? err.message : 'Could not send the appeal. Try again.'),
  });

  if (standing.appeal) {
    return (
      <div className="standing__appeal" role="status">
        <p>{appealStatusText[standing.appeal.status]}</p>
        {standing.appeal.decisionReason && (
          <p className="quote">{standing.appeal.decisionReason}</p>
        )}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!text.trim()) {
      setError('Say why the decision should change');
      return;
    }
    send.mutate({ text });
  };

  return (
    <form className="standing__appeal" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          Ask us to look again
        </label>
        <textarea
          id={fieldId}
          className="field__input"
          rows={5}
          maxLength={APPEAL_TEXT_MAX}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-hint${error ? ` ${fieldId}-error` : ''}`}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${fieldId}-hint`} className="field__hint muted">
          You can appeal once. {text.length} / {APPEAL_TEXT_MAX}
        </p>
        {error && (
          <p id={`${fieldId}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send appeal'}
      </button>
    </form>
  );
}
