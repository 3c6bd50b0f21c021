import { chatMessages, type MessageView } from '@heartline/domain';
import type { Query, QueryClient } from '@tanstack/react-query';
import { createListeners } from '../../lib/listeners.ts';
import { realtimeClient } from '../realtime/socket-client.ts';
import { realtimeStore } from '../realtime/realtime-store.ts';
import { activeChatId } from './active-chat.ts';
import { storeMessage } from './chat-cache.ts';
import type { ChatRouterHooks } from './chat-events.ts';
import { DeliveredAcks, heldPositions } from './delivered-acks.ts';
import { liveStore } from './live-store.ts';
import { Outbox, type OutboxSnapshot } from './outbox.ts';
import { indexedDbOutboxStore } from './outbox-store.ts';
import { announceUnread, announceUnreadRefreshed } from './unread-badge.ts';

const EMPTY: OutboxSnapshot = { entries: [], sending: null };

/**
 * Chat's part of the signed-in page: the user's outbox on the realtime connection, delivered
 * acknowledgements, live typing and presence, and texts given back by refused sends. One per
 * page, started for the signed-in user by the realtime bridge.
 */
class ChatRuntime {
  private userId: string | null = null;
  private outbox: Outbox | null = null;
  private queryClient: QueryClient | null = null;
  private notify: (message: string) => void = () => undefined;
  private stops: (() => void)[] = [];
  private readonly listeners = createListeners();
  private snapshot: OutboxSnapshot = EMPTY;
  private readonly delivered = new DeliveredAcks((chatId, seq) =>
    realtimeClient.delivered(chatId, seq),
  );
  /** Per chat: text of messages the server refused, for its input (spec/3 §4). */
  private readonly returned = new Map<string, string>();
  private returnedVersion = 0;

  getSnapshot = (): OutboxSnapshot => this.snapshot;
  getReturnedVersion = (): number => this.returnedVersion;

  readonly subscribe = this.listeners.subscribe;

  start(userId: string, queryClient: QueryClient, notify: (message: string) => void): void {
    this.queryClient = queryClient;
    this.notify = notify;
    if (this.userId === userId && this.outbox) return;
    this.stop();
    this.userId = userId;
    const outbox = new Outbox({
      userId,
      store: indexedDbOutboxStore,
      send: (entry) =>
        realtimeClient.send({
          chatId: entry.chatId,
          clientId: entry.clientId,
          content: entry.content,
        }),
      isConnected: () => realtimeStore.getSnapshot().status === 'online',
      onStored: (_entry, message) => {
        if (this.queryClient && this.userId === userId) {
          storeMessage(this.queryClient, userId, message, { active: true });
        }
      },
      onDropped: (entry, reason) => {
        const before = this.returned.get(entry.chatId);
        this.returned.set(entry.chatId, before ? `${before}\n${entry.content}` : entry.content);
        this.returnedVersion += 1;
        this.listeners.emit();
        this.notify(reason.message || chatMessages.sendFailed);
      },
    });
    this.outbox = outbox;

    let online = realtimeStore.getSnapshot().status === 'online';
    this.stops = [
      outbox.subscribe(() => {
        this.snapshot = outbox.getSnapshot();
        this.listeners.emit();
      }),
      realtimeStore.subscribe(() => {
        const now = realtimeStore.getSnapshot().status === 'online';
        if (now && !online) {
          outbox.connected();
          this.delivered.connected();
        }
        online = now;
      }),
      // Whatever path brought their messages to this device (the list, a chat, its pages, a
      // live or replayed event patched in), it acknowledges them as delivered (spec/3 §2).
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const { queryKey, state } = event.query as Query;
        for (const [chatId, seq] of heldPositions(queryKey, state.data, userId)) {
          this.delivered.received(chatId, seq);
        }
      }),
      realtimeClient.onTyping((signal) => {
        if (signal.userId !== userId) liveStore.typingSignal(signal);
      }),
      realtimeClient.onPresence((presence) => liveStore.presence(presence)),
    ];
    void outbox.load().catch(() => {
      // No IndexedDB (private mode): messages are kept in memory only.
    });
  }

  stop(): void {
    for (const stop of this.stops) stop();
    this.stops = [];
    this.outbox?.stop();
    this.outbox = null;
    this.userId = null;
    this.snapshot = EMPTY;
    this.returned.clear();
    this.delivered.reset();
    liveStore.reset();
    // The local unread counter was this person's.
    announceUnreadRefreshed();
    this.listeners.emit();
  }

  /** Writes a message to the outbox (shown at once as sending). False when nobody is signed in. */
  send(chatId: string, content: string): boolean {
    if (!this.outbox) return false;
    void this.outbox.enqueue(chatId, content);
    return true;
  }

  /** Takes the text given back for a chat, once. */
  takeReturned(chatId: string): string | null {
    const text = this.returned.get(chatId) ?? null;
    this.returned.delete(chatId);
    return text;
  }

  /** What the event router calls for chat events. */
  readonly routerHooks: ChatRouterHooks = {
    activeChatId,
    messageArrived: (message: MessageView, counted: boolean) => {
      if (message.senderId === this.userId) {
        this.outbox?.settle(message);
        return;
      }
      if (message.senderId) liveStore.messageFrom(message.chatId, message.senderId);
      this.delivered.received(message.chatId, message.seq);
      if (counted) announceUnread(1);
    },
    unreadChanged: (delta) => announceUnread(delta),
  };
}

export const chatRuntime = new ChatRuntime();
