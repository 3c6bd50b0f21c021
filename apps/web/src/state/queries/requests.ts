import {
  OPEN_REQUEST_STATUSES,
  connectionRequestListSchema,
  createConnectionRequestResultSchema,
  decideRequestResultSchema,
  okSchema,
  type ConnectionRequestList,
  type ConnectionRequestView,
  type RequestAction,
  type SessionResponse,
} from '@heartline/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { invalidateNetwork, networkKeys } from './network.ts';
import { sessionKeys } from './session.ts';

/** Under 'network', so every graph change that invalidates the network refreshes requests too. */
export const requestKeys = {
  all: [...networkKeys.all, 'requests'] as const,
};

export function useConnectionRequestsQuery(enabled = true) {
  return useQuery({
    queryKey: requestKeys.all,
    queryFn: ({ signal }): Promise<ConnectionRequestList> =>
      apiRequest('/api/connection-requests', connectionRequestListSchema, { signal }),
    staleTime: 30_000,
    enabled,
  });
}

/** Adds or replaces one pending request in the cached lists (REST answer or realtime push). */
export function upsertRequest(queryClient: QueryClient, request: ConnectionRequestView): void {
  queryClient.setQueryData<ConnectionRequestList>(requestKeys.all, (old) => {
    if (!old) return old;
    const key = request.direction;
    const others = old[key].filter((r) => r.id !== request.id);
    const open = (OPEN_REQUEST_STATUSES as readonly string[]).includes(request.status);
    return { ...old, [key]: open ? [request, ...others] : others };
  });
}

export function removeRequest(queryClient: QueryClient, requestId: string): void {
  queryClient.setQueryData<ConnectionRequestList>(requestKeys.all, (old) =>
    old
      ? {
          incoming: old.incoming.filter((r) => r.id !== requestId),
          outgoing: old.outgoing.filter((r) => r.id !== requestId),
        }
      : old,
  );
}

/** The session's trust follows every decision at once; the full report refreshes behind it. */
export function setSessionTrust(queryClient: QueryClient, trustScore: number, friends?: number) {
  queryClient.setQueryData<SessionResponse>(sessionKeys.session, (old) =>
    old?.user
      ? { user: { ...old.user, trustScore, friendCount: friends ?? old.user.friendCount } }
      : old,
  );
}

export function useSendConnectionRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toUserId: string) =>
      apiRequest('/api/connection-requests', createConnectionRequestResultSchema, {
        method: 'POST',
        body: { toUserId },
      }),
    onSuccess: (result) => {
      if (result.outcome === 'accepted') {
        // They had already asked us: that request was accepted and we are friends now.
        void invalidateNetwork(queryClient);
      } else {
        upsertRequest(queryClient, result.request);
        void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      }
    },
  });
}

/** The sender withdraws a pending request; it leaves their sent list at once. */
export function useCancelRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/connection-requests/${id}/cancel`, okSchema, { method: 'POST' }),
    onSuccess: (_result, id) => {
      removeRequest(queryClient, id);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  });
}

/** Every action on a request but cancel (which has its own answer shape). */
export type Decision = Exclude<RequestAction, 'cancel'>;

/**
 * Accept or reject an ordinary request, or take an invite-chain step. The acted-on row leaves
 * the lists and what the answer shows takes its place (after consent, the request back).
 */
export function useDecideRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) =>
      apiRequest(`/api/connection-requests/${id}/${decision}`, decideRequestResultSchema, {
        method: 'POST',
      }),
    onSuccess: (result, { id, decision }) => {
      removeRequest(queryClient, id);
      upsertRequest(queryClient, result.request);
      setSessionTrust(queryClient, result.trustScore);
      if (decision === 'accept' || decision === 'final-approve')
        void invalidateNetwork(queryClient);
      else {
        void queryClient.invalidateQueries({ queryKey: requestKeys.all });
        void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
      }
    },
    // Refused (it moved on elsewhere meanwhile): show the request as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
