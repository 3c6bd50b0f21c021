import { inviteMessages } from '@heartline/domain';
import { useEffect } from 'react';
import { useNavigate } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { Avatar } from '../../components/Avatar.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import type { PendingInvite } from '../../lib/pending-invite.ts';
import { useInvitationLookup } from '../../state/queries/invitations.ts';
import { useConfig } from '../../state/queries/session.ts';
import { InviteProcessing } from './InviteProcessing.tsx';
import { lookupFailure, useProcessInvite } from './use-process-invite.ts';

/**
 * The invite-choice screen (spec/2 §2, spec/1 §2 gate step 4): right after sign-in, before
 * onboarding, a person who arrived through an invitation chooses to connect with the inviter or
 * to go on alone.
 * The link is looked up again as the signed-in person first: one that has gone, is their own,
 * or belongs to someone on either side of a block is dropped with its message, never offered.
 */
export function InviteChoiceScreen({
  invite,
  meId,
  landingPath,
  profileIncomplete,
}: {
  invite: PendingInvite;
  meId: string;
  landingPath: string;
  /** The note about profile setup is shown only when it is true. */
  profileIncomplete: boolean;
}) {
  const { productName } = useConfig();
  const process = useProcessInvite();
  const navigate = useNavigate();
  const toast = useToast();
  const lookup = useInvitationLookup(invite.inviteCode, meId);
  const failure = lookup.isError ? lookupFailure(lookup.error) : null;
  const own = lookup.data?.creator_id === meId;
  const { forget } = process;

  useEffect(() => {
    if (!failure && !own) return;
    forget();
    toast.error(own ? inviteMessages.ownInvitationToast : failure!);
  }, [failure, own, forget, toast]);

  if (process.busy) return <InviteProcessing busy />;
  if (lookup.isError && !failure) {
    return (
      <section className="center-page invite-landing">
        <div className="center-card invite-landing__card" role="alert">
          <p>{inviteMessages.validationFailed}</p>
          <RetryButton onRetry={() => lookup.refetch()} busy={lookup.isFetching} />
        </div>
      </section>
    );
  }
  if (!lookup.data || failure || own) return <InviteProcessing busy={false} />;

  const name = lookup.data.creator_name;
  const justMe = () => {
    forget();
    // Onboarding next when it is not done (the choice came right after sign-in).
    const next = landingPath === '/onboarding' || !profileIncomplete ? landingPath : '/profile';
    void navigate(next, { replace: true });
  };

  return (
    <section className="center-page invite-landing" aria-labelledby="invite-choice-title">
      <div
        className="center-card invite-landing__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="invite-choice-title"
      >
        <Avatar user={{ name, photoUrl: lookup.data.creator_avatar }} size="xl" />
        <h1 id="invite-choice-title" className="center-card__title">
          {inviteMessages.choiceTitle(productName)}
        </h1>
        <p className="muted">
          <strong>{name}</strong> invited you.
        </p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() =>
            void process.run(invite.inviteCode, '/network', landingPath === '/onboarding')
          }
        >
          {inviteMessages.choiceConnect(name)}
        </button>
        <button type="button" className="btn btn--ghost btn--block" onClick={justMe}>
          {inviteMessages.choiceJustMe}
        </button>
        {profileIncomplete && (
          <p className="muted invite-landing__fineprint">{inviteMessages.choiceNote}</p>
        )}
      </div>
    </section>
  );
}
