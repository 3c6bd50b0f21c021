// The start-up's speed devices, each measured against its removal (issue 44): builds the web app
// as it is ("base") and once per device with that device taken out, then runs the whole
// Lighthouse bench (run.mjs) on every build in turn, round after round, on the same server code,
// and `bench/web-bundle` once per build (bytes are deterministic). A device whose gain is within
// the rounds' spread is a candidate for removal (docs/PERFORMANCE.md).
//
//   node bench/lighthouse/devices-ab.mjs [--devices=lazy-schemas,first-screen,...] [--rounds=3]
//     [--runs=3] [--routes=/auth,/profile] [--extra=name=<build dir>,...] [--out=<file>]
//     [--bytes-only=react-router]
//
// --extra adds builds made elsewhere (another commit's apps/web/dist) to the rounds. The devices'
// removals edit the working tree for the length of their build and put every file back after
// it, so run this on a clean tree and edit nothing while it builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { median, root } from '../serve-build.mjs';

const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const rounds = Number(arg('rounds') ?? 3);
const runs = arg('runs') ?? '3';
const routes = arg('routes');
const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** Replaces `from` by `to` in `file`, failing loudly when the device's code has moved. */
function replaceIn(file, from, to) {
  const text = read(file);
  if (!text.includes(from)) throw new Error(`${file}: the device's code was not found`);
  return { [file]: text.replace(from, to) };
}

