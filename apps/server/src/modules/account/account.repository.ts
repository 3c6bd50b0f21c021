import { sql } from 'kysely';
import { OPEN_REQUEST_STATUSES, userRoom } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';

type Other = { id: string; seq: number };

/**
 * SQL of the account rights: everything stored about one person, read for the export, and
 * the parts of the erasure that need more than the foreign keys' cascades (docs/API-account.md).
 */
export function createAccountRepository(db: Db) {
  return {
    /** Accounts with no OpenID identity (never verified) not active since `before`, oldest first. */
    async inactiveUnverified(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users as u')
        .select('u.id')
        .where('u.lastActiveAt', '<', before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('oauthIdentities as i')
                .select('i.userId')
                .whereRef('i.userId', '=', 'u.id'),
            ),
          ),
        )
        .orderBy('u.lastActiveAt')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    // -----------------------------------------------------------------------------------------
    // Export: each query reads one kind of the person's data, and of others only what the
    // person already sees in the app (a friend's name, the chat they share).
    // -----------------------------------------------------------------------------------------

    user(userId: string) {
      return db
        .selectFrom('users')
        .select([
          'id',
          'seq',
          'email',
          'name',
          'dob',
          'gender',
          'interestedIn',
          'bio',
          'location',
          'datingGoal',
          'interests',
          'prompts',
          'photoUrl',
          'avatarUrl',
          'accountStatus',
          'trustScore',
          'friendCount',
          'secondDegreeCount',
          'showInPaths',
          'createdAt',
          'updatedAt',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    identities(userId: string) {
      return db
        .selectFrom('oauthIdentities')
        .select(['provider', 'subject', 'email', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
    },

    /** The password sign-in's address and date; never the hash. */
    passwordCredential(userId: string) {
      return db
        .selectFrom('passwordCredentials')
        .select(['email', 'createdAt'])
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    onboarding(userId: string) {
      return db
        .selectFrom('userOnboardingStatus')
        .select([
          'onboardingCompleted',
          'completionDate',
          'profileStepCompleted',
          'photoStepCompleted',
          'preferencesStepCompleted',
          'updatedAt',
        ])
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    photos(userId: string) {
      return db
        .selectFrom('photos')
        .select([
          'id',
          'mainKey',
          'avatarKeys',
          'width',
          'height',
          'position',
          'createdAt',
          'replacedAt',
        ])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
    },

    friends(seq: number) {
      return db
        .selectFrom('friendships as f')
        .innerJoin('users as u', (j) =>
          j.on((eb) =>
            eb.or([
              eb.and([eb('f.userLow', '=', seq), eb('u.seq', '=', eb.ref('f.userHigh'))]),
              eb.and([eb('f.userHigh', '=', seq), eb('u.seq', '=', eb.ref('f.userLow'))]),
            ]),
          ),
        )
        .select(['u.id', 'u.name', 'f.createdAt'])
        .orderBy('f.createdAt')
        .execute();
    },

    favorites(seq: number) {
      return db
        .selectFrom('favorites as f')
        .innerJoin('users as u', 'u.seq', 'f.favoriteSeq')
        .select(['u.id', 'u.name', 'f.createdAt'])
        .where('f.userSeq', '=', seq)
        .orderBy('f.createdAt')
        .execute();
    },

    /** The person's own blocks (the block list shows these names); never who blocked them. */
    blocks(seq: number) {
      return db
        .selectFrom('blocks as b')
        .innerJoin('users as u', 'u.seq', 'b.blockedSeq')
        .select(['u.id', 'u.name', 'b.createdAt'])
        .where('b.blockerSeq', '=', seq)
        .orderBy('b.createdAt')
        .execute();
    },

    /**
     * Who blocked the person, and when: to them these people do not exist (access.policy.ts),
     * so the export names them nowhere. Used to hide, never exported itself.
     */
    async blockedBy(seq: number): Promise<Map<string, Date>> {
      const rows = await db
        .selectFrom('blocks as b')
        .innerJoin('users as u', 'u.seq', 'b.blockerSeq')
        .select(['u.id', 'b.createdAt'])
        .where('b.blockedSeq', '=', seq)
        .execute();
      return new Map(rows.map((r) => [r.id, new Date(r.createdAt)]));
    },

    requests(userId: string) {
      return db
        .selectFrom('connectionRequests as r')
        .innerJoin('users as u', (j) =>
          j.on((eb) =>
            eb.or([
              eb.and([eb('r.fromUserId', '=', userId), eb('u.id', '=', eb.ref('r.toUserId'))]),
              eb.and([eb('r.toUserId', '=', userId), eb('u.id', '=', eb.ref('r.fromUserId'))]),
            ]),
          ),
        )
        .select([
          'r.id',
          'r.kind',
          'r.fromUserId',
          'u.id as otherId',
          'r.status',
          'r.createdAt',
          'r.decidedAt',
        ])
        .orderBy('r.createdAt')
        .execute();
    },

    invitations(userId: string) {
      return db
        .selectFrom('invitations')
        .select([
          'code',
          'message',
          'maxUses',
          'currentUses',
          'expiresAt',
          'isActive',
          'isDefault',
          'createdAt',
        ])
        .where('creatorId', '=', userId)
        .orderBy('createdAt')
        .execute();
    },

    /** Reports the person made (never the ones made about them). */
    reports(userId: string) {
      return db
        .selectFrom('reports')
        .select([
          'reportedId',
          'reason',
          'context',
          'details',
          'reportCount',
          'createdAt',
          'updatedAt',
        ])
        .where('reporterId', '=', userId)
        .where('reportedId', 'is not', null)
        .$narrowType<{ reportedId: string }>()
        .orderBy('createdAt')
        .execute();
    },

    /** What the person did in Discover (never what others did with them). */
    swipes(seq: number) {
      return db
        .selectFrom('swipes as s')
        .innerJoin('users as u', 'u.seq', 's.targetSeq')
        .select(['u.id', 's.action', 's.createdAt'])
        .where('s.userSeq', '=', seq)
        .orderBy('s.createdAt')
        .execute();
    },

    /**
     * Matches the person knew of: those that became active (and maybe ended since). A pending
     * match says who liked first and is never shown to the other, so it is not exported (the
     * person's own likes are, with the swipes).
     */
    matches(seq: number) {
      return db
        .selectFrom('matches as m')
        .innerJoin('users as u', (j) =>
          j.on((eb) =>
            eb.or([
              eb.and([eb('m.userLow', '=', seq), eb('u.seq', '=', eb.ref('m.userHigh'))]),
              eb.and([eb('m.userHigh', '=', seq), eb('u.seq', '=', eb.ref('m.userLow'))]),
            ]),
          ),
        )
        .select(['m.id', 'u.id as otherId', 'm.status', 'm.matchedAt'])
        .where('m.matchedAt', 'is not', null)
        .orderBy('m.matchedAt')
        .execute();
    },

    /** The person's chats: their own member row and the chat (the other person by id only). */
    chats(userId: string) {
      return db
        .selectFrom('chatMembers as me')
        .innerJoin('chats as c', 'c.id', 'me.chatId')
        .leftJoin('chatMembers as o', (j) =>
          j.onRef('o.chatId', '=', 'c.id').on('o.userId', '<>', userId),
        )
        .select([
          'c.id',
          'c.kind',
          'c.createdAt',
          'o.userId as otherId',
          'me.readSeq',
          'me.deliveredSeq',
          'me.muted',
        ])
        .where('me.userId', '=', userId)
        .orderBy('c.createdAt')
        .execute();
    },

    messagesOf(chatIds: readonly string[]) {
      if (chatIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('messages')
        .select(['chatId', 'seq', 'kind', 'senderId', 'content', 'createdAt', 'readAt'])
        .where('chatId', 'in', chatIds)
        .orderBy('chatId')
        .orderBy('seq')
        .execute();
    },

    sessions(userId: string) {
      return db
        .selectFrom('sessions')
        .select(['tokenHash', 'createdAt', 'lastSeenAt', 'idleExpiresAt', 'expiresAt', 'userAgent'])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
    },

    // -----------------------------------------------------------------------------------------
    // Erasure, inside the deletion's transaction (behind the graph lock). The user row's
    // delete cascades to identities, password, sessions, onboarding, settings, photos,
    // friendships, favorites, blocks, swipes, matches, requests, invitations, reports (made
    // and received, with their evidence) and chat memberships; these read what the others
    // must be told first, and erase what the cascades keep.
    // -----------------------------------------------------------------------------------------

    /** Locks the person's row: two deletions of one account run one after the other. */
    async lock(trx: Trx, userId: string): Promise<{ id: string; seq: number } | undefined> {
      const row = await trx
        .selectFrom('users')
        .select(['id', 'seq'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return row;
    },

    async friendsOf(trx: Trx, seq: number): Promise<Other[]> {
      const { rows } = await sql<Other>`
        select u.id, u.seq from friendships f
          join users u on u.seq = case when f.user_low = ${seq} then f.user_high else f.user_low end
         where f.user_low = ${seq} or f.user_high = ${seq}`.execute(trx);
      return rows;
    },

    /** Those who favorited the person (their favorites count drops). */
    async favoritedBy(trx: Trx, seq: number): Promise<number[]> {
      const rows = await trx
        .selectFrom('favorites')
        .select('userSeq')
        .where('favoriteSeq', '=', seq)
        .execute();
      return rows.map((r) => r.userSeq);
    },

    /** The other side of each active match (it ends for them). */
    async activeMatches(trx: Trx, seq: number): Promise<Other[]> {
      const { rows } = await sql<Other>`
        select u.id, u.seq from matches m
          join users u on u.seq = case when m.user_low = ${seq} then m.user_high else m.user_low end
         where (m.user_low = ${seq} or m.user_high = ${seq}) and m.status = 'active'`.execute(trx);
      return rows;
    },

    /** Deletes the person's open requests, both ways; answers them with the other's seq. */
    async deleteOpenRequests(trx: Trx, userId: string) {
      const { rows } = await sql<{
        id: string;
        fromUserId: string;
        toUserId: string;
        otherSeq: number;
      }>`
        delete from connection_requests r
         using users o
         where r.status = any(${[...OPEN_REQUEST_STATUSES]}::text[])
           and (r.from_user_id = ${userId} or r.to_user_id = ${userId})
           and o.id = case when r.from_user_id = ${userId} then r.to_user_id else r.from_user_id end
        returning r.id, r.from_user_id as "fromUserId", r.to_user_id as "toUserId",
                  o.seq as "otherSeq"`.execute(trx);
      return rows;
    },

    /**
     * The person's chats the other keeps: the other is still there and a text was written.
     * The rest (no one left, or nothing but a greeting) are deleted with their messages.
     */
    async settleChats(trx: Trx, userId: string): Promise<{ chatId: string; otherId: string }[]> {
      const { rows } = await sql<{ chatId: string; otherId: string | null; texts: boolean }>`
        select me.chat_id as "chatId", o.user_id as "otherId",
               exists (select 1 from messages x where x.chat_id = me.chat_id and x.kind = 'text')
                 as texts
          from chat_members me
          left join chat_members o on o.chat_id = me.chat_id and o.user_id <> me.user_id
         where me.user_id = ${userId}
         for update of me`.execute(trx);
      const gone = rows.filter((r) => r.otherId === null || !r.texts).map((r) => r.chatId);
      if (gone.length > 0) await trx.deleteFrom('chats').where('id', 'in', gone).execute();
      // The one left keeps their ticks: how far this person had received, and read where their
      // read receipts were on (what the other saw of it before).
      await sql`
        update chats c
           set departed_delivered_seq = m.delivered_seq,
               departed_read_seq = case when coalesce(s.read_receipts, true) then m.read_seq else 0 end
          from chat_members m
          left join user_settings s on s.user_id = m.user_id
         where m.chat_id = c.id and m.user_id = ${userId}`.execute(trx);
      // Their messages stay in the other's chat without a sender ('Unknown User').
      await trx
        .updateTable('messages')
        .set({ senderId: null, clientId: null })
        .where('senderId', '=', userId)
        .execute();
      return rows
        .filter((r) => r.otherId !== null && r.texts)
        .map((r) => ({ chatId: r.chatId, otherId: r.otherId! }));
    },

    /** The files of every photo of the person (current and replaced). */
    async photoFiles(trx: Trx, userId: string) {
      const rows = await trx
        .selectFrom('photos')
        .select(['id', 'mainKey', 'avatarKeys'])
        .where('userId', '=', userId)
        .execute();
      if (rows.length > 0) {
        // Their cleanup jobs would find nothing: they go with the rows.
        await trx
          .deleteFrom('jobs')
          .where('kind', '=', 'photo.cleanup')
          .where(
            sql<string>`payload->>'photoId'`,
            'in',
            rows.map((r) => r.id),
          )
          .execute();
      }
      return rows.map((r) => ({ mainKey: r.mainKey, avatarKeys: r.avatarKeys }));
    },

    async sessionHashes(trx: Trx, userId: string): Promise<string[]> {
      const rows = await trx
        .selectFrom('sessions')
        .select('tokenHash')
        .where('userId', '=', userId)
        .execute();
      return rows.map((r) => r.tokenHash);
    },

    /**
     * Erases the events about the person: their own streams (and the stream rows), and in
     * others' streams every event they caused or that names them (a match's name and photo,
     * a request's sender). A client that resumes over the hole refetches instead (realtime.ts).
     */
    async eraseEvents(trx: Trx, userId: string, ownStreams: readonly string[]): Promise<void> {
      const streams = [userRoom(userId), ...ownStreams];
      await trx
        .deleteFrom('events')
        .where((eb) =>
          eb.or([
            eb('stream', 'in', streams),
            eb('actorId', '=', userId),
            eb(sql<string>`payload::text`, 'like', `%${userId}%`),
          ]),
        )
        .execute();
      await trx.deleteFrom('eventStreams').where('stream', '=', userRoom(userId)).execute();
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
