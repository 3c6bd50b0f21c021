import type { FastifyInstance } from 'fastify';
import {
  accountMessages,
  CONNECTION_COUNT_LIMIT,
  EXPORT_LIMIT,
  NETWORK_READ_LIMIT,
  networkMessages,
  PATH_VIEW_LIMIT,
  PROFILE_UPDATE_LIMIT,
  profileMessages,
  SETTINGS_UPDATE_LIMIT,
  settingsMessages,
} from '@heartline/domain';
import { limitRoutesPerUser, limitRule, type RateLimits, type RouteBudgets } from './rate-limit.ts';

const networkReads = limitRule(
  'network-reads',
  NETWORK_READ_LIMIT,
  () => networkMessages.tooManyNetworkReads,
);
const pathViews = limitRule('path-views', PATH_VIEW_LIMIT, () => networkMessages.tooManyPathViews);
const countLookups = limitRule(
  'count-lookups',
  CONNECTION_COUNT_LIMIT,
  () => networkMessages.tooManyCountLookups,
);
const profileUpdates = limitRule(
  'profile-updates',
  PROFILE_UPDATE_LIMIT,
  () => profileMessages.tooManyUpdates,
);
const settingsUpdates = limitRule(
  'settings-updates',
  SETTINGS_UPDATE_LIMIT,
  () => settingsMessages.tooManyUpdates,
);
const dataExports = limitRule('exports', EXPORT_LIMIT, (retry) =>
  accountMessages.tooManyExports(Math.ceil(retry / 60)),
);

/**
 * Routes with a per-user budget and nothing else to count (issue 18): the graph reads that could
 * read the network out, the profile and settings writes that each re-index the person, and the
 * data export. Routes whose limit depends on what they do (reports and blocks, requests,
 * swipes, invitation links, uploads, sign-in) count in their handlers.
 */
export const ROUTE_BUDGETS: RouteBudgets = {
  'GET /api/network': networkReads,
  'GET /api/network/summary': networkReads,
  'GET /api/network/connections': networkReads,
  'GET /api/network/path/:userId': pathViews,
  'GET /api/connections/user/:userId/count': countLookups,
  'PATCH /api/me/profile': profileUpdates,
  'PUT /api/onboarding/profile': profileUpdates,
  'PUT /api/me/privacy': settingsUpdates,
  'PATCH /api/me/settings': settingsUpdates,
  'GET /api/me/export': dataExports,
};

/** Registers the budgets; before the routes (see limitRoutesPerUser). */
export function registerRouteBudgets(app: FastifyInstance, limits: RateLimits): void {
  limitRoutesPerUser(app, limits, ROUTE_BUDGETS);
}
