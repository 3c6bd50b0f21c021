import { sql } from 'kysely';
import { TRUST_POINTS_FIRST, TRUST_POINTS_SECOND } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';
import type { GraphChange } from '../graph/graph.service.ts';
import { toChange } from '../graph/graph.service.ts';

export type TrustFigures = { seq: number; first: number; second: number };
export type StoredTrust = {
  id: string;
  trustScore: number;
  friendCount: number;
  secondDegreeCount: number;
};

/** SQL of the stored trust figures (users.trust_score, friend_count, second_degree_count). */
export function createTrustRepository(db: Db) {
  return {
    /**
     * One batched UPDATE for every changed user. `version` is the graph change number the
     * figures were computed at; an older computation never overwrites a newer one. The outbox
     * rows the figures account for are marked applied in the same statement.
     */
    async write(
      trx: Trx,
      rows: readonly TrustFigures[],
      version: number,
      changeIds: readonly number[],
    ): Promise<StoredTrust[]> {
      const seqs = rows.map((r) => String(r.seq));
      const firsts = rows.map((r) => r.first);
      const seconds = rows.map((r) => r.second);
      const ids = changeIds.map(String);
      const result = await sql<StoredTrust>`
        with v as (
          select * from unnest(${seqs}::bigint[], ${firsts}::int[], ${seconds}::int[]) as t(seq, f, s)
        ),
        applied as (
          update graph_changes set trust_applied_at = now()
          where id = any(${ids}::bigint[]) and trust_applied_at is null
          returning id
        )
        update users u
        set friend_count = v.f,
            second_degree_count = v.s,
            trust_score = ${TRUST_POINTS_FIRST} * v.f + ${TRUST_POINTS_SECOND} * v.s,
            trust_version = ${String(version)}::bigint
        from v
        where u.seq = v.seq
          and u.trust_version <= ${String(version)}::bigint
          and (u.friend_count, u.second_degree_count) is distinct from (v.f, v.s)
        returning u.id, u.trust_score, u.friend_count, u.second_degree_count`.execute(trx);
      return result.rows;
    },

    /** Outbox rows whose trust effect was never written (the writer died after commit). */
    async unapplied(olderThan: Date, limit = 500): Promise<GraphChange[]> {
      const rows = await db
        .selectFrom('graphChanges')
        .select(['id', 'kind', 'aSeq', 'bSeq'])
        .where('trustAppliedAt', 'is', null)
        .where('createdAt', '<', olderThan)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toChange);
    },

    async stored(seq: number) {
      return db
        .selectFrom('users')
        .select(['id', 'trustScore', 'friendCount', 'secondDegreeCount', 'trustVersion'])
        .where('seq', '=', seq)
        .executeTakeFirst();
    },

    /**
     * The developer page's "verify calculations": the same definition counted by plain SQL over
     * friendships, blocks and account states, sharing no code with the index.
     */
    async countIndependently(seq: number): Promise<{ first: number; second: number }> {
      const me = String(seq);
      // A suspended or banned person's friendships do not count, for them or anyone (issue 47).
      const result = await sql<{ first: number; second: number }>`
        with friends as (
          select x from (
            select user_high as x from friendships where user_low = ${me}::bigint
            union
            select user_low from friendships where user_high = ${me}::bigint
          ) f
          where exists (select 1 from users u where u.seq = x and u.account_status = 'ACTIVE')
            and exists (select 1 from users u where u.seq = ${me}::bigint and u.account_status = 'ACTIVE')
        ),
        hidden as (
          select blocked_seq as x from blocks where blocker_seq = ${me}::bigint
          union
          select blocker_seq from blocks where blocked_seq = ${me}::bigint
        ),
        fof as (
          select f2.user_high as y from friends join friendships f2 on f2.user_low = friends.x
          union
          select f2.user_low from friends join friendships f2 on f2.user_high = friends.x
        )
        select (select count(*) from friends)::int as first,
               (select count(*) from fof
                 where y <> ${me}::bigint
                   and exists (select 1 from users u where u.seq = y and u.account_status = 'ACTIVE')
                   and y not in (select x from friends)
                   and y not in (select x from hidden))::int as second`.execute(db);
      return result.rows[0] ?? { first: 0, second: 0 };
    },
  };
}

export type TrustRepository = ReturnType<typeof createTrustRepository>;
