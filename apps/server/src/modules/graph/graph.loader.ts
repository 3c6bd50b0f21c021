import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import {
  BORN_COLUMN,
  DEPTH_COLUMN,
  GOAL_COLUMN,
  LAT_COLUMN,
  LON_COLUMN,
  RESTRICTED_COLUMN,
  discoverFacts,
  FACTS_FROM,
  SEARCH_HIDDEN_COLUMN,
} from './graph.facts.ts';
import type { GraphSnapshot, NodeFacts } from './graph.index.ts';

/** A growable pair of Int32 columns for the edge list while it streams in. */
class EdgeBuffer {
  low = new Int32Array(1 << 16);
  high = new Int32Array(1 << 16);
  length = 0;
  push(a: number, b: number): void {
    if (this.length === this.low.length) {
      const grow = (old: Int32Array) => {
        const next = new Int32Array(old.length * 2);
        next.set(old);
        return next;
      };
      this.low = grow(this.low);
      this.high = grow(this.high);
    }
    this.low[this.length] = a;
    this.high[this.length++] = b;
  }
}

const SIGNATURE_LENGTH = 11 + 4 + 4;

/**
 * A streaming parser for PostgreSQL's binary COPY format that hands each row's field offsets
 * to a callback without allocating per row (50M rows must not mean 100M Buffers).
 */
class BinaryCopyReader {
  private pending: Buffer = Buffer.alloc(0);
  private headerDone = false;
  private readonly starts = new Int32Array(16);
  private readonly lengths = new Int32Array(16);

  constructor(
    private readonly onRow: (buf: Buffer, starts: Int32Array, lengths: Int32Array) => void,
  ) {}

  push(chunk: Buffer): void {
    let buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let pos = 0;
    if (!this.headerDone) {
      if (buf.length < SIGNATURE_LENGTH) {
        this.pending = buf;
        return;
      }
      const extension = buf.readInt32BE(15);
      if (buf.length < SIGNATURE_LENGTH + extension) {
        this.pending = buf;
        return;
      }
      pos = SIGNATURE_LENGTH + extension;
      this.headerDone = true;
    }
    for (;;) {
      if (buf.length - pos < 2) break;
      const fields = buf.readInt16BE(pos);
      if (fields === -1) {
        pos = buf.length;
        break;
      }
      let p = pos + 2;
      let complete = true;
      for (let f = 0; f < fields; f++) {
        if (buf.length - p < 4) {
          complete = false;
          break;
        }
        const len = buf.readInt32BE(p);
        p += 4;
        this.starts[f] = p;
        this.lengths[f] = len;
        if (len > 0) p += len;
        if (p > buf.length) {
          complete = false;
          break;
        }
      }
      if (!complete) break;
      this.onRow(buf, this.starts, this.lengths);
      pos = p;
    }
    buf = buf.subarray(pos);
    // Copy the remainder so the (large) chunk it points into can be collected.
    this.pending = buf.length ? Buffer.from(buf) : Buffer.alloc(0);
  }
}

async function copyOut(
  client: pg.Client,
  query: string,
  onRow: (buf: Buffer, starts: Int32Array, lengths: Int32Array) => void,
): Promise<void> {
  const reader = new BinaryCopyReader(onRow);
  const stream = client.query(copyStreams.to(`COPY (${query}) TO STDOUT (FORMAT binary)`));
  for await (const chunk of stream) reader.push(chunk as Buffer);
}

/** int8 columns hold seqs well below 2^31: the low word is the value. */
const int8 = (buf: Buffer, at: number) => buf.readInt32BE(at + 4);

/**
 * Reads the whole graph from PostgreSQL through binary COPY inside one repeatable-read
 * snapshot, so edges, users, blocks and the change number all describe the same moment.
 */
