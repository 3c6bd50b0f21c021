import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  config.webDist ??= path.resolve(import.meta.dirname, '../../web/dist');

  const started = performance.now();
  const built = await buildApp(config);
  const { app } = built;
  try {
    await built.storage.check();
  } catch (err) {
    console.error((err as Error).message);
    await built.close();
    process.exit(1);
  }

  if (config.seedOnEmpty) {
    const { seedIfEmpty } = await import('./db/seed/world.ts');
    const seeded = await seedIfEmpty(built.db, built.storage, {
      users: config.seedUsers,
      log: (m) => app.log.info(m),
    });
    if (seeded) {
      // The seed writes friendships in bulk, outside the graph write path.
      await built.reloadGraph();
      app.log.info('seeded the demo world');
    }
  }

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `${config.productName} ready at ${config.publicUrl} in ${Math.round(performance.now() - started)} ms`,
  );

  const shutdown = (signal: string) => {
    app.log.info(`${signal}: draining`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    built.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
