import { badgeCaps, formatBadge } from '@heartline/domain';

export type TabId = 'discover' | 'network' | 'chat' | 'settings' | 'profile';

export const tabs: readonly { id: TabId; label: string; path: string }[] = [
  { id: 'discover', label: 'Discover', path: '/discover' },
  { id: 'network', label: 'Network', path: '/network' },
  { id: 'chat', label: 'Chat', path: '/chat' },
  { id: 'settings', label: 'Settings', path: '/settings' },
  { id: 'profile', label: 'Profile', path: '/profile' },
];

/**
 * The bar belongs to the five tab screens only: it is hidden on /profile/photo, chat detail
 * paths, sign-in, onboarding, legal and invite pages.
 */
export function isTabBarVisible(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return tabs.some((tab) => tab.path === path);
}

/** The tab for a path (sub-paths belong to their tab), for aria-current. */
export function activeTab(pathname: string): TabId | null {
  return tabs.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`))?.id ?? null;
}

export type Badges = { pendingRequests?: number | undefined; unreadMessages?: number | undefined };

/** Badge texts per tab; a tab without a known count has no badge. */
export function tabBadges(badges: Badges | undefined): Partial<Record<TabId, string>> {
  const result: Partial<Record<TabId, string>> = {};
  const network = formatBadge(badges?.pendingRequests ?? 0, badgeCaps.requests);
  const chat = formatBadge(badges?.unreadMessages ?? 0, badgeCaps.unread);
  if (network) result.network = network;
  if (chat) result.chat = chat;
  return result;
}

/** Accessible name for a tab with a badge, e.g. "Chat, 99+ unread". */
export function tabAccessibleName(label: string, id: TabId, badge: string | undefined): string {
  if (!badge) return label;
  return id === 'network' ? `${label}, ${badge} pending requests` : `${label}, ${badge} unread`;
}
