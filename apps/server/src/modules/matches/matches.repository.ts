import { sql } from 'kysely';
import type { SwipeAction } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';

export type MatchStatus = 'pending' | 'active' | 'declined';
export type LockedMatch = { id: string; status: MatchStatus; created: boolean };

/** The advisory lock class of a person's super likes (the second key is their seq). */
const SUPER_LIKE_LOCK = 48;

/** SQL of swipes and matches. A pair's match row is its lock: every change takes it first. */
export function createMatchesRepository(db: Db) {
  return {
    /**
     * The pair's match row, locked for this transaction; created (as pending) when absent, so
     * two people acting on each other at the same instant take turns on it.
     */
    async lockPair(trx: Trx, id: string, low: number, high: number): Promise<LockedMatch> {
      const inserted = await trx
        .insertInto('matches')
        .values({ id, userLow: low, userHigh: high, status: 'pending' })
        .onConflict((oc) => oc.columns(['userLow', 'userHigh']).doNothing())
        .returning('id')
        .executeTakeFirst();
      const row = await trx
        .selectFrom('matches')
        .select(['id', 'status'])
        .where('userLow', '=', low)
        .where('userHigh', '=', high)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return { id: row.id, status: row.status as MatchStatus, created: inserted !== undefined };
    },

    async setMatch(
      trx: Trx,
      id: string,
      next: { status: MatchStatus; initiatorSeq: number | null },
    ): Promise<void> {
      await trx
        .updateTable('matches')
        .set({
          status: next.status,
          initiatorSeq: next.initiatorSeq === null ? null : next.initiatorSeq,
          matchedAt: next.status === 'active' ? sql<Date>`coalesce(matched_at, now())` : null,
          declinedAt: next.status === 'declined' ? sql<Date>`now()` : null,
          lastActivityAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    async deleteMatch(trx: Trx, id: string): Promise<void> {
      await trx.deleteFrom('matches').where('id', '=', id).execute();
    },

    /** What `userSeq` did with `targetSeq` (undefined: nothing yet). */
    async swipeOf(trx: Trx, userSeq: number, targetSeq: number): Promise<SwipeAction | undefined> {
      const row = await trx
        .selectFrom('swipes')
        .select('action')
        .where('userSeq', '=', userSeq)
        .where('targetSeq', '=', targetSeq)
        .executeTakeFirst();
      return row?.action as SwipeAction | undefined;
    },

    /**
     * Records an action. A skip never replaces a like or a pass, and a like never replaces a
     * pass (declined stays declined; only undoing the pass takes it back).
     */
    /**
     * When the viewer gave their super likes of the last 24 hours, the oldest first. Behind a
     * lock of the viewer's own (an advisory one: it meets no row lock, so no order of locks
     * can deadlock), two at once cannot both pass the limit.
     */
    async recentSuperLikes(trx: Trx, userSeq: number): Promise<Date[]> {
      await sql`select pg_advisory_xact_lock(${SUPER_LIKE_LOCK}, ${userSeq}::int4)`.execute(trx);
      const rows = await trx
        .selectFrom('swipes')
        .select('superlikedAt')
        .where('userSeq', '=', userSeq)
        .where('superlikedAt', '>', sql<Date>`now() - interval '24 hours'`)
        .orderBy('superlikedAt')
        .execute();
      return rows.map((r) => new Date(r.superlikedAt!));
    },

    /**
     * Stores what the viewer did with the person. A pass stands for ever (only an undo takes it
     * back); a like does not turn a super like back into a like; a super like again changes
     * nothing. `superlikedAt` keeps when a super like was given, whatever comes after.
     */
    async putSwipe(trx: Trx, userSeq: number, targetSeq: number, action: SwipeAction) {
      const superlike = action === 'superlike';
      await trx
        .insertInto('swipes')
        .values({
          userSeq: userSeq,
          targetSeq: targetSeq,
          action,
          ...(superlike && { superlikedAt: sql<Date>`now()` }),
        })
        .onConflict((oc) => {
          const pair = oc.columns(['userSeq', 'targetSeq']);
          if (action === 'skip') return pair.doNothing();
          const update = pair.doUpdateSet({
            action,
            createdAt: sql<Date>`now()`,
            ...(superlike && { superlikedAt: sql<Date>`now()` }),
          });
          if (action === 'pass') return update;
          return update.where('swipes.action', 'not in', ['pass', 'superlike']);
        })
        .execute();
    },

    /** The person of the viewer's latest action, if that action was a pass. */
    async lastPass(userSeq: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('swipes')
        .select(['targetSeq', 'action'])
        .where('userSeq', '=', userSeq)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.action === 'pass' ? row.targetSeq : undefined;
    },

    async deleteSwipe(trx: Trx, userSeq: number, targetSeq: number): Promise<boolean> {
      const result = await trx
        .deleteFrom('swipes')
        .where('userSeq', '=', userSeq)
        .where('targetSeq', '=', targetSeq)
        .where('action', '=', 'pass')
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Discovery reset: skipped people come back; likes and passes stay. */
    async clearSkips(userSeq: number): Promise<void> {
      await db
        .deleteFrom('swipes')
        .where('userSeq', '=', userSeq)
        .where('action', '=', 'skip')
        .execute();
    },

    async personBySeq(seq: number, trx: Trx | Db = db) {
      const row = await trx
        .selectFrom('users')
        .select(['id', 'seq', 'name', 'avatarUrl'])
        .where('seq', '=', seq)
        .executeTakeFirst();
      return row;
    },
  };
}

export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
