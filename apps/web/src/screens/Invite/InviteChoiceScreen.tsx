import { inviteMessages } from '@heartline/domain';
import { useNavigate } from 'react-router';
import { Avatar } from '../../components/Avatar.tsx';
import type { PendingInvite } from '../../lib/pending-invite.ts';
import { useConfig } from '../../state/queries/session.ts';
import { InviteProcessing } from './InviteProcessing.tsx';
import { useProcessInvite } from './use-process-invite.ts';

/**
 * The invite-choice screen (spec/2 §2, spec/1 §2 gate step 4): after sign-in and onboarding, a
 * person who arrived through an invitation chooses to connect with the inviter or to go on alone.
 */
export function InviteChoiceScreen({
  invite,
  landingPath,
  profileIncomplete,
}: {
  invite: PendingInvite;
  landingPath: string;
  /** The note about profile setup is shown only when it is true. */
  profileIncomplete: boolean;
}) {
  const { productName } = useConfig();
  const process = useProcessInvite();
  const navigate = useNavigate();
  const name = invite.inviterName;

  if (process.busy) return <InviteProcessing busy />;

  const justMe = () => {
    process.forget();
    void navigate(profileIncomplete ? '/profile' : landingPath, { replace: true });
  };

  return (
    <section className="invite-landing" aria-labelledby="invite-choice-title">
      <div
        className="invite-landing__card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="invite-choice-title"
      >
        <Avatar user={{ name, photoUrl: invite.inviterAvatar }} size="xl" />
        <h1 id="invite-choice-title" className="invite-landing__title">
          {inviteMessages.choiceTitle(productName)}
        </h1>
        <p className="muted">
          <strong>{name}</strong> invited you.
        </p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => void process.run(invite.inviteCode, '/network')}
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
