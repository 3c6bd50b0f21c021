import {
  APPROVAL_TOAST_MS,
  discoverMessages,
  inviteMessages,
  type NetworkSummary,
  requestMessages,
  type ServerEventPayload,
  type StreamEvent,
  trustCalculation,
  type TrustReport,
  unlockedTabs,
} from '@heartline/domain';
import type { Query, QueryClient } from '@tanstack/react-query';
import { invalidateChats, storeUnreadTotal } from '../chat/chat-cache.ts';
import {
  routeChatReceipt,
  routeMessageCreated,
  type ChatRouterHooks,
} from '../chat/chat-events.ts';
import { applyBadgesUpdate } from '../queries/badges.ts';
import { catchUpAllMessages } from '../queries/chat.ts';
import { invalidateDiscover } from '../queries/discover-keys.ts';
import { invitationKeys } from '../queries/invitation-keys.ts';
import { invalidateNetwork, networkKeys, setSummaryPendingRequests } from '../queries/network.ts';
import { invalidateOwnProfile } from '../queries/profile-keys.ts';
import { removeRequest, requestKeys, setSessionTrust, upsertRequest } from '../queries/requests.ts';
import { reportKeys } from '../queries/reports.ts';
import { applySettingsUpdate, settingsKeys } from '../queries/settings.ts';
import { trustKeys } from '../queries/trust.ts';
import { fetchedInThisPage } from '../fetched-here.ts';

/** What the router needs from the app around it. */
export type RouterContext = {
  /** The signed-in user (whose own profile events refresh the own profile). */
  userId: string;
  /** A toast; `duration` in ms (undefined: the toast's default). */
  notify: (type: 'success' | 'info', message: string, duration?: number) => void;
  /** This session ended elsewhere (sign-out in another tab, expiry). */
  sessionEnded: (reason: ServerEventPayload<'session.revoked'>['reason']) => void;
  /** The chat runtime (outbox, delivered acks, unread counter); absent, chat events only patch the cache. */
  chat?: ChatRouterHooks;
};

/**
 * The one place where realtime events meet the query cache (DESIGN §3.8: screens update in
 * place, no reload). Each event type has its case; the switch is exhaustive, so a new event
 * in the domain's map does not compile until it is routed here.
 */
