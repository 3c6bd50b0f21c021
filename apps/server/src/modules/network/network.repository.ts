import { OPEN_REQUEST_STATUSES } from '@heartline/domain';
import type { Db } from '../../db/database.ts';
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

/** Requests waiting for their recipient (constants, never user input). */
const openStatusesSql = OPEN_REQUEST_STATUSES.map((status) => `'${status}'`).join(', ');

/** SQL the network screens read: the viewer, the people of a page, their favorites. */
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
  };
}

export type NetworkRepository = ReturnType<typeof createNetworkRepository>;