/** `z.lazy(() => X)` becomes `X` and `built(X)` becomes `X`, in every schema module. */
function withoutLazySchemas() {
  const dir = 'packages/domain/src';
  const out = {};
  for (const name of fs.readdirSync(path.join(root, dir))) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    const file = `${dir}/${name}`;
    let text = read(file);
    for (let pass = 0; pass < 10; pass++) {
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const edits = [];
      const visit = (node) => {
        if (ts.isCallExpression(node)) {
          const callee = node.expression.getText(source);
          const [first] = node.arguments;
          if (
            callee === 'z.lazy' &&
            first &&
            ts.isArrowFunction(first) &&
            !ts.isBlock(first.body)
          ) {
            let body = first.body;
            while (ts.isParenthesizedExpression(body)) body = body.expression;
            edits.push([node.getStart(source), node.getEnd(), body.getText(source)]);
            return;
          }
          if (callee === 'built' && first) {
            edits.push([node.getStart(source), node.getEnd(), first.getText(source)]);
            return;
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      if (edits.length === 0) break;
      for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) {
        text = text.slice(0, start) + replacement + text.slice(end);
      }
    }
    if (text !== read(file)) out[file] = text;
  }
  return out;
}

/** Each device: the files it changes when taken out. */
const DEVICES = {
  // A screen whose code is in renders at once instead of through React.lazy, and the first
  // render waits for the current screen's code (lib/lazy-screen.ts, main.tsx).
  'loaded-screen': () => ({
    ...replaceIn(
      'apps/web/src/lib/lazy-screen.ts',
      'createElement(Loaded ?? Lazy)',
      'createElement(Lazy)',
    ),
    ...replaceIn(
      'apps/web/src/main.tsx',
      'void screenCode\n  .catch(() => undefined)\n  .then(',
      'void Promise.resolve().then(',
    ),
  }),
  // Every module-level schema built on first use (packages/domain/src/zod.ts).
  'lazy-schemas': withoutLazySchemas,
  // Work nothing on the first screen shows waits for it (lib/first-screen.ts): started at once.
  'first-screen': () =>
    replaceIn('apps/web/src/lib/first-screen.ts', 'let isIn = false;', 'let isIn = true;'),
  // The code the signed-in screens share in one `signed-in` chunk (its codeSplitting group).
  'signed-in-chunk': () =>
    replaceIn(
      'apps/web/vite.config.ts',
      'includeDependenciesRecursively: false,',
      'includeDependenciesRecursively: false,\n              test: () => false,',
    ),
  // The modules every signed-in start runs put in the `signed-in` chunk (SIGNED_IN_ONLY).
  'signed-in-only': () =>
    replaceIn(
      'apps/web/vite.config.ts',
      'const SIGNED_IN_ONLY = new RegExp(',
      'const SIGNED_IN_ONLY = /(?!)/ || new RegExp(',
    ),
  // wouter and the app's history instead of React Router: React Router's code put back in the
  // entry (what every first load fetches, compiles and evaluates; its routing work not counted).
  // The whole package: a namespace kept whole is not tree-shaken, so this is an upper bound.
  // Needs `npm install --no-save react-router@7` first.
  'react-router': () => {
    if (!fs.existsSync(path.join(root, 'node_modules/react-router'))) {
      throw new Error('react-router is not installed: npm install --no-save react-router@7');
    }
    return replaceIn(
      'apps/web/src/main.tsx',
      "import './styles/index.css';",
      "import './styles/index.css';\nimport * as reactRouter from 'react-router';\n" +
        '(window as unknown as Record<string, unknown>).__reactRouter = reactRouter;',
    );
  },
};

const chosen = (arg('devices') ?? Object.keys(DEVICES).join(',')).split(',').filter(Boolean);
/** Devices whose removal is measured in bytes only (bench/web-bundle), not in the rounds. */
const bytesOnly = new Set((arg('bytes-only') ?? '').split(',').filter(Boolean));
for (const name of [...chosen, ...bytesOnly]) {
  if (!DEVICES[name]) throw new Error(`unknown device ${name}`);
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-devices-ab-'));

function build(name) {
  const outDir = path.join(work, name);
  const result = spawnSync('npm', ['run', 'build', '-w', '@heartline/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`${name}: the build failed`);
  fs.cpSync(path.join(root, 'apps/web/dist'), outDir, { recursive: true });
  return outDir;
}

const builds = { base: build('base') };
for (const name of [...chosen, ...bytesOnly]) {
  const edits = DEVICES[name]();
  const originals = Object.fromEntries(Object.keys(edits).map((file) => [file, read(file)]));
  try {
    for (const [file, text] of Object.entries(edits)) fs.writeFileSync(path.join(root, file), text);
    builds[`without ${name}`] = build(name.replace(/\W/g, '-'));
  } finally {
    for (const [file, text] of Object.entries(originals)) {
      fs.writeFileSync(path.join(root, file), text);
    }
  }
}
// The tree is as it was: `npm start` (run.mjs's server) would otherwise rebuild apps/web/dist.
build('restored');
for (const pair of (arg('extra') ?? '').split(',').filter(Boolean)) {
  const [name, dir] = pair.split('=');
  builds[name] = path.resolve(dir);
}

const node = (script, args) =>
  spawnSync(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit' });

const bundles = {};
for (const [name, dir] of Object.entries(builds)) {
  const out = path.join(work, `bundle-${name.replace(/\W/g, '-')}.json`);
  node('bench/web-bundle/run.mjs', [`--dist=${dir}`, `--out=${out}`]);
  if (fs.existsSync(out)) {
    bundles[name] = JSON.parse(fs.readFileSync(out, 'utf8')).routes.map((r) => ({
      route: r.route,
      jsWireKB: r.jsWireKB,
      wireKB: r.wireKB,
      requests: r.requests,
    }));
  }
}

// Every build once per round, the order turned by one each round, so no build always runs first.
const names = Object.keys(builds).filter((name) => !bytesOnly.has(name.replace(/^without /, '')));
const lighthouse = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < names.length; i++) {
    const name = names[(i + round) % names.length];
    const out = path.join(work, `lh-${name.replace(/\W/g, '-')}-${round}.json`);
    console.log(`\n== round ${round + 1}/${rounds}: ${name}`);
    node('bench/lighthouse/run.mjs', [
      `--dist=${builds[name]}`,
      `--out=${out}`,
      `--runs=${runs}`,
      ...(routes ? [`--routes=${routes}`] : []),
    ]);
    if (fs.existsSync(out)) lighthouse[name].push(JSON.parse(fs.readFileSync(out, 'utf8')));
  }
}

const KEYS = ['performance', 'lcpMs', 'tbtMs', 'cls', 'scriptBeforeUsableKB', 'repeatUsableMs'];
const summary = {};
for (const name of names) {
  summary[name] = {};
  const perRoute = new Map();
  for (const whole of lighthouse[name]) {
    for (const r of whole.routes) {
      if (!perRoute.has(r.route)) perRoute.set(r.route, []);
      perRoute.get(r.route).push(r.median);
    }
  }
  for (const [route, medians] of perRoute) {
    summary[name][route] = Object.fromEntries(
      KEYS.map((key) => {
        const values = medians.map((m) => m[key]).filter((v) => typeof v === 'number');
        return [
          key,
          { median: median(values), spread: [Math.min(...values), Math.max(...values)] },
        ];
      }),
    );
  }
}

const result = {
  date: new Date().toISOString(),
  what: 'each device against its removal; medians of each whole run, then their median',
  rounds,
  runsPerRoute: Number(runs),
  benchmarkIndex: Object.fromEntries(
    names.map((name) => [name, lighthouse[name].map((w) => w.machine.benchmarkIndex)]),
  ),
  bundles,
  summary,
  wholeRuns: lighthouse,
};
const file =
  arg('out') ??
  path.join(import.meta.dirname, 'results', `devices-ab-${result.date.slice(0, 10)}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

for (const route of Object.keys(summary.base ?? {})) {
  console.log(`\n${route}`);
  for (const name of names) {
    const s = summary[name][route];
    if (!s) continue;
    const show = (key) => `${s[key].median} [${s[key].spread.join('–')}]`;
    console.log(
      `  ${name.padEnd(26)} LCP ${show('lcpMs')}  TBT ${show('tbtMs')}  perf ${show('performance')}` +
        `  JS ${show('scriptBeforeUsableKB')} KiB  repeat ${show('repeatUsableMs')} ms`,
    );
  }
}
console.log(`\n${file}`);
fs.rmSync(work, { recursive: true, force: true });