export function routeEvent(queryClient: QueryClient, event: StreamEvent, ctx: RouterContext): void {
  switch (event.type) {
    case 'session.revoked':
      ctx.sessionEnded(event.payload.reason);
      return;
    case 'request.created': {
      const { request } = event.payload;
      upsertRequest(queryClient, request);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
      if (request.direction === 'incoming') {
        ctx.notify('info', `${requestMessages.friendRequest}: ${request.user.name}`);
      }
      // Someone used one of the user's links: its use count moved.
      if (request.kind === 'invite') {
        void queryClient.invalidateQueries({ queryKey: invitationKeys.all });
      }
      return;
    }
    case 'request.accepted':
      removeRequest(queryClient, event.payload.request.id);
      void invalidateNetwork(queryClient);
      ctx.notify('success', requestMessages.requestAccepted(event.payload.approverName));
      return;
    case 'request.approved':
      // spec/3 §8: 'Connection Approved! 🎉' with the message, for 5 s.
      upsertRequest(queryClient, event.payload.request);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      ctx.notify(
        'success',
        `${inviteMessages.connectionApproved} ${event.payload.message}`,
        APPROVAL_TOAST_MS,
      );
      return;
    case 'request.final_approval':
      removeRequest(queryClient, event.payload.replaces);
      upsertRequest(queryClient, event.payload.request);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
      ctx.notify('info', event.payload.message);
      return;
    case 'request.rejected':
      removeRequest(queryClient, event.payload.requestId);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      return;
    case 'request.cancelled':
      // The sender withdrew it: it leaves the received list quietly; the badge event follows.
      removeRequest(queryClient, event.payload.requestId);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
      return;
    case 'trust.updated':
      applyTrustUpdate(queryClient, event.payload);
      // The profile's trust score and stat tiles follow the network.
      void invalidateOwnProfile(queryClient);
      return;
    // Silent list refresh: a disconnect does not notify (spec/2 §2). Chats refresh with the
    // network (whether the two may still message each other).
    case 'friendship.created':
    case 'friendship.removed':
      void invalidateNetwork(queryClient);
      void invalidateOwnProfile(queryClient);
      // Degrees moved: who is in the feed, their degree and paths too.
      void invalidateDiscover(queryClient);
      return;
    case 'message.created':
      routeMessageCreated(queryClient, event.payload.message, ctx.userId, ctx.chat);
      return;
    case 'chat.receipt':
      routeChatReceipt(queryClient, event.payload, ctx.userId, ctx.chat);
      return;
    case 'chat.updated':
      void invalidateChats(queryClient, event.payload.chatId);
      return;
    case 'match.ended':
      // The chat stays (read-only unless friends); its summary and the Matches count change.
      void invalidateChats(queryClient);
      void invalidateOwnProfile(queryClient);
      return;
    case 'settings.updated':
      applySettingsUpdate(queryClient, event.payload.settings);
      return;
    // A report one made was reviewed: the list in Settings follows (the notification says so).
    case 'report.reviewed':
      void queryClient.invalidateQueries({ queryKey: reportKeys.mine });
      return;
    case 'match.created':
      // spec/2 §8 'New Match!' (You matched with {name}); the match chat is new in the list.
      void invalidateChats(queryClient);
      void invalidateOwnProfile(queryClient);
      ctx.notify(
        'success',
        `${discoverMessages.newMatch} ${discoverMessages.youMatchedWith(event.payload.match.name)}`,
      );
      return;
    case 'badges.updated':
      applyBadgesUpdate(queryClient, event.payload);
      if (event.payload.unreadMessages !== undefined) {
        storeUnreadTotal(queryClient, event.payload.unreadMessages);
      }
      if (event.payload.pendingRequests !== undefined) {
        setSummaryPendingRequests(queryClient, event.payload.pendingRequests);
        // Two changes at once can each count before the other commits: the summary settles it.
        void queryClient.invalidateQueries({ queryKey: networkKeys.summary });
        // The user acted on a request in another tab or on another device: the lists follow.
        void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      }
      return;
    case 'profile.updated':
      if (event.payload.userId === ctx.userId) void invalidateOwnProfile(queryClient);
      return;
    case 'system.notice':
      ctx.notify('info', event.payload.text);
      return;
  }
}

/**
 * Far longer than a write takes from appending an event (its recorded time, the row's insert)
 * to its commit: every writer appends last. An event recorded this long before a read is in
 * what the read saw.
 */
const WRITE_IN_FLIGHT_MS = 60_000;

/**
 * Events of a stream were missed and cannot be replayed (first contact of this page, whose
 * cache may have been restored from storage, or a gap older than the server keeps): refetch
 * everything events would have patched.
 *
 * `quietSince` comes with a first contact: the stream's newest event was recorded before it,
 * on the page's own clock (`performance.now()`: 0 when the page began, never stepped). If that
 * was before the page began (with a margin), every answer the page fetched itself already holds
 * the stream's events, and only answers restored from storage are fetched again. Without it,
 * everything is (issue 17: a cold start used to fetch each of its answers twice, half a second
 * apart).
 */
export function refetchAfterGap(queryClient: QueryClient, quietSince?: number): void {
  const allRead = quietSince !== undefined && quietSince + WRITE_IN_FLIGHT_MS < 0;
  const only = allRead ? (query: Query) => !fetchedInThisPage(query) : () => true;
  // cancelRefetch: false joins a fetch already under way instead of restarting it.
  const noRestart = { cancelRefetch: false };
  for (const queryKey of [networkKeys.all, trustKeys.all, requestKeys.all, settingsKeys.all]) {
    // Settings: changed on another device while this one was away.
    void queryClient.invalidateQueries({ queryKey, predicate: only }, noRestart);
  }
  // Chats, and every conversation seen catches up on what came meanwhile.
  void invalidateChats(queryClient, undefined, only);
  catchUpAllMessages(queryClient, only);
  void invalidateOwnProfile(queryClient, only);
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
