// `npm test`: unit + integration tests (Vitest), then the browser tests (Playwright, system Chromium).
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

const unit = run('npx', ['vitest', 'run']);
if (unit !== 0) process.exit(unit);
process.exit(run('npx', ['playwright', 'test']));
