import type { FastifyInstance } from 'fastify';
import { registeredRoutes } from '../src/lib/route-list.ts';

/** The route table as Fastify registered it: `METHOD /path` for every route, once each. */
export function routeTable(app: FastifyInstance): string[] {
  return [...new Set(registeredRoutes(app))];
}
