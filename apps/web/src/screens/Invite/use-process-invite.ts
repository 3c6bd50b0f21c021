import { inviteMessages, type AcceptInvitationResult } from '@heartline/domain';
import { useNavigate } from 'react-router';
import { useToast } from '../../app/ToastProvider.tsx';
import { ApiError, isRetryable } from '../../lib/api.ts';
import { announcePendingInvite, clearPendingInvite } from '../../lib/pending-invite.ts';
import { safeStorage } from '../../lib/storage-keys.ts';
import { useAcceptInvitationMutation } from '../../state/queries/invitations.ts';

/** Where the Network lands after an invitation was processed (spec/2 §9). */
export const AFTER_INVITE_PATH = '/network?inviteProcessing=true';

/** The toast for each outcome of accepting an invitation. */
export function acceptToast(result: AcceptInvitationResult): {
  type: 'success' | 'info';
  message: string;
} {
  return { type: result.outcome === 'sent' ? 'success' : 'info', message: result.message };
}

/** The message for a failed accept: the server's own words for a 4xx, else the spec's retry text. */
export function acceptErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !isRetryable(error) && error.status > 0) return error.message;
  return inviteMessages.processFailed;
}

/**
 * Processes an invitation (Connect on the choice screen, or an onboarded user's landing): starts
 * the consent chain, forgets the stored invitation, says what happened and opens the Network.
 * A failure that a retry could fix keeps the stored invitation.
 */
export function useProcessInvite() {
  const accept = useAcceptInvitationMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const forget = () => {
    clearPendingInvite(safeStorage('local'));
    announcePendingInvite();
  };

  const run = async (code: string, onErrorPath: string) => {
    try {
      const result = await accept.mutateAsync(code);
      forget();
      const t = acceptToast(result);
      toast.show(t.type, t.message);
      void navigate(AFTER_INVITE_PATH, { replace: true });
    } catch (error) {
      const keep = isRetryable(error) || (error instanceof ApiError && error.status === 429);
      if (!keep) forget();
      toast.error(acceptErrorMessage(error));
      void navigate(onErrorPath, { replace: true });
    }
  };

  return { run, busy: accept.isPending, forget };
}
