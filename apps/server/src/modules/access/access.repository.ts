import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';

export type TieRow = {
  id: string;
  seq: number;
  name: string | null;
  avatarUrl: string | null;
  blockedByViewer: boolean;
  blockedByTarget: boolean;
  friends: boolean;
  matched: boolean;
  needsVerified: boolean;
  requiresMutual: boolean;
};

/**
 * The person's safety settings as they bear on viewer `v` (an int8 seq parameter), for a row
 * `u` of users: the columns `needsVerified` and `requiresMutual` of TieRow.
 */
export const settingsTieColumns = (v: string) => sql`
  (coalesce((select s.block_unverified from user_settings s where s.user_id = u.id), false)
     and not exists (select 1 from oauth_identities i join users w on w.id = i.user_id
                      where w.seq = ${v}::bigint)) as "needsVerified",
  coalesce((select s.require_mutual_connections from user_settings s where s.user_id = u.id), true)
    as "requiresMutual"`;

/** The facts the interaction policy decides on, for a set of people at once. */
export function createAccessRepository(db: Db) {
  return {
    async ties(viewerSeq: number, ids: readonly string[], trx: Trx | Db = db): Promise<TieRow[]> {
      if (ids.length === 0) return [];
      const v = String(viewerSeq);
      const { rows } = await sql<TieRow>`
        select u.id, u.seq::int as seq, u.name, u.avatar_url as "avatarUrl",
          exists (select 1 from blocks b where b.blocker_seq = ${v}::bigint and b.blocked_seq = u.seq)
            as "blockedByViewer",
          exists (select 1 from blocks b where b.blocker_seq = u.seq and b.blocked_seq = ${v}::bigint)
            as "blockedByTarget",
          exists (select 1 from friendships f
                   where f.user_low = least(u.seq, ${v}::bigint)
                     and f.user_high = greatest(u.seq, ${v}::bigint)) as friends,
          exists (select 1 from matches m
                   where m.user_low = least(u.seq, ${v}::bigint)
                     and m.user_high = greatest(u.seq, ${v}::bigint)
                     and m.status = 'active') as matched,
          ${settingsTieColumns(v)}
        from users u where u.id = any(${[...ids]}::uuid[])`.execute(trx);
      return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
