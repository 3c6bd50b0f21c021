import {
  networkMessages,
  NETWORK_TABS,
  type ConnectionView,
  type NetworkSummary,
  type NetworkTab,
  type PathNode,
  type UnlockedTabs,
} from '@heartline/domain';
import { formatCount } from '../../lib/format.ts';

/** The Network screen's tabs: the five connection lists plus the requests ("alerts") tab. */
export type NetworkScreenTab = NetworkTab | 'requests';
export const SCREEN_TABS: readonly NetworkScreenTab[] = [...NETWORK_TABS, 'requests'];

const tabLabels: Record<NetworkScreenTab, string> = {
  all: 'All',
  first: '1st',
  second: '2nd',
  third: '3rd',
  favorites: 'Favorites',
  requests: 'Requests',
};

export function tabLabel(tab: NetworkScreenTab): string {
  return tabLabels[tab];
}

/** Aliases other screens use in links: `?tab=1st`, `?tab=requests`, `?filter=favorites`. */
const tabAliases: Record<string, NetworkScreenTab> = {
  all: 'all',
  first: 'first',
  '1': 'first',
  '1st': 'first',
  second: 'second',
  '2': 'second',
  '2nd': 'second',
  third: 'third',
  '3': 'third',
  '3rd': 'third',
  favorites: 'favorites',
  requests: 'requests',
  alerts: 'requests',
};

/** The selected tab from the query string; `tab` wins over `filter`, unknown values mean All. */
export function tabFromSearch(search: URLSearchParams): NetworkScreenTab {
  for (const key of ['tab', 'filter']) {
    const value = search.get(key)?.trim().toLowerCase();
    const tab = value ? tabAliases[value] : undefined;
    if (tab) return tab;
  }
  return 'all';
}

/** The query string for a tab, keeping unrelated parameters (e.g. inviteProcessing). */
export function searchForTab(search: URLSearchParams, tab: NetworkScreenTab): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('filter');
  if (tab === 'all') next.delete('tab');
  else next.set('tab', tab);
  return next;
}

/** A tab count; the 3rd degree (and so All) is exact only up to the server's cap. */
export function formatTabCount(count: number, capped: boolean): string {
  return capped ? `${formatCount(count)}+` : formatCount(count);
}

export function tabCount(tab: NetworkScreenTab, summary: NetworkSummary): string {
  if (tab === 'requests') return String(summary.pendingRequests);
  const capped = summary.thirdCapped && (tab === 'all' || tab === 'third');
  return formatTabCount(summary.counts[tab], capped);
}

/** "1 connection", "16 connections", "1,150+ connections". */
export function connectionCountLabel(summary: NetworkSummary): string {
  const n = summary.counts.all;
  if (!summary.thirdCapped) return networkMessages.connectionsCount(n);
  return `${formatTabCount(n, true)} connections`;
}

export function isTabLocked(tab: NetworkScreenTab, unlocked: UnlockedTabs): boolean {
  if (tab === 'second') return !unlocked.secondDegree;
  if (tab === 'third') return !unlocked.thirdDegree;
  return false;
}

/** What unlocks a locked tab (the domain's texts), or null when the tab is open. */
export function lockedTabText(tab: NetworkScreenTab, summary: NetworkSummary): string | null {
  if (!isTabLocked(tab, summary.unlockedTabs)) return null;
  return tab === 'second'
    ? networkMessages.secondDegreeLocked(summary.calculation.firstDegreeCount)
    : networkMessages.thirdDegreeLocked(summary.trustScore);
}

export type EmptyState = { title: string; text: string; invite: boolean };

export function emptyStateFor(
  tab: NetworkScreenTab,
  query: string,
  /** Degrees whose tabs are locked ('2nd', '3rd'): a search does not reach them (issue 18). */
  locked: readonly string[] = [],
): EmptyState {
  if (query && tab === 'requests') {
    return {
      title: `No requests match “${query}”`,
      text: 'Try another name, or clear the search to see every request.',
      invite: false,
    };
  }
  if (query) {
    return {
      title: `No connections match “${query}”`,
      text:
        tab === 'all' && locked.length > 0
          ? `Your ${locked.join(' and ')} degree ${locked.length === 1 ? 'tab is' : 'tabs are'} locked, so the people there are not searched yet. Try another name, or clear the search to see everyone.`
          : 'Try another name, or clear the search to see everyone.',
      invite: false,
    };
  }
  switch (tab) {
    case 'favorites':
      return {
        title: 'No favorites yet',
        text: 'Tap the star next to a friend to keep them at the top of your network.',
        invite: false,
      };
    case 'requests':
      return {
        title: 'No pending requests',
        text: 'Connection requests you send or receive show up here.',
        invite: true,
      };
    case 'second':
    case 'third':
      return {
        title: 'Nobody here yet',
        text: 'As your friends connect with more people, they show up here.',
        invite: true,
      };
    default:
      return { title: networkMessages.emptyTitle, text: networkMessages.emptyText, invite: true };
  }
}

/** One step of an inline path: "You", a named person, or the hidden "Mutual Friend". */
export type PathStep = { key: string; name: string; avatar: string | null; isSelf: boolean };

/**
 * The chain You -> ... -> the person for a row. The list carries `path` for 2nd and 3rd
 * degree; without it a 2nd-degree row still knows its connector. Null means: ask the server.
 */
export function pathSteps(view: ConnectionView): PathStep[] | null {
  if (view.path && view.path.length >= 2) return view.path.map(toStep);
  if (view.degree !== 2) return null;
  // The connector's name is 'Mutual Friend' when they hide from paths (connectedThrough null).
  const connector = view.connectedThroughName?.trim() || networkMessages.mutualFriend;
  return [
    { key: 'self', name: networkMessages.you, avatar: null, isSelf: true },
    {
      key: `via-${view.connectedThrough ?? 'hidden'}`,
      name: connector,
      avatar: null,
      isSelf: false,
    },
    { key: view.userId, name: displayName(view.name), avatar: view.avatar, isSelf: false },
  ];
}

export function pathFromNodes(nodes: readonly PathNode[]): PathStep[] {
  return nodes.map(toStep);
}

function toStep(node: PathNode, index: number): PathStep {
  const name = node.isSelf
    ? networkMessages.you
    : node.userId === null
      ? networkMessages.mutualFriend
      : node.name.trim() || networkMessages.unknownUser;
  return {
    key: `${index}-${node.userId ?? 'hidden'}`,
    name,
    avatar: node.avatar,
    isSelf: node.isSelf,
  };
}

/** "You → Bob Bakker → Frank Fischer", the path's accessible summary. */
export function pathSentence(steps: readonly PathStep[]): string {
  return steps.map((s) => s.name).join(' → ');
}

export function displayName(name: string): string {
  return name.trim() || networkMessages.unknownUser;
}

/** The pending count the requests tab last opened by itself for, in this page. */
let openedRequestsFor = 0;

/**
 * Whether landing on the Network opens the requests tab by itself: only when more is waiting for
 * an answer than when it last did, so someone who has seen their requests can land on All.
 */
export function shouldOpenRequests(pending: number): boolean {
  const open = pending > openedRequestsFor;
  openedRequestsFor = pending;
  return open;
}

/** The degrees whose tabs are locked, for telling a search what it cannot reach. */
export function lockedDegrees(unlocked: NetworkSummary['unlockedTabs'] | undefined): string[] {
  if (!unlocked) return [];
  return [...(unlocked.secondDegree ? [] : ['2nd']), ...(unlocked.thirdDegree ? [] : ['3rd'])];
}
