import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  CONNECTION_COUNT_LIMIT,
  errorCodes,
  EXPORT_LIMIT,
  NETWORK_READ_LIMIT,
  networkMessages,
  PATH_VIEW_LIMIT,
  PROFILE_UPDATE_LIMIT,
  profileMessages,
  SETTINGS_UPDATE_LIMIT,
  settingsMessages,
  type ErrorBody,
} from '@heartline/domain';
import { dbKind, redisUrl, useTestServer } from '../../test/harness.ts';
import { createPeople } from '../../test/network-fixtures.ts';
import { createSessionsService } from '../modules/auth/sessions.service.ts';
import { ROUTE_BUDGETS } from './route-budgets.ts';

/**
 * Issue 18: per-user budgets on the routes that had none (plugins/route-budgets.ts). Each group
 * answers its calls up to the budget, then 429 in the app's error shape with Retry-After; the
 * routes of a group share one budget; another person's budget is untouched.
 */

// With TEST_REDIS_URL the counters live in Redis, as in production.
const t = useTestServer(redisUrl ? { REDIS_URL: redisUrl } : {});

type Call = { method: 'GET' | 'PUT' | 'PATCH'; url: string; body?: unknown };

let sessions: ReturnType<typeof createSessionsService>;
beforeAll(() => {
  sessions = createSessionsService(t.db, { idleMs: 3_600_000, absoluteMs: 3_600_000 });
});

/** A fresh signed-in person: an onboarded profile, so every call answers as in the app. */
async function freshUser(label: string): Promise<{ id: string; cookie: string }> {
  const [person] = await createPeople(t.db, [`${label} Budget`]);
  await t.db.updateTable('users').set({ dob: '1990-01-01' }).where('id', '=', person!.id).execute();
  const { token } = await sessions.create(person!.id, 'vitest-budgets');
  return { id: person!.id, cookie: `hl_session=${token}` };
}

async function send(cookie: string | null, call: Call) {
  const res = await t.server.app.inject({
    method: call.method,
    url: call.url,
    headers: {
      ...(cookie ? { cookie } : {}),
      // As the browser names it on every state-changing request (plugins/security.ts).
      origin: t.server.baseUrl,
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  });
  return { status: res.statusCode, headers: res.headers, body: res.json<unknown>() };
}

type Group = {
  name: string;
  limit: { points: number; windowMs: number };
  message: string;
  /** The i-th call of the group (the routes of a group take turns). */
  call: (i: number, self: string) => Call;
};

const GROUPS: Group[] = [
  {
    name: 'network pages (GET /api/network, /summary, /connections together)',
    limit: NETWORK_READ_LIMIT,
    message: networkMessages.tooManyNetworkReads,
    call: (i) =>
      [
        { method: 'GET', url: '/api/network?tab=all' },
        { method: 'GET', url: '/api/network/summary' },
        { method: 'GET', url: '/api/network/connections?tab=all&limit=5' },
      ][i % 3] as Call,
  },
  {
    name: 'path views (GET /api/network/path/:userId)',
    limit: PATH_VIEW_LIMIT,
    message: networkMessages.tooManyPathViews,
    call: () => ({ method: 'GET', url: `/api/network/path/${crypto.randomUUID()}` }),
  },
  {
    name: 'friend-count lookups (GET /api/connections/user/:userId/count)',
    limit: CONNECTION_COUNT_LIMIT,
    message: networkMessages.tooManyCountLookups,
    call: (_i, self) => ({ method: 'GET', url: `/api/connections/user/${self}/count` }),
  },
  {
    name: 'profile saves (PATCH /api/me/profile, PUT /api/onboarding/profile)',
    limit: PROFILE_UPDATE_LIMIT,
    message: profileMessages.tooManyUpdates,
    call: (i) =>
      i % 2
        ? { method: 'PATCH', url: '/api/me/profile', body: { bio: `Bio ${i}` } }
        : {
            method: 'PUT',
            url: '/api/onboarding/profile',
            body: { name: `Name ${i}`, dob: '1990-01-01' },
          },
  },
  {
    name: 'privacy and settings saves (PUT /api/me/privacy, PATCH /api/me/settings)',
    limit: SETTINGS_UPDATE_LIMIT,
    message: settingsMessages.tooManyUpdates,
    call: (i) =>
      i % 2
        ? { method: 'PUT', url: '/api/me/privacy', body: { showInPaths: i % 4 === 1 } }
        : {
            method: 'PATCH',
            url: '/api/me/settings',
            body: { safety: { hideFromSearch: i % 4 === 0 } },
          },
  },
  {
    name: 'data exports (GET /api/me/export)',
    limit: EXPORT_LIMIT,
    message: accountMessages.tooManyExports(60),
    call: () => ({ method: 'GET', url: '/api/me/export' }),
  },
];

describe(`issue 18: per-user budgets of the routes that had none (${dbKind})`, () => {
  it('lists exactly the routes the groups below exercise', () => {
    expect(Object.keys(ROUTE_BUDGETS).sort()).toEqual(
      [
        'GET /api/network',
        'GET /api/network/summary',
        'GET /api/network/connections',
        'GET /api/network/path/:userId',
        'GET /api/connections/user/:userId/count',
        'PATCH /api/me/profile',
        'PUT /api/onboarding/profile',
        'PUT /api/me/privacy',
        'PATCH /api/me/settings',
        'GET /api/me/export',
      ].sort(),
    );
  });

  for (const group of GROUPS) {
    it(`${group.name}: ${group.limit.points} per ${group.limit.windowMs / 60_000} min, then 429`, async () => {
      const me = await freshUser('Spender');
      for (let i = 0; i < group.limit.points; i++) {
        const res = await send(me.cookie, group.call(i, me.id));
        expect(res.status, `call ${i + 1}`).toBeLessThan(429);
      }
      const refused = await send(me.cookie, group.call(group.limit.points, me.id));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: { code: errorCodes.rateLimited, message: group.message },
      } satisfies ErrorBody);
      const retry = Number(refused.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(group.limit.windowMs / 1000);

      // Per person: someone else's calls still answer, and a call without a session is the
      // route's own 401, never a 429.
      const other = await freshUser('Other');
      expect((await send(other.cookie, group.call(0, other.id))).status).toBeLessThan(429);
      expect((await send(null, group.call(0, me.id))).status).toBe(401);
    });
  }
});
