import {
  acceptInvitationResultSchema,
  invitationListSchema,
  invitationLookupSchema,
  invitationSchema,
  INVITE_LOOKUP_TIMEOUT_MS,
  inviteMessages,
  myInvitationReadSchema,
  myInvitationSchema,
  type CreateInvitationInput,
  type InvitationList,
  type InvitationLookup,
  type MyInvitation,
} from '@heartline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { invitationKeys } from './invitation-keys.ts';
import { invalidateNetwork } from './network.ts';

export { invitationKeys };

export const LOOKUP_TIMEOUT = 'TIMEOUT';

/**
 * The user's own invite link and message (the Invite Friends dialog). The read answers null
 * until the link exists; the dialog needs one, so it is then made with the explicit POST.
 */
export function useMyInvitationQuery() {
  return useQuery({
    queryKey: invitationKeys.mine,
    queryFn: async ({ signal }): Promise<MyInvitation> =>
      (await apiRequest('/api/invitations/me', myInvitationReadSchema, { signal })) ??
      apiRequest('/api/invitations/me', myInvitationSchema, { method: 'POST', signal }),
    // The link is stable; the friend and trust numbers in the preview refresh each minute.
    staleTime: 60_000,
  });
}

/**
 * The public lookup of a shared link, raced against 5 s (spec/2 §7): past that it fails with
 * 'Request timeout - please try again' rather than leaving a newcomer on a spinner.
 */
export async function lookupInvitation(
  code: string,
  signal?: AbortSignal,
  timeoutMs = INVITE_LOOKUP_TIMEOUT_MS,
): Promise<InvitationLookup> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort();
  signal?.addEventListener('abort', forward, { once: true });
  try {
    return await apiRequest(
      `/api/invitations/${encodeURIComponent(code)}`,
      invitationLookupSchema,
      { signal: controller.signal },
    );
  } catch (error) {
    if (timedOut) throw new ApiError(LOOKUP_TIMEOUT, inviteMessages.lookupTimeout, 0);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

export function useInvitationLookup(code: string | null, viewerId: string | null) {
  return useQuery({
    queryKey: invitationKeys.lookup(code ?? '', viewerId),
    queryFn: ({ signal }) => lookupInvitation(code!, signal),
    enabled: code !== null,
    // A 4xx will not change on a retry; the timeout gets its own Try Again.
    retry: false,
    staleTime: 30_000,
  });
}

/** The caller's links with their use counts (Invitation links dialog). */
export function useInvitationListQuery(enabled = true) {
  return useQuery({
    queryKey: invitationKeys.list,
    queryFn: ({ signal }): Promise<InvitationList> =>
      apiRequest('/api/invitations', invitationListSchema, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useCreateInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInvitationInput) =>
      apiRequest('/api/invitations', invitationSchema, { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

export function useDeactivateInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(`/api/invitations/${encodeURIComponent(code)}/deactivate`, invitationSchema, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

/** Connect on the invite-choice screen, or an onboarded user's landing: starts the chain. */
export function useAcceptInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(
        `/api/invitations/${encodeURIComponent(code)}/accept`,
        acceptInvitationResultSchema,
        {
          method: 'POST',
        },
      ),
    onSettled: () => void invalidateNetwork(queryClient),
  });
}
