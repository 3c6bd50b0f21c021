// Diagnostic preload (not part of the bench's figures): allocation sampling of the objects that
// outlive a scavenge. The first SIGUSR2 starts V8's sampling heap profiler, keeping samples of
// objects a mark-compact collects later and dropping those a scavenge collects; the second
// writes survivors-<pid>.heapprofile (DevTools' Memory panel reads it) to $DIAG_DIR or the
// temporary directory.
//   BENCH_SERVER_NODE_ARGS='--import ./bench/chat/diag/survivors.mjs' npx node --import tsx bench/chat/run.mjs ...
//   kill -USR2 <server pid>; sleep 15; kill -USR2 <server pid>
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';

const session = new inspector.Session();
session.connect();
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
  );

let sampling = false;
process.on('SIGUSR2', () => {
  const step = sampling
    ? post('HeapProfiler.stopSampling').then(({ profile }) => {
        const file = path.join(
          process.env.DIAG_DIR ?? os.tmpdir(),
          `survivors-${process.pid}.heapprofile`,
        );
        fs.writeFileSync(file, JSON.stringify(profile));
      })
    : post('HeapProfiler.enable').then(() =>
        post('HeapProfiler.startSampling', {
          samplingInterval: 16_384,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: false,
        }),
      );
  sampling = !sampling;
  step.catch((err) => console.error('survivors.mjs:', err));
});
