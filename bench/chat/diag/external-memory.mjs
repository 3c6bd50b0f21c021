// Diagnostic preload (not part of the bench's figures): every 250 ms, one JSON line with the
// process's ArrayBuffer memory (Node's Buffers), all external memory and the used heap, in MB,
// and one line per mark-compact, to external-<pid>.jsonl in $DIAG_DIR or the temporary
// directory. `arrayBuffers` climbing between mark-compacts means Buffers are reaching the old
// generation; V8 starts a mark-compact when external memory has grown 64 MB since the last one
// (`--trace-incremental-marking` names that reason "external memory pressure").
//   BENCH_SERVER_NODE_ARGS='--import ./bench/chat/diag/external-memory.mjs' npx node --import tsx bench/chat/run.mjs ...
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const file = path.join(process.env.DIAG_DIR ?? os.tmpdir(), `external-${process.pid}.jsonl`);
const mb = (bytes) => Math.round(bytes / 1e5) / 10;
const line = (fields) =>
  fs.appendFileSync(file, `${JSON.stringify({ wall: Date.now(), ...fields })}\n`);

setInterval(() => {
  const m = process.memoryUsage();
  line({ arrayBuffers: mb(m.arrayBuffers), external: mb(m.external), heapUsed: mb(m.heapUsed) });
}, 250).unref();

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      line({ markCompactMs: Math.round(entry.duration) });
    }
  }
}).observe({ entryTypes: ['gc'] });
