import { APPEAL_TEXT_MAX, type SessionResponse, type Standing } from '@heartline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { sessionKeys } from '../../state/queries/session.ts';

type AppealState = Standing['appeal'];

/** An appeal just sent, as the session answer will say it. */
export const SENT: NonNullable<AppealState> = { status: 'open', decisionReason: null };

/** What the person reads about their appeal. */
const appealStatusText = {
  open: 'Your appeal was sent. We will tell you here when it has been reviewed.',
  upheld: 'Your appeal was reviewed, and the decision stands.',
  overturned: 'Your appeal was accepted.',
} as const;

/**
 * The one appeal of a moderator's decision (issue 47), on the screen that shows the decision:
 * the form until it is sent, then where it stands and the moderator's reason. `onSent` writes
 * the sent appeal into the session answer, which carries its state from then on. `folded`: a
 * button first, for a notice the person may simply acknowledge.
 */
export function AppealForm({
  appeal,
  url,
  onSent,
  folded = false,
}: {
  appeal: AppealState;
  url: string;
  onSent: (old: SessionResponse) => SessionResponse;
  folded?: boolean;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(!folded);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const send = useMutation({
    mutationFn: (body: { text: string }) => apiRequest(url, undefined, { method: 'POST', body }),
    onSuccess: () => {
      queryClient.setQueryData<SessionResponse>(sessionKeys.session, (old) => old && onSent(old));
      void queryClient.invalidateQueries({ queryKey: sessionKeys.session });
    },
    onError: (err) =>
      setError(err instanceof ApiError ? err.message : 'Could not send the appeal. Try again.'),
  });

  if (appeal) {
    return (
      <div className="standing__appeal" role="status">
        <p>{appealStatusText[appeal.status]}</p>
        {appeal.decisionReason && <p className="quote">{appeal.decisionReason}</p>}
      </div>
    );
  }

  if (!open) {
    return (
      <button type="button" className="btn btn--text" onClick={() => setOpen(true)}>
        Ask us to look again
      </button>
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
          autoFocus={folded}
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
      <button
        type="submit"
        className={folded ? 'btn btn--ghost' : 'btn btn--primary'}
        disabled={send.isPending}
      >
        {send.isPending ? 'Sending...' : 'Send appeal'}
      </button>
    </form>
  );
}
