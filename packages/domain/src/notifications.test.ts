import { describe, expect, it } from 'vitest';
import type { MessageView } from './chat.ts';
import {
  cutBody,
  notificationFor,
  typingNotification,
  type NotificationContext,
} from './notifications.ts';
import type { StreamEvent } from './realtime-events.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

const ME = '0190d6a0-0000-7000-8000-00000000000a';
const BOB = '0190d6a0-0000-7000-8000-00000000000b';
const CHAT = '0190d6a0-0000-7000-8000-0000000000c1';

const testMessage = (seq: number, senderId: string | null, patch: Partial<MessageView> = {}) =>
  ({
    id: `0190d6a0-0000-7000-8000-${String(100 + seq).padStart(12, '0')}`,
    chatId: CHAT,
    seq,
    clientId: null,
    senderId,
    content: `m${seq}`,
    createdAt: '2026-01-01T12:00:00.000Z',
    readAt: null,
    ...patch,
  }) satisfies MessageView;

const event = (type: StreamEvent['type'], payload: unknown) =>
  ({ stream: `user:${ME}`, seq: 1, type, payload, createdAt: '' }) as unknown as StreamEvent;

function context(patch: Partial<NotificationContext> = {}): NotificationContext {
  return {
    userId: ME,
    notifications: DEFAULT_SETTINGS.notifications,
    chat: (chatId) => (chatId === CHAT ? { name: 'Bob Bakker', muted: false } : undefined),
    ...patch,
  };
}

const request = (direction: 'incoming' | 'outgoing') => ({
  id: '0190d6a0-0000-7000-8000-0000000000d1',
  kind: 'connect',
  direction,
  user: { userId: BOB, name: 'Bob Bakker', avatar: '/media/bob.webp' },
});

describe('notificationFor (spec/3 §4)', () => {
  it("names the sender and cuts a message's body at 100 characters, closing after 5 s", () => {
    const long = 'x'.repeat(120);
    const spec = notificationFor(
      event('message.created', { message: testMessage(3, BOB, { content: long }) }),
      context(),
    );
    expect(spec).toEqual({
      title: 'Bob Bakker',
      body: `${'x'.repeat(100)}…`,
      tag: `chat:${CHAT}`,
      url: `/chat/${CHAT}`,
      closeAfterMs: 5000,
    });
    expect(cutBody('  short\n\ntext ')).toBe('short text');
  });

  it('stays quiet for my own messages, the greeting, a muted chat and messages turned off', () => {
    const from = (sender: string | null) =>
      event('message.created', { message: testMessage(4, sender) });
    expect(notificationFor(from(ME), context())).toBeNull();
    expect(notificationFor(from(null), context())).toBeNull();
    expect(
      notificationFor(from(BOB), context({ chat: () => ({ name: 'Bob', muted: true }) })),
    ).toBeNull();
    const off = { ...DEFAULT_SETTINGS.notifications, messages: false };
    expect(notificationFor(from(BOB), context({ notifications: off }))).toBeNull();
  });

  it('keeps a connection request until acted on and opens the requests tab', () => {
    const spec = notificationFor(
      event('request.created', { request: request('incoming') }),
      context(),
    );
    expect(spec).toMatchObject({
      title: 'Friend Request',
      body: 'Bob Bakker',
      url: '/network?tab=requests',
      icon: '/media/bob.webp',
    });
    expect(spec?.closeAfterMs).toBeUndefined();
    expect(
      notificationFor(event('request.created', { request: request('outgoing') }), context()),
    ).toBeNull();
    const off = { ...DEFAULT_SETTINGS.notifications, connectionRequests: false };
    expect(
      notificationFor(
        event('request.created', { request: request('incoming') }),
        context({ notifications: off }),
      ),
    ).toBeNull();
  });

  it('opens the network for an approval, and the match chat for a match', () => {
    const approval = notificationFor(
      event('request.approved', {
        request: request('outgoing'),
        requesterId: ME,
        approverName: 'Bob Bakker',
        approverPhoto: null,
        message: 'Bob Bakker approved your request',
      }),
      context(),
    );
    expect(approval).toMatchObject({ title: 'Connection Approved! 🎉', url: '/network' });
    const match = notificationFor(
      event('match.created', {
        match: { id: CHAT, chatId: CHAT, userId: BOB, name: 'Bob Bakker', avatar: null },
      }),
      context(),
    );
    expect(match).toMatchObject({ title: 'New Match!', url: `/chat/${CHAT}` });
    const off = { ...DEFAULT_SETTINGS.notifications, newMatches: false };
    expect(
      notificationFor(
        event('match.created', {
          match: { id: CHAT, chatId: CHAT, userId: BOB, name: 'Bob', avatar: null },
        }),
        context({ notifications: off }),
      ),
    ).toBeNull();
  });

  it('shows on the lock screen only what the person chose: the sender, or nothing', () => {
    const message = event('message.created', {
      message: testMessage(5, BOB, { content: 'secret plans' }),
    });
    const as = (preview: 'sender' | 'none') =>
      notificationFor(
        message,
        context({ notifications: { ...DEFAULT_SETTINGS.notifications, preview } }),
      );
    expect(as('sender')).toMatchObject({ title: 'Bob Bakker', body: 'New message' });
    expect(as('none')).toMatchObject({ title: 'New message', body: '' });
    const signal = { chatId: CHAT, userId: BOB, userName: 'Bob Bakker', isTyping: true };
    const none = { ...DEFAULT_SETTINGS.notifications, preview: 'none' as const };
    expect(typingNotification(signal, context({ notifications: none }))).toBeNull();
  });

  it('shows typing for 2 s, never a stop or my own', () => {
    const signal = { chatId: CHAT, userId: BOB, userName: 'Bob Bakker', isTyping: true };
    expect(typingNotification(signal, context())).toMatchObject({
      title: 'Bob Bakker',
      body: 'typing...',
      closeAfterMs: 2000,
    });
    expect(typingNotification({ ...signal, isTyping: false }, context())).toBeNull();
    expect(typingNotification({ ...signal, userId: ME }, context())).toBeNull();
  });
});
