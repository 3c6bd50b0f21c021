import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisProcess } from '../../test/redis-process.ts';
import { announceUntilSent, connectRedis, type RedisClients } from './redis.ts';

const quiet = { warn: () => undefined, info: () => undefined };

describe.skipIf(!hasRedisServer)('the Redis connections (issue 45)', () => {
  let redis: Awaited<ReturnType<typeof startRedisProcess>>;
  beforeAll(async () => {
    redis = await startRedisProcess();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("never leaves a publish of the Socket.IO adapter's unhandled, even once closed", async () => {
    const clients = await connectRedis(redis.url, 'hltest', quiet);
    await Promise.all([clients.pub.quit(), clients.sub.quit()]);
    // What the adapter does on an emit during a shutdown: the plain client rejects...
    await expect(clients.pub.publish('channel', 'x')).rejects.toThrow();
    // ...the adapter's view answers, and nothing is left to reject.
    await expect(clients.adapterPub.publish('channel', 'x')).resolves.toBe(0);
  });

  it('fails a command at once while Redis is down, and works again once it is back', async () => {
    const clients = await connectRedis(redis.url, 'hltest', quiet);
    try {
      await redis.stop();
      const started = performance.now();
      await expect(clients.pub.get('key')).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(1000);
      await redis.start();
      let value: string | null | undefined;
      for (let i = 0; i < 60 && value === undefined; i++) {
        value = await clients.pub.set('key', 'back').then(
          () => clients.pub.get('key'),
          () => undefined,
        );
        if (value === undefined) await new Promise((r) => setTimeout(r, 100));
      }
      expect(value).toBe('back');
    } finally {
      await Promise.all([clients.pub.quit(), clients.sub.quit()]).catch(() => undefined);
    }
  });

  it('offers an announcement again until Redis takes it', async () => {
    const clients: RedisClients = await connectRedis(redis.url, 'hltest', quiet);
    const heard: string[] = [];
    await clients.sub.subscribe('hltest:announce', (message) => heard.push(message));
    try {
      await redis.stop();
      await announceUntilSent(clients, 'hltest:announce', 'signed-out', quiet);
      expect(heard).toEqual([]);
      await redis.start();
      for (let i = 0; i < 80 && heard.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(heard).toEqual(['signed-out']);
    } finally {
      await Promise.all([clients.pub.quit(), clients.sub.quit()]).catch(() => undefined);
    }
  });
});
