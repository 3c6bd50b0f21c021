import { inviteMessages, type AcceptInvitationResult } from '@heartline/domain';
import { useCallback } from 'react';
import { useNavigate } from '../../app/navigation.tsx';
import { useToast } from '../../app/ToastProvider.tsx';
import { ApiError, isRetryable } from '../../lib/api.ts';
import { announcePendingInvite, clearPendingInvite } from '../../lib/pending-invite.ts';
import { safeStorage } from '../../lib/storage-keys.ts';
import { LOOKUP_TIMEOUT, useAcceptInvitationMutation } from '../../state/queries/invitations.ts';
import { rememberIntended } from '../../lib/intended-url.ts';

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
 * A lookup that failed for good (the link is wrong, gone, or not for this person): what to tell
 * the visitor before sending them on. Null when trying again could help (timeout, network,
 * server error): the landing offers Try Again instead.
 */
export function lookupFailure(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code === LOOKUP_TIMEOUT) return null;
  if (error.status < 400 || error.status >= 500 || error.status === 429) return null;
  return error.status === 404 && error.message === inviteMessages.notFound
    ? inviteMessages.invalidLink
    : error.message;
}

/** Whether a failed accept leaves the stored invitation for another try (signed out, busy, down). */
function keepsInvite(error: unknown): boolean {
  if (isRetryable(error)) return true;
  return error instanceof ApiError && (error.status === 401 || error.status === 429);
}

/**
 * Processes an invitation (Connect on the choice screen, or an onboarded user's landing): starts
 * the consent chain, forgets the stored invitation, says what happened and opens the Network.
 * A failure that another try could fix keeps the stored invitation.
 */
export function useProcessInvite() {
  const accept = useAcceptInvitationMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const forget = useCallback(() => {
    clearPendingInvite(safeStorage('local'));
    announcePendingInvite();
  }, []);

  /**
   * `onboardingFirst`: the person has not finished onboarding (they chose right after sign-in):
   * it comes next, and the requests after it.
   */
  const run = async (code: string, onErrorPath: string, onboardingFirst = false) => {
    try {
      const result = await accept.mutateAsync(code);
      forget();
      const t = acceptToast(result);
      toast.show(t.type, t.message);
      if (onboardingFirst) rememberIntended(safeStorage('session'), AFTER_INVITE_PATH);
      void navigate(onboardingFirst ? '/onboarding' : AFTER_INVITE_PATH, { replace: true });
    } catch (error) {
      if (!keepsInvite(error)) forget();
      toast.error(acceptErrorMessage(error));
      void navigate(onErrorPath, { replace: true });
    }
  };

  return { run, busy: accept.isPending, forget };
}
