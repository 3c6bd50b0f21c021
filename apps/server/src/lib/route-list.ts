import type { FastifyInstance } from 'fastify';

const lists = new WeakMap<FastifyInstance, string[]>();

/**
 * Keeps `METHOD /path` of every route registered on `app` from now on, through Fastify's
 * `onRoute` hook (inherited by every plugin registered after it): call it before any route.
 */
export function recordRoutes(app: FastifyInstance): void {
  const list: string[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) list.push(`${method} ${route.url}`);
  });
}

/** The routes registered on `app` since `recordRoutes` (the access matrix and the fuzzer). */
export function registeredRoutes(app: FastifyInstance): readonly string[] {
  const list = lists.get(app);
  if (!list) throw new Error('recordRoutes(app) was not called before the routes');
  return list;
}
