// Diagnostic preload (not part of the bench's figures): allocation sampling of the objects that
// outlive a scavenge. The first SIGUSR2 starts V8's sampling heap profiler, keeping samples of
// objects a mark-compact collects later and dropping those a scavenge collects; the second
// SIGUSR2 stops it right after the next scavenge and writes survivors-<pid>.heapprofile
// (DevTools' Memory panel reads it) to $DIAG_DIR or the temporary directory.
//   BENCH_SERVER_NODE_ARGS='--import ./bench/chat/diag/survivors.mjs' npx node --import tsx bench/chat/run.mjs ...
//   kill -USR2 <server pid>; sleep 10; kill -USR2 <server pid>
// Why after a scavenge: a sample is dropped only when a collection frees its object. Stopped at
// any other moment, the profile also holds the young objects that died since the last scavenge
// but were not collected yet (up to a young generation's worth, ~50 MB here), shaped like all
// allocation rather than like the survivors.
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const session = new inspector.Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
  );
const report = (err) => console.error('survivors.mjs:', err);

/** idle -> sampling -> (SIGUSR2) stopping at the next scavenge -> idle */
let state = 'idle';

function stop() {
  state = 'writing';
  post('HeapProfiler.stopSampling')
    .then(({ profile }) => {
      const dir = process.env.DIAG_DIR ?? os.tmpdir();
      fs.writeFileSync(
        path.join(dir, `survivors-${process.pid}.heapprofile`),
        JSON.stringify(profile),
      );
    })
    .catch(report)
    .finally(() => (state = 'idle'));
}

new PerformanceObserver((list) => {
  if (state !== 'stopping') return;
  const scavenged = list
    .getEntries()
    .some((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR);
  if (scavenged) stop();
}).observe({ entryTypes: ['gc'] });

process.on('SIGUSR2', () => {
  if (state === 'sampling') {
    state = 'stopping';
    return;
  }
  if (state !== 'idle') return;
  state = 'sampling';
  post('HeapProfiler.enable')
    .then(() =>
      post('HeapProfiler.startSampling', {
        samplingInterval: 16_384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: false,
      }),
    )
    .catch(report);
});
