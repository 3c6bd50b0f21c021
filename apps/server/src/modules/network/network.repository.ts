import { OPEN_REQUEST_STATUSES } from '@heartline/domain';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { RunPrepared } from '../../db/prepared.ts';
import type { AccountState } from '../access/access.policy.ts';

export type PersonRow = {
  seq: number;
  id: string;
  name: string | null;
  bio: string;
  avatarUrl: string | null;
  /** Their account state: the interaction rule's input (access.policy.ts). */
  state: AccountState;
  friendsSince: Date | null;
};

export type UserRef = { id: string; seq: number; name: string | null; avatarUrl: string | null };

/** What a merged report keeps of everything said in it. */
const REPORT_DETAILS_MAX = 4000;

/** Requests waiting for their recipient (constants, never user input). */
const openStatusesSql = OPEN_REQUEST_STATUSES.map((status) => `'${status}'`).join(', ');

/** SQL the network screens read and the row actions write (favorites, reports, privacy). */
export function createNetworkRepository(db: Db, prepared: RunPrepared) {
  return {
    /** The signed-in user's seq with the two counts the summary needs, in one round trip. */
    async viewer(
      userId: string,
    ): Promise<{ seq: number; pending: number; favorites: number } | undefined> {
      const [row] = await prepared<{ seq: number; pending: number; favorites: number }>(
        'hl_network_viewer',
        `select u.seq::int as "seq",
                (select count(*) from connection_requests r
                  where r.to_user_id = u.id
                   and r.status in (${openStatusesSql}))::int as "pending",
                (select count(*) from favorites f where f.user_seq = u.seq)::int as "favorites"
         from users u where u.id = $1`,
        [userId],
      );
      return row;
    },

    async seqOf(userId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('users')
        .select('seq')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.seq;
    },

    /** A user as a write path needs it (existence is checked against the database). */
    async findUser(userId: string, trx: Trx | Db = db): Promise<UserRef | undefined> {
      const row = await trx
        .selectFrom('users')
        .select(['id', 'seq', 'name', 'avatarUrl'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row;
    },

    /**
     * Batch-load of the people on one page. `friendsOf` (the viewer) adds the friendship date,
     * only asked for when the page holds friends: each probe costs an index lookup.
     */
    async people(seqs: readonly number[], friendsOf?: number): Promise<PersonRow[]> {
      if (seqs.length === 0) return [];
      const list = seqs.map(String);
      type Row = Omit<PersonRow, 'friendsSince'> & { friendsSince: Date | string | null };
      const rows =
        friendsOf === undefined
          ? await prepared<Row>(
              'hl_network_people',
              `select u.seq::int as "seq", u.id as "id", u.name as "name", u.bio as "bio",
                      u.avatar_url as "avatarUrl", u.account_status as "state",
                      null::timestamptz as "friendsSince"
               from users u where u.seq = any($1::bigint[])`,
              [list],
            )
          : await prepared<Row>(
              'hl_network_people_friends',
              `select u.seq::int as "seq", u.id as "id", u.name as "name", u.bio as "bio",
                      u.avatar_url as "avatarUrl", u.account_status as "state",
                      f.created_at as "friendsSince"
               from users u
               left join friendships f
                 on f.user_low = least(u.seq, $2::bigint) and f.user_high = greatest(u.seq, $2::bigint)
               where u.seq = any($1::bigint[])`,
              [list, friendsOf],
            );
      return rows.map((row) => ({
        ...row,
        seq: Number(row.seq),
        friendsSince: row.friendsSince === null ? null : new Date(row.friendsSince),
      }));
    },

    async favoritesOf(seq: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('favorites')
        .select('favoriteSeq')
        .where('userSeq', '=', seq)
        .execute();
      return new Set(rows.map((r) => r.favoriteSeq));
    },

    async isFavorite(viewer: number, target: number): Promise<boolean> {
      const row = await db
        .selectFrom('favorites')
        .select('userSeq')
        .where('userSeq', '=', viewer)
        .where('favoriteSeq', '=', target)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adds the favorite only while the two are friends (checked in the same statement). */
    async addFavorite(viewer: number, target: number): Promise<boolean> {
      const [lo, hi] = viewer < target ? [viewer, target] : [target, viewer];
      const result = await sql<{ ok: number }>`
        insert into favorites (user_seq, favorite_seq)
        select ${viewer}::bigint, ${target}::bigint
        where exists (select 1 from friendships where user_low = ${lo}::bigint and user_high = ${hi}::bigint)
        on conflict do nothing
        returning 1 as ok`.execute(db);
      return result.rows.length > 0 || (await this.isFavorite(viewer, target));
    },

    async removeFavorite(viewer: number, target: number): Promise<void> {
      await db
        .deleteFrom('favorites')
        .where('userSeq', '=', viewer)
        .where('favoriteSeq', '=', target)
        .execute();
    },

    async insertReport(
      row: {
        id: string;
        reporterId: string;
        reportedId: string;
        reason: string;
        context: string;
        details: string;
      },
      trx: Trx | Db = db,
    ): Promise<string> {
      // One row per reporter and reported person: a repeat adds its reason and details to it.
      const stored = await trx
        .insertInto('reports')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['reporterId', 'reportedId']).doUpdateSet({
            // A real reason replaces the automatic one a block filed; the newest words are kept.
            reason: sql<string>`case when reports.reason = 'blocked' then excluded.reason
              else reports.reason end`,
            context: sql<string>`case when reports.reason = 'blocked' then excluded.context
              else reports.context end`,
            details: sql<string>`right(reports.details || E'\n' || excluded.reason
              || case when excluded.details = '' then '' else ': ' || excluded.details end, ${REPORT_DETAILS_MAX})`,
            reportCount: sql<number>`reports.report_count + 1`,
            updatedAt: sql<Date>`now()`,
          }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return stored.id;
    },

    async showInPaths(userId: string): Promise<boolean | undefined> {
      const row = await db
        .selectFrom('users')
        .select('showInPaths')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.showInPaths;
    },

    /** Open requests between two people are withdrawn by a block; returns what was withdrawn. */
    async cancelOpenRequestsBetween(
      trx: Trx,
      a: string,
      b: string,
    ): Promise<{ id: string; fromUserId: string; toUserId: string }[]> {
      return trx
        .updateTable('connectionRequests')
        .set({ status: 'rejected', decidedAt: new Date() })
        .where('status', 'in', [...OPEN_REQUEST_STATUSES])
        .where((eb) =>
          eb.or([
            eb.and([eb('fromUserId', '=', a), eb('toUserId', '=', b)]),
            eb.and([eb('fromUserId', '=', b), eb('toUserId', '=', a)]),
          ]),
        )
        .returning(['id', 'fromUserId', 'toUserId'])
        .execute();
    },

    async pendingIncoming(userId: string, trx: Trx | Db = db): Promise<number> {
      const row = await trx
        .selectFrom('connectionRequests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('toUserId', '=', userId)
        .where('status', 'in', [...OPEN_REQUEST_STATUSES])
        .executeTakeFirst();
      return row?.n ?? 0;
    },

    async isStaff(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('isStaff')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.isStaff ?? false;
    },
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