export async function loadSnapshotByCopy(databaseUrl: string): Promise<GraphSnapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A lost connection fails the COPY in flight (and is ended below); unheard, it would crash.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const head = await client.query<{ version: string; max_seq: string }>(
      `select (select coalesce(max(id), 0) from graph_changes)::text as version,
              (select coalesce(max(seq), 0) from users)::text as max_seq`,
    );
    const maxSeq = Number(head.rows[0]!.max_seq);
    const edges = new EdgeBuffer();
    await copyOut(client, 'select user_low, user_high from friendships', (buf, s) =>
      edges.push(int8(buf, s[0]!), int8(buf, s[1]!)),
    );
    const nodes: NodeFacts[] = [];
    const second = new Int32Array(maxSeq + 1);
    await copyOut(
      client,
      `select u.seq, u.second_degree_count, u.show_in_paths, u.name, u.gender, u.interested_in,
              ${BORN_COLUMN}, ${DEPTH_COLUMN}, ${SEARCH_HIDDEN_COLUMN}, ${RESTRICTED_COLUMN},
              ${GOAL_COLUMN}, ${LAT_COLUMN}, ${LON_COLUMN}
       from ${FACTS_FROM}`,
      (buf, s, l) => {
        const seq = int8(buf, s[0]!);
        second[seq] = buf.readInt32BE(s[1]);
        const text = (f: number) => buf.toString('utf8', s[f], s[f]! + l[f]!);
        nodes.push({
          seq,
          showInPaths: buf[s[2]!] === 1,
          hiddenFromSearch: buf[s[8]!] === 1,
          restricted: buf[s[9]!] === 1,
          name: l[3]! < 0 ? null : text(3),
          discover: discoverFacts({
            gender: text(4),
            interestedIn: text(5),
            born: buf.readInt32BE(s[6]),
            depth: buf.readInt32BE(s[7]),
            goal: buf.readInt32BE(s[10]),
            lat: buf.readInt32BE(s[11]),
            lon: buf.readInt32BE(s[12]),
          }),
        });
      },
    );
    const blocks = await client.query<{ a: string; b: string }>(
      'select blocker_seq::text as a, blocked_seq::text as b from blocks',
    );
    await client.query('commit');
    return {
      version: Number(head.rows[0]!.version),
      maxSeq,
      edgeLow: edges.low,
      edgeHigh: edges.high,
      edgeCount: edges.length,
      nodes,
      second,
      blocks: blocks.rows.map((r) => [Number(r.a), Number(r.b)]),
    };
  } finally {
    await client.end();
  }
}

const PAGE = 50_000;

/** A facts row as the query loads and the re-read after a change select it. */
export type FactsRow = {
  seq: number;
  name: string | null;
  showInPaths: boolean;
  gender: string;
  interestedIn: string;
  born: number;
  depth: number;
  hiddenFromSearch: boolean;
  restricted: boolean;
  goal: number;
  lat: number;
  lon: number;
};

/** The columns of a FactsRow (from FACTS_FROM). */
export const FACTS_COLUMNS = `u.seq::int as seq, u.name, u.show_in_paths, u.gender, u.interested_in,
  ${BORN_COLUMN} as born, ${DEPTH_COLUMN} as depth, ${SEARCH_HIDDEN_COLUMN} as hidden_from_search,
  ${RESTRICTED_COLUMN} as restricted, ${GOAL_COLUMN} as goal, ${LAT_COLUMN} as lat,
  ${LON_COLUMN} as lon`;

export function nodeFacts(r: FactsRow): NodeFacts {
  return {
    seq: r.seq,
    name: r.name,
    showInPaths: r.showInPaths,
    hiddenFromSearch: r.hiddenFromSearch,
    restricted: r.restricted,
    discover: discoverFacts(r),
  };
}

/** The same snapshot through ordinary queries (PGlite, or a pool handed in by tests). */
export async function loadSnapshotByQueries(db: Db): Promise<GraphSnapshot> {
  return db.transaction().execute(async (trx) => {
    // PGlite ignores the isolation level (it is one connection); PostgreSQL needs it.
    await sql`set transaction isolation level repeatable read`.execute(trx);
    const head = await sql<{ version: string; maxSeq: string }>`
      select (select coalesce(max(id), 0) from graph_changes)::text as version,
             (select coalesce(max(seq), 0) from users)::text as max_seq`.execute(trx);
    const maxSeq = Number(head.rows[0]!.maxSeq);
    const edges = new EdgeBuffer();
    let lastLow = 0;
    let lastHigh = 0;
    for (;;) {
      const page = await sql<{ l: number; h: number }>`
        select user_low::int as l, user_high::int as h from friendships
        where (user_low, user_high) > (${lastLow}, ${lastHigh})
        order by user_low, user_high limit ${PAGE}`.execute(trx);
      for (const r of page.rows) edges.push(r.l, r.h);
      if (page.rows.length < PAGE) break;
      lastLow = page.rows.at(-1)!.l;
      lastHigh = page.rows.at(-1)!.h;
    }
    const nodes: NodeFacts[] = [];
    const second = new Int32Array(maxSeq + 1);
    let lastSeq = 0;
    for (;;) {
      const page = await sql<FactsRow & { second: number }>`
        select ${sql.raw(FACTS_COLUMNS)}, u.second_degree_count as second from ${sql.raw(FACTS_FROM)}
        where u.seq > ${lastSeq} order by u.seq limit ${PAGE}`.execute(trx);
      for (const r of page.rows) {
        second[r.seq] = r.second;
        nodes.push(nodeFacts(r));
      }
      if (page.rows.length < PAGE) break;
      lastSeq = page.rows.at(-1)!.seq;
    }
    const blocks = await sql<{ a: number; b: number }>`
      select blocker_seq::int as a, blocked_seq::int as b from blocks`.execute(trx);
    return {
      version: Number(head.rows[0]!.version),
      maxSeq,
      edgeLow: edges.low,
      edgeHigh: edges.high,
      edgeCount: edges.length,
      nodes,
      second,
      blocks: blocks.rows.map((r) => [r.a, r.b]),
    };
  });
}
