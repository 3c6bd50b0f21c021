// Diagnostic preload (not part of the bench's figures): logs every mark-compact, and every other
// collection of 5 ms or more, with its wall-clock start and its pause, one JSON line each, to
// gc-<pid>.jsonl in $DIAG_DIR or the temporary directory. Lined up with loop-stalls.mjs and a
// run's `slowDeliveries`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const file = path.join(process.env.DIAG_DIR ?? os.tmpdir(), `gc-${process.pid}.jsonl`);
const kinds = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = entry.detail?.kind;
    if (entry.duration < 5 && kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
    const line = {
      wall: Math.round(performance.timeOrigin + entry.startTime),
      ms: Math.round(entry.duration),
      kind: kinds[kind] ?? kind,
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}).observe({ entryTypes: ['gc'] });
