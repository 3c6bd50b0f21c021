import {
  inviteCodeProblem,
  inviteMessages,
  needsOnboarding,
  type InvitationLookup,
} from '@heartline/domain';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { HeartLogo } from '../../components/HeartLogo.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import { ApiError } from '../../lib/api.ts';
import { announcePendingInvite, savePendingInvite } from '../../lib/pending-invite.ts';
import { safeStorage } from '../../lib/storage-keys.ts';
import { LOOKUP_TIMEOUT, useInvitationLookup } from '../../state/queries/invitations.ts';
import { useConfig, useSessionQuery } from '../../state/queries/session.ts';
import { InviteProcessing } from './InviteProcessing.tsx';
import { lookupFailure, useProcessInvite } from './use-process-invite.ts';

/**
 * The invite landing /invite/{code} (spec/2 §2): the first screen a newcomer sees of the
 * product. Signed out, it shows the invitation and remembers it across sign-in and onboarding;
 * signed in with onboarding unfinished, it remembers it and goes on to onboarding; an onboarded
 * user's invitation is processed at once.
 */
export function InviteScreen() {
  const { inviteCode = '' } = useParams();
  const problem = inviteCodeProblem(inviteCode);
  const session = useSessionQuery();
  const lookup = useInvitationLookup(problem ? null : inviteCode, session.data?.user?.id ?? null);
  const navigate = useNavigate();
  const toast = useToast();
  const process = useProcessInvite();
  const handled = useRef(false);
  const invitation = lookup.data;
  const failure = lookup.isError ? lookupFailure(lookup.error) : null;
  // A session restored from the cache may have ended since: decide on the server's answer.
  const { refetch } = session;
  useEffect(() => void refetch(), [refetch]);
  const me =
    session.isFetchedAfterMount || session.isError ? (session.data?.user ?? null) : undefined;

  useEffect(() => {
    if (handled.current) return;
    if (problem || failure) {
      handled.current = true;
      toast.error(problem ?? failure!);
      void navigate('/', { replace: true });
      return;
    }
    if (!invitation || me === undefined) return;
    handled.current = true;
    if (me && invitation.creator_id === me.id) {
      toast.error(inviteMessages.ownInvitationToast);
      void navigate('/network', { replace: true });
      return;
    }
    // Remembered first, so sign-in, sign-up, onboarding, a reload or another tab keep it, and a
    // processing that fails for a passing reason can be tried again.
    savePendingInvite(safeStorage('local'), {
      inviteCode: invitation.invite_code,
      inviterId: invitation.creator_id,
      inviterName: invitation.creator_name,
      inviterAvatar: invitation.creator_avatar,
    });
    announcePendingInvite();
    if (me === null) return;
    if (needsOnboarding(me) || !me.onboardingCompleted) void navigate('/', { replace: true });
    else void process.run(invitation.invite_code, '/');
  }, [problem, failure, invitation, me, navigate, toast, process]);

  if (problem || failure) return null;
  if (lookup.isError) {
    const timedOut = lookup.error instanceof ApiError && lookup.error.code === LOOKUP_TIMEOUT;
    return (
      <section className="center-page invite-landing">
        <div className="center-card invite-landing__card" role="alert">
          <h1 className="center-card__title">
            {timedOut ? inviteMessages.lookupTimeout : inviteMessages.validationFailed}
          </h1>
          <RetryButton onRetry={() => lookup.refetch()} busy={lookup.isFetching} />
        </div>
      </section>
    );
  }
  if (!invitation || me === undefined) return <InviteProcessing busy={false} />;
  if (me !== null) return <InviteProcessing busy />;
  return <InvitationCard invitation={invitation} onContinue={() => void navigate('/auth')} />;
}

/** The invitation as a signed-out visitor sees it: who, their trust, their words, one button. */
function InvitationCard({
  invitation,
  onContinue,
}: {
  invitation: InvitationLookup;
  onContinue: () => void;
}) {
  const { productName } = useConfig();
  const name = invitation.creator_name;
  return (
    <section className="center-page invite-landing" aria-labelledby="invite-title">
      <div className="auth__glow" aria-hidden="true" />
      <div className="center-card invite-landing__card">
        <HeartLogo size={48} />
        <div className="invite-landing__photo">
          {invitation.creator_photo ? (
            <img
              src={invitation.creator_photo}
              alt={`${name}'s photo`}
              width={128}
              height={128}
              className="invite-landing__img"
            />
          ) : (
            <Avatar user={{ name, photoUrl: invitation.creator_avatar }} size="xl" />
          )}
        </div>
        <h1 id="invite-title" className="center-card__title">
          {inviteMessages.landingTitle(name, productName)}
        </h1>
        <p className="invite-landing__trust" data-testid="invite-trust">
          Trust score <strong>{invitation.creator_trust_score}</strong>
        </p>
        <blockquote className="quote">{invitation.message}</blockquote>
        <button type="button" className="btn btn--primary btn--block" onClick={onContinue}>
          {inviteMessages.landingSignIn}
        </button>
        <p className="muted invite-landing__fineprint">
          {inviteMessages.landingAdults(productName)}
        </p>
      </div>
    </section>
  );
}
