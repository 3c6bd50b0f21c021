import type { ComponentType } from 'react';
import { Link, useLocation } from '../app/navigation.tsx';
import { activeTab, tabAccessibleName, tabBadges, tabs, type TabId } from '../lib/tab-bar.ts';
import { useChatUnreadCount } from '../state/chat/use-unread-badge.ts';
import { useBadgesQuery } from '../state/queries/badges.ts';
import { usePendingRequestsBadge } from '../state/queries/network.ts';
import { ChatIcon, CompassIcon, PeopleIcon, ProfileIcon, SettingsIcon } from './Icons.tsx';

const icons: Record<TabId, ComponentType<{ size?: number }>> = {
  discover: CompassIcon,
  network: PeopleIcon,
  chat: ChatIcon,
  settings: SettingsIcon,
  profile: ProfileIcon,
};

export function TabBar() {
  const { pathname } = useLocation();
  const { data } = useBadgesQuery();
  usePendingRequestsBadge();
  const unreadMessages = useChatUnreadCount(data?.unreadMessages);
  const badges = tabBadges({ ...data, unreadMessages });
  const current = activeTab(pathname);

  return (
    <nav className="tab-bar" aria-label="Main">
      <ul className="tab-bar__list">
        {tabs.map((tab) => {
          const Icon = icons[tab.id];
          const badge = badges[tab.id];
          return (
            <li key={tab.id}>
              <Link
                to={tab.path}
                className="tab-bar__link"
                aria-current={current === tab.id ? 'page' : undefined}
                aria-label={tabAccessibleName(tab.label, tab.id, badge)}
              >
                <span className="tab-bar__icon">
                  <Icon size={24} />
                  {badge && (
                    <span className="tab-bar__badge" aria-hidden="true">
                      {badge}
                    </span>
                  )}
                </span>
                <span className="tab-bar__label" aria-hidden="true">
                  {tab.label}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
