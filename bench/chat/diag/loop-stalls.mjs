// Diagnostic preload (not part of the bench's figures): logs every event-loop gap over 40 ms
// with its wall-clock time, one JSON line per gap, to stalls-<pid>.jsonl in $DIAG_DIR or, as
// for the bench's server (whose environment the bench sets), the temporary directory.
//   BENCH_SERVER_NODE_ARGS='--import ./bench/chat/diag/loop-stalls.mjs' npx node --import tsx bench/chat/run.mjs ...
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const file = path.join(process.env.DIAG_DIR ?? os.tmpdir(), `stalls-${process.pid}.jsonl`);
const TICK_MS = 10;
let last = process.hrtime.bigint();
setInterval(() => {
  const now = process.hrtime.bigint();
  const gapMs = Number(now - last) / 1e6 - TICK_MS;
  last = now;
  if (gapMs > 40) {
    fs.appendFileSync(file, `${JSON.stringify({ wall: Date.now(), gapMs: Math.round(gapMs) })}\n`);
  }
}, TICK_MS).unref();
