import {
  chatMessages,
  clientEvents,
  errorCodes,
  errorMessages,
  MESSAGE_RATE_LIMIT,
  userRoom,
  type SendAck,
} from '@heartline/domain';
import { AppError } from '../../lib/errors.ts';
import { limitRule, type RateLimits } from '../../plugins/rate-limit.ts';
import { presenceRoom, type PresenceTracker } from '../../realtime/presence.ts';
import {
  allowClientEvent,
  type RealtimeServer,
  type RealtimeSocket,
} from '../../realtime/realtime.ts';
import type { ChatService } from './chat.service.ts';

const messageRule = limitRule('messages', MESSAGE_RATE_LIMIT, () => chatMessages.tooManyMessages);

/** Sends one socket may have waiting (an outbox flushing after a reconnect sends them in a row). */
const SENDS_QUEUED_MAX = 200;
/**
 * Sends one instance works on at once. Beyond, a send is refused at once with a retryable
 * error (the device's outbox retries with back-off) instead of queueing for a database
 * connection until it times out: under overload, throughput degrades instead of collapsing.
 * Sends are group-committed (chat.batch.ts: two batches of up to 256 at once), so this is
 * about two batches' worth waiting behind the two being committed.
 */
const SENDS_IN_FLIGHT_MAX = 1024;

type Refusal = { ok: false; error: string; message: string; final: boolean };

/**
 * What a failed send answers. A refusal that can never succeed (not found, not allowed, bad
 * input, a reused client id) is final: the client drops the message and gives the text back.
 * Anything else (too fast, the database away) is worth retrying with the same client id.
 */
function refusal(err: unknown): Refusal {
  if (err instanceof AppError) {
    const final = err.statusCode < 500 && err.code !== errorCodes.rateLimited;
    return { ok: false, error: err.code, message: err.message, final };
  }
  return {
    ok: false,
    error: errorCodes.unavailable,
    message: chatMessages.sendFailed,
    final: false,
  };
}

const invalid = (message: string): Refusal => ({
  ok: false,
  error: errorCodes.validation,
  message,
  final: true,
});

/**
 * The chat's socket events (docs/API-chat.md): sending, delivery receipts, typing and presence
 * watching. Each is checked against the interaction policy on every call, so a block or a
 * disconnect stops an open socket at once.
 */
export function registerChatSocket(
  io: RealtimeServer,
  deps: {
    chat: ChatService;
    limits: RateLimits;
    presence: PresenceTracker;
    /** Whether the person hides their online status: they see nobody's either (spec/3 §2). */
    hidesOnline: (userId: string) => Promise<boolean>;
  },
) {
  const { chat } = deps;
  let inFlight = 0;

  io.on('connection', (socket: RealtimeSocket) => {
    const { userId } = socket.data;
    // One socket's sends are stored one after another, in the order they arrived.
    let sending: Promise<unknown> = Promise.resolve();
    let queued = 0;
    let watched: string[] = [];

    const active = () =>
      void deps.presence.seen(userId, true).then(
        (presence) => {
          if (presence) io.to(presenceRoom(userId)).emit('presence', presence);
        },
        () => undefined,
      );

    socket.on('message.send', (payload, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = clientEvents['message.send'].safeParse(payload);
      if (!parsed.success) {
        return ack(invalid(parsed.error.issues[0]?.message ?? errorMessages.badRequest));
      }
      if (queued >= SENDS_QUEUED_MAX) {
        return ack({
          ok: false,
          error: errorCodes.rateLimited,
          message: chatMessages.tooManyMessages,
          final: false,
        });
      }
      if (inFlight >= SENDS_IN_FLIGHT_MAX) return ack(refusal(new Error('overloaded')));
      queued++;
      inFlight++;
      const run = async (): Promise<SendAck> => {
        await deps.limits.consume(messageRule, userId);
        const message = await chat.send(userId, parsed.data);
        active();
        return { ok: true, message };
      };
      sending = sending
        .then(run)
        .then(ack, (err: unknown) => ack(refusal(err)))
        .finally(() => {
          queued--;
          inFlight--;
        });
    });

    socket.on('chat.delivered', (payload, ack) => {
      if (typeof ack !== 'function') return;
      if (!allowClientEvent(socket)) return ack({ ok: false, error: errorCodes.rateLimited });
      const parsed = clientEvents['chat.delivered'].safeParse(payload);
      if (!parsed.success) return ack({ ok: false, error: errorCodes.validation });
      chat.advance(userId, parsed.data.chatId, { delivered: parsed.data.seq }).then(
        () => ack({ ok: true, at: Date.now() }),
        (err: unknown) => ack({ ok: false, error: refusal(err).error }),
      );
    });

    socket.on('chat.typing', (payload, ack) => {
      if (typeof ack !== 'function') return;
      if (!allowClientEvent(socket)) return ack({ ok: false, error: errorCodes.rateLimited });
      const parsed = clientEvents['chat.typing'].safeParse(payload);
      if (!parsed.success) return ack({ ok: false, error: errorCodes.validation });
      const { chatId, isTyping } = parsed.data;
      chat.typingTarget(userId, chatId).then(
        ({ otherId, userName, typing }) => {
          // Never stored: a typing signal that misses someone loses nothing. With typing
          // indicators off on either side, none passes between the two.
          if (typing)
            io.to(userRoom(otherId)).emit('typing', { chatId, userId, userName, isTyping });
          if (isTyping) active();
          ack({ ok: true, at: Date.now() });
        },
        (err: unknown) => ack({ ok: false, error: refusal(err).error }),
      );
    });

    socket.on('presence.watch', (payload, ack) => {
      if (typeof ack !== 'function') return;
      if (!allowClientEvent(socket)) return ack({ ok: false, error: errorCodes.rateLimited });
      const parsed = clientEvents['presence.watch'].safeParse(payload);
      if (!parsed.success) return ack({ ok: false, error: errorCodes.validation });
      const wanted = [...new Set(parsed.data.userIds)];
      deps
        .hidesOnline(userId)
        .then((hides) => (hides ? [] : chat.watchable(userId, wanted)))
        .then(async (ids) => {
          for (const id of watched) if (!ids.includes(id)) void socket.leave(presenceRoom(id));
          watched = ids;
          await socket.join(ids.map(presenceRoom));
          ack({ ok: true, presence: await deps.presence.read(ids) });
        })
        .catch(() => ack({ ok: false, error: errorCodes.unavailable }));
    });
  });
}
