import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './harness.ts';

/** Whether this machine has a Redis server to start (Debian's redis-server package). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A Redis server of the test's own, on a free loopback port, that the test can stop and start
 * again on the same port (an outage, then recovery), without touching the machine's shared one.
 */
export async function startRedisProcess() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const up = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      if (
        spawnSync('redis-cli', ['-p', String(port), 'ping'])
          .stdout?.toString()
          .trim() === 'PONG'
      )
        return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  };
  const down = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await up();
  return {
    url: `redis://127.0.0.1:${port}`,
    start: up,
    stop: down,
    /** Stops the server answering while its connections stay open (a paused or hung Redis). */
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
}
