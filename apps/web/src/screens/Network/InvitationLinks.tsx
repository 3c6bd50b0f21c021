import { type Invitation, inviteMessages } from '@heartline/domain';
import { useId, useState } from 'react';
import { useToast } from '../../app/ToastProvider.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import {
  useCreateInvitationMutation,
  useDeactivateInvitationMutation,
  useInvitationListQuery,
} from '../../state/queries/invitations.ts';
import { expiryFromChoice, invitationUsage, USES_CHOICES, EXPIRY_CHOICES } from './invite-share.ts';

/**
 * The user's invitation links (Invite Friends dialog, "More links"): a new link with a use
 * limit or an expiry, every link with its use count, and Deactivate.
 */
export function InvitationLinks() {
  const list = useInvitationListQuery();
  const create = useCreateInvitationMutation();
  const deactivate = useDeactivateInvitationMutation();
  const toast = useToast();
  const usesId = useId();
  const expiryId = useId();
  const [uses, setUses] = useState<string>('unlimited');
  const [expiry, setExpiry] = useState<string>('never');

  const onCreate = () => {
    create.mutate(
      {
        maxUses: uses === 'unlimited' ? null : Number(uses),
        expiresAt: expiryFromChoice(expiry),
      },
      {
        onSuccess: () => toast.success(inviteMessages.createdToast),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const onCopy = async (link: Invitation) => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.success('Link copied');
    } catch {
      toast.error(inviteMessages.copyManually);
    }
  };

  const [confirming, setConfirming] = useState<Invitation | null>(null);
  const onDeactivate = (link: Invitation) =>
    deactivate.mutateAsync(link.code).then(
      () => toast.info(inviteMessages.deactivatedToast),
      (error: unknown) => {
        toast.error(error instanceof Error ? error.message : inviteMessages.processFailed);
        throw error;
      },
    );

  return (
    <div className="invite-links">
      <div className="invite-links__form">
        <label htmlFor={usesId}>Uses</label>
        <select id={usesId} value={uses} onChange={(e) => setUses(e.target.value)}>
          {USES_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <label htmlFor={expiryId}>Expires</label>
        <select id={expiryId} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={onCreate}
          disabled={create.isPending}
        >
          Create link
        </button>
      </div>
      {list.isError ? (
        <div role="alert">
          <p className="muted">{list.error.message}</p>
          <RetryButton onRetry={() => list.refetch()} />
        </div>
      ) : !list.data ? (
        <p className="muted" role="status">
          Loading your links...
        </p>
      ) : (
        <ul className="invite-links__list" aria-label="Your invitation links">
          {list.data.items.map((link) => (
            <li
              key={link.id}
              className="invite-links__item"
              data-state={link.state}
              data-testid="invitation-link"
            >
              <div className="invite-links__text">
                <p className="invite-links__url">
                  {link.isDefault ? 'Main link' : 'Link'} ·{' '}
                  <span className="muted">…{link.code.slice(-6)}</span>
                </p>
                <p className="muted invite-links__usage">{invitationUsage(link)}</p>
              </div>
              {link.state === 'active' && (
                <div className="invite-links__actions">
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => void onCopy(link)}
                    aria-label={`Copy link ending ${link.code.slice(-6)}`}
                  >
                    Copy
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => setConfirming(link)}
                    disabled={deactivate.isPending}
                    aria-label={`Deactivate link ending ${link.code.slice(-6)}`}
                  >
                    Deactivate
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title="Deactivate this link?"
          confirmLabel="Deactivate"
          tone="danger"
          onConfirm={() => onDeactivate(confirming)}
          onClose={() => setConfirming(null)}
        >
          <p>
            Everyone you sent it to will see &lsquo;{inviteMessages.deactivated}&rsquo;. This cannot
            be undone
            {confirming.isDefault && '; the Invite Friends dialog will share a new main link'}.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
