import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import { FACTS_FROM } from './graph.facts.ts';
import type { GraphChange, NodeFacts } from './graph.index.ts';
import { FACTS_COLUMNS, nodeFacts, type FactsRow } from './graph.loader.ts';

/** Every graph write takes this lock first, so change ids are handed out in commit order. */
const GRAPH_LOCK = 0x4845_4152; // "HEAR"

type ChangeRow = { id: number; kind: string; aSeq: number; bSeq: number | null };

export function toChange(row: ChangeRow): GraphChange {
  const { id, aSeq: a } = row;
  if (row.kind === 'delete' || row.kind === 'user') return { id, kind: row.kind, a };
  if (row.kind === 'add' || row.kind === 'remove' || row.kind === 'block' || row.kind === 'unblock')
    return { id, kind: row.kind, a, b: Number(row.bSeq) };
  throw new Error(`unknown graph change kind ${row.kind}`);
}

/** SQL of the friend graph: friendships, blocks, favorites and the change outbox. */
export function createGraphRepository(db: Db) {
  return {
    async lock(trx: Trx): Promise<void> {
      await sql`select pg_advisory_xact_lock(${GRAPH_LOCK})`.execute(trx);
    },

    async recordChange(
      trx: Trx,
      kind: GraphChange['kind'],
      a: number,
      b: number | null,
    ): Promise<GraphChange> {
      const row = await trx
        .insertInto('graphChanges')
        .values({ kind, aSeq: a, bSeq: b === null ? null : b })
        .returning(['id', 'kind', 'aSeq', 'bSeq'])
        .executeTakeFirstOrThrow();
      return toChange(row);
    },

    async changesAfter(version: number, limit = 5000): Promise<GraphChange[]> {
      const rows = await db
        .selectFrom('graphChanges')
        .select(['id', 'kind', 'aSeq', 'bSeq'])
        .where('id', '>', version)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(toChange);
    },

    async changeBounds(): Promise<{ min: number; max: number }> {
      const row = await db
        .selectFrom('graphChanges')
        .select((eb) => [eb.fn.min('id').as('min'), eb.fn.max('id').as('max')])
        .executeTakeFirst();
      return { min: row?.min ?? 0, max: row?.max ?? 0 };
    },

    async areFriends(a: number, b: number, trx: Trx | Db = db): Promise<boolean> {
      const [lo, hi] = a < b ? [a, b] : [b, a];
      const row = await trx
        .selectFrom('friendships')
        .select('userLow')
        .where('userLow', '=', lo)
        .where('userHigh', '=', hi)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts a–b unless present; returns whether it was new. */
    async insertFriendship(trx: Trx, a: number, b: number): Promise<boolean> {
      const [lo, hi] = a < b ? [a, b] : [b, a];
      const rows = await trx
        .insertInto('friendships')
        .values({ userLow: lo, userHigh: hi })
        .onConflict((oc) => oc.doNothing())
        .returning('userLow')
        .execute();
      return rows.length > 0;
    },

    async deleteFriendship(trx: Trx, a: number, b: number): Promise<boolean> {
      const [lo, hi] = a < b ? [a, b] : [b, a];
      const result = await trx
        .deleteFrom('friendships')
        .where('userLow', '=', lo)
        .where('userHigh', '=', hi)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Favorites only exist between friends: they go with the friendship, both directions. */
    async deleteFavoritesBetween(trx: Trx, a: number, b: number): Promise<void> {
      await trx
        .deleteFrom('favorites')
        .where((eb) =>
          eb.or([
            eb.and([eb('userSeq', '=', a), eb('favoriteSeq', '=', b)]),
            eb.and([eb('userSeq', '=', b), eb('favoriteSeq', '=', a)]),
          ]),
        )
        .execute();
    },

    async insertBlock(trx: Trx, blocker: number, blocked: number): Promise<boolean> {
      const rows = await trx
        .insertInto('blocks')
        .values({ blockerSeq: blocker, blockedSeq: blocked })
        .onConflict((oc) => oc.doNothing())
        .returning('blockerSeq')
        .execute();
      return rows.length > 0;
    },

    async deleteBlock(trx: Trx, blocker: number, blocked: number): Promise<boolean> {
      const result = await trx
        .deleteFrom('blocks')
        .where('blockerSeq', '=', blocker)
        .where('blockedSeq', '=', blocked)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Whether a block exists in either direction (after the other side's block, still hidden). */
    async blockedEitherWay(a: number, b: number, trx: Trx | Db = db): Promise<boolean> {
      const row = await trx
        .selectFrom('blocks')
        .select('blockerSeq')
        .where((eb) =>
          eb.or([
            eb.and([eb('blockerSeq', '=', a), eb('blockedSeq', '=', b)]),
            eb.and([eb('blockerSeq', '=', b), eb('blockedSeq', '=', a)]),
          ]),
        )
        .executeTakeFirst();
      return row !== undefined;
    },

    async isBlockedBy(blocker: number, blocked: number): Promise<boolean> {
      const row = await db
        .selectFrom('blocks')
        .select('blockerSeq')
        .where('blockerSeq', '=', blocker)
        .where('blockedSeq', '=', blocked)
        .executeTakeFirst();
      return row !== undefined;
    },

    listBlocks(blocker: number) {
      return db
        .selectFrom('blocks')
        .innerJoin('users', 'users.seq', 'blocks.blockedSeq')
        .select(['users.id', 'users.name', 'users.avatarUrl', 'blocks.createdAt'])
        .where('blocks.blockerSeq', '=', blocker)
        .orderBy('blocks.createdAt', 'desc')
        .execute();
    },

    async factsBySeq(seqs: readonly number[]): Promise<NodeFacts[]> {
      if (seqs.length === 0) return [];
      const rows = await sql<FactsRow>`
        select ${sql.raw(FACTS_COLUMNS)} from ${sql.raw(FACTS_FROM)}
        where u.seq = any(${seqs.map(String)}::bigint[])`.execute(db);
      return rows.rows.map(nodeFacts);
    },

    /** The person's friends as the database holds them (a restriction's end brings them back). */
    async friendSeqs(seq: number): Promise<number[]> {
      const rows = await sql<{ s: number }>`
        select user_high::int as s from friendships where user_low = ${seq}
        union all
        select user_low::int from friendships where user_high = ${seq}`.execute(db);
      return rows.rows.map((r) => r.s);
    },

    async deleteUser(trx: Trx, seq: number): Promise<void> {
      await trx.deleteFrom('users').where('seq', '=', seq).execute();
    },

    async setShowInPaths(trx: Trx, seq: number, showInPaths: boolean): Promise<void> {
      await trx
        .updateTable('users')
        .set({ showInPaths, updatedAt: new Date() })
        .where('seq', '=', seq)
        .execute();
    },

    async pruneChanges(olderThan: Date): Promise<void> {
      await db
        .deleteFrom('graphChanges')
        .where('createdAt', '<', olderThan)
        .where('trustAppliedAt', 'is not', null)
        // The newest row stays: a snapshot's version is the highest id, even after pruning.
        .where('id', '<', (eb) => eb.selectFrom('graphChanges').select(eb.fn.max('id').as('m')))
        .execute();
    },
  };
}

export type GraphRepository = ReturnType<typeof createGraphRepository>;
