import { describe, expect, it } from 'vitest';
import { activeTab, isTabBarVisible, tabAccessibleName, tabBadges } from './tab-bar.ts';

describe('tab bar visibility', () => {
  it('shows on the five tab screens', () => {
    for (const p of ['/discover', '/network', '/chat', '/settings', '/profile', '/profile/']) {
      expect(isTabBarVisible(p)).toBe(true);
    }
  });

  it('hides on photo upload, chat detail, sign-in, onboarding and public pages', () => {
    for (const p of [
      '/profile/photo',
      '/chat/123',
      '/auth',
      '/onboarding',
      '/terms',
      '/privacy',
      '/invite/x',
      '/',
    ]) {
      expect(isTabBarVisible(p)).toBe(false);
    }
  });

  it('marks the tab of sub-paths as current', () => {
    expect(activeTab('/chat/123')).toBe('chat');
    expect(activeTab('/profile/photo')).toBe('profile');
    expect(activeTab('/chatter')).toBeNull();
  });
});

describe('tab badges', () => {
  it('shows no badge without a known count or at zero', () => {
    expect(tabBadges(undefined)).toEqual({});
    expect(tabBadges({ pendingRequests: 0, unreadMessages: 0 })).toEqual({});
  });

  it('caps requests at 9+ and unread at 99+', () => {
    expect(tabBadges({ pendingRequests: 9, unreadMessages: 99 })).toEqual({
      network: '9',
      chat: '99',
    });
    expect(tabBadges({ pendingRequests: 10, unreadMessages: 100 })).toEqual({
      network: '9+',
      chat: '99+',
    });
  });

  it('names badges for screen readers', () => {
    expect(tabAccessibleName('Chat', 'chat', '99+')).toBe('Chat, 99+ unread');
    expect(tabAccessibleName('Network', 'network', '3')).toBe('Network, 3 pending requests');
    expect(tabAccessibleName('Profile', 'profile', undefined)).toBe('Profile');
  });
});
