import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKind, freePort, type TestDatabase } from '../../../test/harness.ts';
import { TestBrowser } from '../../../test/http-client.ts';
import { listen, type Listener } from '../../../test/realtime-client.ts';
import { signIn } from '../../../test/sign-in.ts';

const main = path.resolve(import.meta.dirname, '../../main.ts');

/** The real server process (src/main.ts), as `npm start` runs it, on a fixed port. */
function startProcess(env: Record<string, string>): {
  child: ChildProcess;
  exited: Promise<string>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_ON_EMPTY: 'false', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(`${signal ?? code}: ${stderr.slice(-500)}`)),
  );
  return { child, exited };
}

async function healthy(baseUrl: string, exited: Promise<string>) {
  const gone: { why?: string } = {};
  void exited.then((why) => (gone.why = why));
  for (let i = 0; i < 300; i++) {
    if (gone.why !== undefined) throw new Error(`server exited: ${gone.why}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe(`event outbox across a crash (${dbKind})`, () => {
  const children: ChildProcess[] = [];
  const listeners: Listener[] = [];
  let tdb: TestDatabase | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'heartline-crash-'));

  afterAll(async () => {
    for (const l of listeners) l.socket.disconnect();
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await tdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers an event committed just before SIGKILL once the server is back, exactly once', async () => {
    let databaseEnv: Record<string, string> = { DATA_DIR: dataDir };
    if (dbKind === 'postgres') {
      tdb = await createTestDatabase();
      await tdb.db.destroy();
      databaseEnv = { DATA_DIR: dataDir, DATABASE_URL: tdb.url! };
    }
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = { ...databaseEnv, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: baseUrl };

    // First life: dies right after committing a request.created event, before delivering it.
    const first = startProcess({ ...env, FAULT_KILL_AFTER_COMMIT: 'request.created' });
    children.push(first.child);
    await healthy(baseUrl, first.exited);
    const ann = new TestBrowser(baseUrl);
    await signIn(ann, { name: 'Ann Crash', email: 'ann.crash@example.test' });
    const bob = new TestBrowser(baseUrl);
    await signIn(bob, { name: 'Bob Crash', email: 'bob.crash@example.test' });
    const bobId = (
      (await (await bob.request('/api/auth/session')).json()) as { user: { id: string } }
    ).user.id;
    // A new account takes requests only from people with a friend in common: Bob opens up.
    const open = await bob.request('/api/me/settings', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ safety: { requireMutualConnections: false } }),
    });
    expect(open.status).toBe(200);
    const bobLive = listen(baseUrl, bob.cookieHeader(), { reconnection: true });
    listeners.push(bobLive);
    await bobLive.ready();

    const sent = ann
      .request('/api/connection-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ toUserId: bobId }),
      })
      .then(
        (res) => `answered ${res.status}`,
        () => 'no answer',
      );
    // A server that answered did not die; one that died never answers.
    expect(await sent).toBe('no answer');
    expect(await first.exited).toMatch(/^SIGKILL/);
    expect(bobLive.received.filter((e) => e.type === 'request.created')).toEqual([]);

    // Second life: the undelivered event goes out, and the reconnected client resumes.
    const second = startProcess(env);
    children.push(second.child);
    await healthy(baseUrl, second.exited);
    const created = await bobLive.next('request.created', () => true, 15_000);
    expect(created.request.user.name).toBe('Ann Crash');
    await new Promise((r) => setTimeout(r, 1500));
    expect(bobLive.applied.filter((e) => e.type === 'request.created')).toHaveLength(1);
    expect(bobLive.applied.filter((e) => e.type === 'badges.updated')).toHaveLength(1);
    // The request itself committed with its event: Bob has it.
    const list = (await (await bob.request('/api/connection-requests')).json()) as {
      incoming: unknown[];
    };
    expect(list.incoming).toHaveLength(1);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 90_000);
});
