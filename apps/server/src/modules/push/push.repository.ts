import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { storedAppKey } from '../../db/app-keys.ts';
import type { Db, Trx } from '../../db/database.ts';

export type StoredSubscription = {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

export type VapidKeys = { publicKey: string; privateKey: string };

/** Push subscriptions (one per device, bound to its session) and the server's VAPID keys. */
export function createPushRepository(db: Db) {
  return {
    /** The stored VAPID keys, or the ones given if none are stored yet (first start wins). */
    vapidKeys: (made: () => VapidKeys): Promise<VapidKeys> => storedAppKey(db, 'vapid', made),

    /** This device's subscription, now for this session (a device changes hands on sign-in). */
    async save(sub: {
      userId: string;
      sessionHash: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    }): Promise<void> {
      await db
        .insertInto('pushSubscriptions')
        .values({ id: uuidv7(), ...sub })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            userId: sub.userId,
            sessionHash: sub.sessionHash,
            p256dh: sub.p256dh,
            auth: sub.auth,
          }),
        )
        .execute();
    },

    async remove(userId: string, endpoint: string): Promise<void> {
      await db
        .deleteFrom('pushSubscriptions')
        .where('userId', '=', userId)
        .where('endpoint', '=', endpoint)
        .execute();
    },

    async removeById(id: string): Promise<void> {
      await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute();
    },

    async byId(id: string): Promise<StoredSubscription | undefined> {
      return db
        .selectFrom('pushSubscriptions')
        .select(['id', 'userId', 'endpoint', 'p256dh', 'auth'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The devices of each of `userIds` that has any: one query for a dispatcher pass, with the
     * ids as one array parameter (an `in (...)` list of up to 200 parameters was planned anew
     * for each pass, at a cost that outweighed the queries it saved).
     */
    async idsOfMany(
      userIds: readonly string[],
      trx: Trx | Db = db,
    ): Promise<Map<string, string[]>> {
      const byUser = new Map<string, string[]>();
      if (userIds.length === 0) return byUser;
      const rows = await trx
        .selectFrom('pushSubscriptions')
        .select(['id', 'userId'])
        .where(sql<boolean>`user_id = any(${[...userIds]}::uuid[])`)
        .execute();
      for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.id]);
      return byUser;
    },

    /** For a message notification: the sender's name and whether the recipient muted the chat. */
    async messageContext(
      trx: Trx | Db,
      recipientId: string,
      chatId: string,
      senderId: string,
    ): Promise<{ name: string | null; muted: boolean } | undefined> {
      const { rows } = await sql<{ muted: boolean; name: string | null }>`
        select m.muted, (select u.name from users u where u.id = ${senderId}) as name
          from chat_members m
         where m.chat_id = ${chatId} and m.user_id = ${recipientId}`.execute(trx);
      const row = rows[0];
      return row && { name: row.name, muted: row.muted };
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
