import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import type { AccountState } from './access.policy.ts';
import { tieFacts } from './access.sql.ts';

export type TieRow = {
  id: string;
  seq: number;
  name: string | null;
  avatarUrl: string | null;
  viewerState: AccountState;
  targetState: AccountState;
  blockedByViewer: boolean;
  blockedByTarget: boolean;
  friends: boolean;
  matched: boolean;
  needsVerified: boolean;
  requiresMutual: boolean;
};

/** The facts of the interaction rule from the database, for a set of people at once. */
export function createAccessRepository(db: Db) {
  return {
    async ties(viewerSeq: number, ids: readonly string[], trx: Trx | Db = db): Promise<TieRow[]> {
      if (ids.length === 0) return [];
      const { rows } = await sql<TieRow>`
        select u.id, u.seq::int as seq, u.name, u.avatar_url as "avatarUrl",
          ${sql.raw(tieFacts('v', 'u'))}
        from users u join users v on v.seq = ${viewerSeq}::bigint
        where u.id = any(${[...ids]}::uuid[])`.execute(trx);
      return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
