import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const main = path.resolve(import.meta.dirname, '../src/main.ts');

export type ServerProcess = {
  child: ChildProcess;
  /** When it was spawned (ms since the epoch). */
  startedAt: number;
  /** Resolves once it has exited: `<signal or code>: <the tail of its stderr>`. */
  exited: Promise<string>;
  /** Resolves once /api/health answers; throws if the process exits first. */
  healthy: () => Promise<void>;
  /** Whether it is still running. */
  alive: () => boolean;
};

/**
 * The real server process (src/main.ts), as `npm start` runs it, on the port and database the
 * caller's env names (HOST, PORT, PUBLIC_URL, DATA_DIR and DATABASE_URL if any).
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const baseUrl = env.PUBLIC_URL;
  if (!baseUrl) throw new Error('startServerProcess needs PUBLIC_URL');
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_ON_EMPTY: 'false', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let gone: string | undefined;
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      gone = `${signal ?? code}: ${stderr.slice(-500)}`;
      resolve(gone);
    }),
  );
  return {
    child,
    startedAt,
    exited,
    alive: () => gone === undefined,
    async healthy() {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (gone !== undefined) throw new Error(`server exited: ${gone}`);
        try {
          if ((await fetch(`${baseUrl}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('server did not start within 60 s');
    },
  };
}

/** Waits for `promise`, failing with `what` (read when it fails) after `ms`. */
export async function within<T>(
  promise: Promise<T>,
  ms: number,
  what: string | (() => string),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${typeof what === 'string' ? what : what()}: not within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
