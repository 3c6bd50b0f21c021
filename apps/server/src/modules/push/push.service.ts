import webpush from 'web-push';
import * as z from 'zod/mini';
import {
  chatMessages,
  notificationFor,
  type NotificationContext,
  type NotificationSpec,
  type PushSubscriptionInput,
  type Settings,
  type StreamEvent,
  userOfRoom,
} from '@heartline/domain';
import type { Trx } from '../../db/database.ts';
import type { PassDevices } from '../events/events.handlers.ts';
import { enqueueJob } from '../../jobs/jobs.repository.ts';
import type { PushRepository, VapidKeys } from './push.repository.ts';
import { PushEndpointRefusedError, type PushTransport } from './push.transport.ts';

export const PUSH_SEND_JOB = 'push.send';

/** How long a push service keeps a message for an offline device (a day: news goes stale). */
const PUSH_TTL_S = 24 * 60 * 60;

const jobSchema = z.object({
  subscriptionId: z.uuid(),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    tag: z.string(),
    url: z.string(),
    icon: z.optional(z.string()),
    closeAfterMs: z.optional(z.number()),
  }),
});

/** What one send got back from the push service. */
export type PushOutcome = 'sent' | 'gone' | 'refused';

/**
 * Web Push (issue 16): the dispatcher queues one job per device for an event the person wants to
 * hear about (their notification settings and chat mutes, decided by the same rules as the
 * browser's: `notificationFor`), and the job runner sends each through the push service, with
 * retries; a subscription the service reports gone (404/410) is removed.
 */
export function createPushService(deps: {
  repo: PushRepository;
  /** The person's settings, read in the sender's transaction. */
  settings: (userId: string, trx: Trx) => Promise<Settings>;
  keys: VapidKeys;
  /** The VAPID subject: a mailto: or https: URL the push services can reach us at. */
  subject: string;
  /** The only way requests leave for a push service (push.transport.ts). */
  transport: PushTransport;
  log: (message: string, err?: unknown) => void;
}) {
  const { repo } = deps;

  async function contextFor(
    trx: Trx,
    userId: string,
    event: StreamEvent,
  ): Promise<NotificationContext> {
    const settings = await deps.settings(userId, trx);
    let chat: { name: string; muted: boolean } | undefined;
    if (event.type === 'message.created' && event.payload.message.senderId) {
      const { chatId, senderId } = event.payload.message;
      const found = await repo.messageContext(trx, userId, chatId, senderId);
      if (found) chat = { name: found.name ?? chatMessages.unknownUser, muted: found.muted };
    }
    return { userId, notifications: settings.notifications, chat: () => chat };
  }

  return {
    publicKey: deps.keys.publicKey,

    /** This device's subscription, bound to the session that made it (docs/API-push.md). */
    subscribe: (userId: string, sessionHash: string, sub: PushSubscriptionInput) =>
      repo.save({
        userId,
        sessionHash,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
      }),

    unsubscribe: (userId: string, endpoint: string) => repo.remove(userId, endpoint),

    /**
     * The devices of the people a dispatcher pass delivers to, looked up once for the pass
     * (bench/chat: one lookup per message event was two queries per message at 2,000/s).
     */
    devicesOf: (userIds: readonly string[], trx: Trx) => repo.idsOfMany(userIds, trx),

    /**
     * In the dispatcher's transaction: the jobs commit exactly when the event counts delivered.
     * `devices`: the pass's lookup (`devicesOf`).
     */
    async queue(event: StreamEvent, trx: Trx, devices: PassDevices): Promise<void> {
      const userId = userOfRoom(event.stream);
      if (userId === undefined) return;
      const ids = devices.get(userId) ?? [];
      if (ids.length === 0) return;
      const spec = notificationFor(event, await contextFor(trx, userId, event));
      if (!spec) return;
      for (const subscriptionId of ids) {
        await enqueueJob(trx, {
          kind: PUSH_SEND_JOB,
          payload: { subscriptionId, notification: spec },
        });
      }
    },

    /** The job: one notification to one device. Throws to be retried (the service is down). */
    async send(payload: unknown): Promise<PushOutcome | undefined> {
      const job = jobSchema.safeParse(payload);
      if (!job.success) return undefined;
      const sub = await repo.byId(job.data.subscriptionId);
      if (!sub) return undefined;
      const outcome = await deliver(sub, job.data.notification);
      if (outcome === 'gone') await repo.removeById(sub.id);
      if (outcome === 'refused') deps.log('push refused by the push service');
      return outcome;
    },
  };

  async function deliver(
    sub: { endpoint: string; p256dh: string; auth: string },
    notification: NotificationSpec,
  ): Promise<PushOutcome> {
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(notification),
      {
        vapidDetails: { subject: deps.subject, ...deps.keys },
        contentEncoding: 'aes128gcm',
        TTL: PUSH_TTL_S,
        urgency: 'high',
      },
    );
    let status: number;
    try {
      status = await deps.transport({
        endpoint: request.endpoint,
        method: request.method,
        headers: request.headers,
        body: new Uint8Array(request.body),
      });
    } catch (err) {
      // Not a push service, or one that resolves inside our network: never tried again.
      if (err instanceof PushEndpointRefusedError) {
        deps.log('push endpoint refused', err);
        return 'gone';
      }
      throw err;
    }
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    // Too many, or the service is having trouble: the job runner tries again later.
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}`);
    // A redirect included: a push service does not send one, and it is not followed.
    return 'refused';
  }
}

export type PushService = ReturnType<typeof createPushService>;

/** New VAPID keys (the first start stores them: push-repository `vapidKeys`). */
export const makeVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();
