// Loads a generated graph into its own PostgreSQL database for the graph bench.
// Usage: node --import tsx bench/graph/load.mjs [--users=1000000] [--degree=100] [--seed=20240214]
//          [--db=heartline_bench_graph] [--admin=postgres://postgres@127.0.0.1:5432/postgres]
// The database is dropped and recreated; migrations come from the server itself. Friendship
// indexes and foreign keys are dropped during COPY and built afterwards. Stored trust figures
// are computed by brute force here, so the server starts on a consistent database.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { v7 as uuidv7 } from 'uuid';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { generateGraph, rng, toCsr, trustFigures } from './generate.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const users = Number(args.users ?? 1_000_000);
const degree = Number(args.degree ?? 100);
const seed = Number(args.seed ?? 20240214);
const dbName = args.db ?? 'heartline_bench_graph';
const adminUrl = args.admin ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).href;
const started = performance.now();
const log = (m) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${m}`);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName}`);
await admin.query(`create database ${dbName}`);
await admin.end();
const migrated = await openDatabase({ databaseUrl: dbUrl, dataDir: 'memory://' });
await migrated.destroy();
log(`created ${dbName} and migrated`);

const g = generateGraph({ users, avgDegree: degree, seed, log });
const csr = toCsr(g.n, g.stride, g.edges);
log(`generated ${users} users, ${g.edges.length} friendships`);
const { first, second } = trustFigures(g.n, csr, log);
log('computed trust figures');

const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
await client.query(`set maintenance_work_mem = '2GB'`);
await client.query(`set synchronous_commit = off`);
await client.query(`
  alter table friendships drop constraint friendships_pkey;
  alter table friendships drop constraint friendships_user_low_fkey;
  alter table friendships drop constraint friendships_user_high_fkey;
  drop index friendships_high_idx;
`);

async function copyRows(sql, total, row) {
  const CHUNK = 20_000;
  let i = 0;
  const source = Readable.from(
    (function* () {
      while (i < total) {
        const end = Math.min(total, i + CHUNK);
        let text = '';
        for (; i < end; i++) text += row(i);
        yield text;
      }
    })(),
  );
  await pipeline(source, client.query(copyStreams.from(sql)));
}

const FIRST = [
  'Ava',
  'Ben',
  'Cleo',
  'Dan',
  'Eva',
  'Finn',
  'Gia',
  'Hugo',
  'Ida',
  'Jon',
  'Kai',
  'Lea',
  'Max',
  'Nia',
  'Otto',
  'Pia',
  'Rui',
  'Sara',
  'Tom',
  'Uma',
  'Vik',
  'Wren',
  'Yara',
  'Zoe',
];
const LAST = [
  'Adler',
  'Berg',
  'Costa',
  'Dahl',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Hansen',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'Larsen',
  'Meyer',
  'Novak',
  'Olsen',
  'Petit',
  'Rossi',
  'Schmidt',
  'Torres',
  'Vogel',
  'Weber',
  'Young',
];
const pick = rng(seed + 1);
await copyRows(
  'COPY users (id, email, name, dob, gender, interested_in, trust_score, friend_count, second_degree_count, is_demo) FROM STDIN',
  users,
  (i) => {
    const v = i + 1;
    const name = `${FIRST[Math.floor(pick() * FIRST.length)]} ${LAST[Math.floor(pick() * LAST.length)]}`;
    const gender = pick() < 0.5 ? 'woman' : 'man';
    const year = 1970 + Math.floor(pick() * 35);
    // Discover's preferences: mostly the other gender, some everyone, some the same.
    const p = pick();
    const other = gender === 'woman' ? 'men' : 'women';
    const same = gender === 'woman' ? 'women' : 'men';
    const seeks = p < 0.7 ? other : p < 0.85 ? 'everyone' : same;
    return `${uuidv7()}\tu${v}@bench.test\t${name}\t${year}-06-15\t${gender}\t${seeks}\t${10 * first[v] + second[v]}\t${first[v]}\t${second[v]}\tt\n`;
  },
);
const seqs = await client.query('select min(seq)::int as lo, max(seq)::int as hi from users');
if (seqs.rows[0].lo !== 1 || seqs.rows[0].hi !== users) throw new Error('users.seq is not 1..n');
log('copied users');
// Everyone has finished onboarding (Discover shows only them); discovery visibility: 20 % let
// the 3rd degree find them, 10 % only friends, the rest the default (friends of friends).
await client.query(`
  insert into user_onboarding_status (user_id, onboarding_completed, profile_step_completed)
    select id, true, true from users;
  insert into user_settings (user_id, discovery_visibility)
    select id, case when seq % 10 < 2 then '1st_2nd_3rd' else '1st_only' end
    from users where seq % 10 < 3;
`);
log('onboarded users and stored discovery settings');

await copyRows('COPY friendships (user_low, user_high) FROM STDIN', g.edges.length, (i) => {
  const lo = Math.floor(g.edges[i] / g.stride);
  return `${lo}\t${g.edges[i] - lo * g.stride}\n`;
});
log('copied friendships');
await client.query('alter table friendships add primary key (user_low, user_high)');
log('built the primary key');
await client.query('create index friendships_high_idx on friendships (user_high, user_low)');
log('built the reverse index');
await client.query(`
  alter table friendships add constraint friendships_user_low_fkey foreign key (user_low) references users (seq) on delete cascade not valid;
  alter table friendships add constraint friendships_user_high_fkey foreign key (user_high) references users (seq) on delete cascade not valid;
`);
await client.query('alter table friendships validate constraint friendships_user_low_fkey');
await client.query('alter table friendships validate constraint friendships_user_high_fkey');
log('validated foreign keys');
await client.query('vacuum analyze users');
await client.query('vacuum analyze friendships');
const size = await client.query('select pg_size_pretty(pg_database_size(current_database())) as s');
await client.end();
log(`vacuumed; database size ${size.rows[0].s}`);

const out = path.join(import.meta.dirname, 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, `dataset-${dbName}.json`),
  JSON.stringify(
    {
      database: dbName,
      users,
      friendships: g.edges.length,
      averageDegree: (2 * g.edges.length) / users,
      maxDegree: maxDegree(),
      seed,
      databaseSize: size.rows[0].s,
      loadSeconds: Math.round((performance.now() - started) / 1000),
    },
    null,
    2,
  ) + '\n',
);
log('done');

function maxDegree() {
  let max = 0;
  for (let v = 1; v <= users; v++) max = Math.max(max, csr.offsets[v + 1] - csr.offsets[v]);
  return max;
}
