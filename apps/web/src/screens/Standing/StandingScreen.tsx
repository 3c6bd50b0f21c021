import { type Standing } from '@heartline/domain';
import { useConfig, useSignOutMutation } from '../../state/queries/session.ts';
import { AppealForm, SENT } from './AppealForm.tsx';
import { StandingCard } from './StandingCard.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

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
      <AppealForm
        appeal={standing.appeal}
        url="/api/standing/appeal"
        onSent={(old) =>
          old.standing ? { ...old, standing: { ...old.standing, appeal: SENT } } : old
        }
      />
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
