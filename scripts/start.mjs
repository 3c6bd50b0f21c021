// `npm start`: builds the web app when its sources changed since the last build, then runs
// the server (which serves the build) on the embedded defaults.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.source-hash');

function hashTree(hash, dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) hashTree(hash, full);
    else {
      const stat = fs.statSync(full);
      hash.update(`${path.relative(root, full)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const dir of ['apps/web/src', 'apps/web/public', 'packages/domain/src'])
    hashTree(hash, path.join(root, dir));
  for (const file of ['apps/web/index.html', 'apps/web/vite.config.ts', 'package-lock.json']) {
    const full = path.join(root, file);
    if (fs.existsSync(full)) hash.update(`${file}:${fs.statSync(full).mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const wanted = sourceHash();
const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
if (current !== wanted || !fs.existsSync(path.join(dist, 'index.html'))) {
  console.log('Building the web app...');
  // Always a production build: NODE_ENV=test (e2e) must not ship React's development bundle.
  const build = spawnSync('npm', ['run', 'build', '-w', '@heartline/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  fs.writeFileSync(stampFile, wanted);
}

const server = spawn(
  process.execPath,
  [...serverNodeFlags, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    // Image processing allocates from many libvips threads; with glibc's default of one
    // malloc arena per thread the freed memory fragments and RSS creeps up with every upload.
    // Two arenas keep it flat (bench/photos).
    env: { WEB_DIST: dist, MALLOC_ARENA_MAX: '2', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
