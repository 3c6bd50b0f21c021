import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://localhost:${port}`;
// A fresh embedded database for every run; the server removes nothing else.
// Set once in the main process; workers inherit it through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    // Decided, so the in-app notifications prompt stays away; e2e/notifications.spec.ts
    // clears it in a context of its own to see the prompt.
    permissions: ['notifications'],
    trace: 'off',
    // The API requests journeys make for set-up (page.request) name the app's origin, as the
    // browser does on its own requests: the server refuses a state-changing request without.
    extraHTTPHeaders: { origin: baseURL },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Camera journeys: a synthetic camera, and the permission prompt answered "allow".
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: 'localhost',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_ON_EMPTY: 'true',
      SEED_USERS: '150',
      LOG_LEVEL: 'warn',
      // Every journey signs people up from 127.0.0.1: on a fast machine the suite passed the
      // 30 sign-in starts a minute one address may make, and a journey met "Too many
      // attempts". The limits themselves are tested at the server (rate-limit.test.ts and the
      // auth tests); here one address stands for many people.
      RATE_LIMIT_SCALE: '10',
      // The staff journeys' first admin, as a deployment makes its own (e2e/staff-helpers.ts):
      // the e-mail is the development provider's account the journeys sign in with.
      STAFF_ADMINS: 'staff.root@example.test',
    },
  },
});
