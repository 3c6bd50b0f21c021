import {
  networkMessages,
  trustCalculation,
  unlockedTabs,
  type NetworkSummary,
  type ServerEventPayload,
  type TrustReport,
} from '@heartline/domain';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateNetwork, networkKeys, setSummaryPendingRequests } from '../queries/network.ts';
import { removeRequest, requestKeys, setSessionTrust, upsertRequest } from '../queries/requests.ts';
import { trustKeys } from '../queries/trust.ts';
import type { ServerEvent } from './socket-client.ts';

/** What the user should be told about an event, if anything. */
export type EventNotice = { type: 'success' | 'info'; message: string } | null;

/**
 * Routes the network events (issue 4) into the query cache so open screens update in place
 * (DESIGN §3.8: no reload); other events pass by. Returns the toast to show, if any;
 * friendship changes are silent (spec/2 §2).
 */
export function applyNetworkEvent(queryClient: QueryClient, event: ServerEvent): EventNotice {
  switch (event.name) {
    case 'request.created': {
      const { request } = event.payload;
      upsertRequest(queryClient, request);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
      return request.direction === 'incoming'
        ? { type: 'info', message: `${networkMessages.friendRequest}: ${request.user.name}` }
        : null;
    }
    case 'request.accepted':
      removeRequest(queryClient, event.payload.request.id);
      void invalidateNetwork(queryClient);
      return {
        type: 'success',
        message: networkMessages.requestAccepted(event.payload.approverName),
      };
    case 'request.rejected':
      removeRequest(queryClient, event.payload.requestId);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      return null;
    case 'request.cancelled':
      // The sender withdrew it: it leaves the received list quietly; the badge event follows.
      removeRequest(queryClient, event.payload.requestId);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
      return null;
    case 'trust.updated':
      applyTrustUpdate(queryClient, event.payload);
      return null;
    case 'friendship.created':
    case 'friendship.removed':
      void invalidateNetwork(queryClient);
      return null;
    case 'badges.updated':
      // The badge itself is patched by the provider; the requests tab count follows it.
      if (event.payload.pendingRequests !== undefined) {
        setSummaryPendingRequests(queryClient, event.payload.pendingRequests);
      }
      return null;
    default:
      return null;
  }
}

/** A new stored trust score: patch every place that shows it, then let the rest refetch. */
export function applyTrustUpdate(
  queryClient: QueryClient,
  update: ServerEventPayload<'trust.updated'>,
): void {
  const { trustScore, firstDegreeCount, secondDegreeCount } = update;
  const calculation = trustCalculation(firstDegreeCount, secondDegreeCount);
  const tabs = unlockedTabs(firstDegreeCount, trustScore);
  setSessionTrust(queryClient, trustScore, firstDegreeCount);
  queryClient.setQueryData<TrustReport>(trustKeys.me, (old) =>
    old
      ? {
          ...old,
          trustScore,
          calculation,
          unlockedTabs: tabs,
          calculatedAt: new Date().toISOString(),
        }
      : old,
  );
  queryClient.setQueryData<NetworkSummary>(networkKeys.summary, (old) =>
    old ? { ...old, trustScore, calculation, unlockedTabs: tabs } : old,
  );
  // The counts per tab change with the score; ask for them again.
  void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
}
