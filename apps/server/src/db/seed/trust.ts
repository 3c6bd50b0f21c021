import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * Recomputes friend_count, second_degree_count and trust_score of every user in one
 * set-based statement (DESIGN §3.2): trust = 10 × friends + distinct friends-of-friends that
 * are neither the user nor a friend. Users without friends are reset to zero as well.
 */
export async function recomputeAllTrustScores(db: Kysely<Database>): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => recomputeAllTrustScores(trx));
    return;
  }
  // The friend-of-friend pairs are hashed in memory; the default 4 MB would spill to disk.
  await sql`set local work_mem = '128MB'`.execute(db);
  await sql`
    with edges as (
      select user_low as a, user_high as b from friendships
      union all
      select user_high, user_low from friendships
    ),
    first_degree as (
      select a as seq, count(*)::int as n from edges group by a
    ),
    friends_of_friends as (
      select distinct e1.a as seq, e2.b as other
      from edges e1
      join edges e2 on e2.a = e1.b
      where e2.b <> e1.a
    ),
    second_degree as (
      select f.seq, count(*)::int as n
      from friends_of_friends f
      left join edges direct on direct.a = f.seq and direct.b = f.other
      where direct.a is null
      group by f.seq
    ),
    stats as (
      select u.seq, coalesce(d1.n, 0) as friends, coalesce(d2.n, 0) as second
      from users u
      left join first_degree d1 on d1.seq = u.seq
      left join second_degree d2 on d2.seq = u.seq
    )
    update users
    set friend_count = stats.friends,
        second_degree_count = stats.second,
        trust_score = 10 * stats.friends + stats.second
    from stats
    where users.seq = stats.seq
      and (users.friend_count, users.second_degree_count, users.trust_score)
        is distinct from (stats.friends, stats.second, 10 * stats.friends + stats.second)
  `.execute(db);
}
