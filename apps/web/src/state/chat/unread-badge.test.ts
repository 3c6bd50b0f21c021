import { describe, expect, it } from 'vitest';
import { tabBadges } from '../../lib/tab-bar.ts';
import { chatBadgeCount, nextLocalUnread, unreadEvents } from './unread-badge.ts';

describe('chat unread badge (spec/3 §4)', () => {
  it('counts up on a new message, down on a read one (never below 0), and resets on refresh', () => {
    let count = 0;
    count = nextLocalUnread(count, unreadEvents.arrived);
    count = nextLocalUnread(count, unreadEvents.arrived);
    expect(count).toBe(2);
    count = nextLocalUnread(count, unreadEvents.read);
    expect(count).toBe(1);
    count = nextLocalUnread(count, unreadEvents.read);
    count = nextLocalUnread(count, unreadEvents.read);
    expect(count).toBe(0);
    count = nextLocalUnread(nextLocalUnread(count, unreadEvents.arrived), unreadEvents.refresh);
    expect(count).toBe(0);
  });

  it('uses the window event names of spec/3 §7', () => {
    expect(Object.values(unreadEvents).sort()).toEqual([
      'force-notification-refresh',
      'message-marked-read',
      'new-message-sent',
    ]);
  });

  it('shows the larger of the server total and the local counter, 99+ above 99', () => {
    expect(chatBadgeCount(3, 1)).toBe(3);
    expect(chatBadgeCount(1, 4)).toBe(4);
    expect(chatBadgeCount(undefined, 2)).toBe(2);
    expect(chatBadgeCount(undefined, 0)).toBe(0);
    expect(tabBadges({ unreadMessages: chatBadgeCount(99, 0) }).chat).toBe('99');
    expect(tabBadges({ unreadMessages: chatBadgeCount(100, 5) }).chat).toBe('99+');
    expect(tabBadges({ unreadMessages: chatBadgeCount(0, 0) }).chat).toBeUndefined();
  });
});
