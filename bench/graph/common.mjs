// What the graph bench scripts share: their command line and the viewers they measure.
import pg from 'pg';
import { rng } from './generate.mjs';

/** `--key=value` arguments as an object (`--flag` alone is 'true'). */
export function parseArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((a) => {
      const [k, v] = a.replace(/^--/, '').split('=');
      return [k, v ?? 'true'];
    }),
  );
}

/** The bench database (`--db`) on the server named by `--admin`. */
export function benchDatabase(args) {
  const dbName = args.db ?? 'heartline_bench_graph';
  const adminUrl = args.admin ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).href;
  return { dbName, adminUrl, dbUrl };
}

/**
 * The viewers every script measures, from an open pg client: 3,000 seqs drawn uniformly (a
 * fixed seed, so every script and run draws the same) and the 0.1 % highest-degree users.
 * `pick` is the generator after those draws, for the draws a script makes next.
 */
export async function benchViewers(client) {
  const { rows } = await client.query('select count(*)::int as n, max(seq)::int as max from users');
  const pick = rng(42);
  const sampled = new Set();
  while (sampled.size < Math.min(3000, rows[0].n))
    sampled.add(1 + Math.floor(pick() * rows[0].max));
  const top = await client.query(
    'select seq::int as seq from users order by friend_count desc limit $1',
    [Math.max(1, Math.round(rows[0].n / 1000))],
  );
  return { users: rows[0].n, sampled: [...sampled], top: top.rows.map((r) => r.seq), pick };
}

/** The same viewers for an in-process script: sampled ones with at least 3 friends in `index`. */
export async function indexViewers(dbUrl, index) {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const viewers = await benchViewers(db);
  await db.end();
  const sampled = viewers.sampled.filter((s) => index.knows(s) && index.degree(s) >= 3);
  return { sampled, top: viewers.top };
}
