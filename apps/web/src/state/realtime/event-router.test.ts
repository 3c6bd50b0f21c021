import {
  requestActions,
  type ConnectionRequestList,
  type ConnectionRequestView,
  type NetworkSummary,
  type SessionResponse,
} from '@heartline/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { networkKeys } from '../queries/network.ts';
import { requestKeys } from '../queries/requests.ts';
import { sessionKeys } from '../queries/session.ts';
import type { StreamEvent } from '@heartline/domain';
import { routeEvent } from './event-router.ts';

const ME = '00000000-0000-7000-8000-00000000000a';
const BOB = '00000000-0000-7000-8000-00000000000b';
const REQ = '00000000-0000-7000-8000-0000000000f1';
const REQ2 = '00000000-0000-7000-8000-0000000000f2';

const request = (direction: 'incoming' | 'outgoing'): ConnectionRequestView => ({
  id: REQ,
  kind: 'connect',
  status: 'PENDING',
  direction,
  user: { userId: BOB, name: 'Bob Bakker', avatar: null, trustScore: 30, mutualConnections: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
  actions: direction === 'incoming' ? ['accept', 'reject'] : ['cancel'],
  invitationId: null,
});

/** An invite-chain request as the viewer sees it at `status`. */
const chain = (
  status: ConnectionRequestView['status'],
  direction: 'incoming' | 'outgoing',
): ConnectionRequestView => ({
  ...request(direction),
  kind: 'invite',
  status,
  actions: requestActions({ kind: 'invite', status, direction }),
  invitationId: '00000000-0000-7000-8000-0000000000c1',
});

function seeded(): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData<ConnectionRequestList>(requestKeys.all, { incoming: [], outgoing: [] });
  qc.setQueryData<SessionResponse>(sessionKeys.session, {
    user: {
      id: ME,
      email: null,
      name: 'Me',
      dob: null,
      photoUrl: null,
      avatarUrl: null,
      onboardingCompleted: true,
      trustScore: 0,
      friendCount: 0,
    },
  });
  qc.setQueryData<NetworkSummary>(networkKeys.summary, {
    counts: { all: 0, first: 0, second: 0, third: 0, favorites: 0 },
    thirdCapped: false,
    trustScore: 0,
    calculation: {
      firstDegreeCount: 0,
      secondDegreeCount: 0,
      firstDegreePoints: 0,
      secondDegreePoints: 0,
      formula: '',
    },
    unlockedTabs: { firstDegree: true, secondDegree: false, thirdDegree: false },
    pendingRequests: 0,
  });
  return qc;
}

type Notice = { type: 'success' | 'info'; message: string; duration?: number | undefined };

/** Routes one event as the socket client would; returns what the user was told, if anything. */
function route(qc: QueryClient, event: Omit<StreamEvent, 'stream' | 'seq'>): Notice | null {
  let notice: Notice | null = null;
  routeEvent(qc, { stream: `user:${ME}`, seq: 1, ...event } as StreamEvent, {
    userId: ME,
    notify: (type, message, duration) => (notice = { type, message, duration }),
    sessionEnded: () => undefined,
  });
  return notice;
}

describe('realtime event router', () => {
  it('puts an incoming request into the list and announces it', () => {
    const qc = seeded();
    const notice = route(qc, {
      type: 'request.created',
      payload: { request: request('incoming') },
    });
    expect(qc.getQueryData<ConnectionRequestList>(requestKeys.all)?.incoming).toHaveLength(1);
    expect(notice).toEqual({ type: 'info', message: 'Friend Request: Bob Bakker' });
  });

  it('tells the requester who accepted and drops the pending request', () => {
    const qc = seeded();
    qc.setQueryData<ConnectionRequestList>(requestKeys.all, {
      incoming: [],
      outgoing: [request('outgoing')],
    });
    const notice = route(qc, {
      type: 'request.accepted',
      payload: {
        request: { ...request('outgoing'), status: 'accepted' },
        requesterId: ME,
        approverName: 'Bob Bakker',
        approverPhoto: null,
        message: 'Bob Bakker accepted your connection request!',
      },
    });
    expect(notice?.message).toBe('Bob Bakker accepted your connection request!');
    expect(qc.getQueryData<ConnectionRequestList>(requestKeys.all)?.outgoing).toHaveLength(0);
  });

  it('drops a received request the sender withdrew, without a notice', () => {
    const qc = seeded();
    qc.setQueryData<ConnectionRequestList>(requestKeys.all, {
      incoming: [request('incoming')],
      outgoing: [],
    });
    const notice = route(qc, {
      type: 'request.cancelled',
      payload: { requestId: REQ },
    });
    expect(notice).toBeNull();
    expect(qc.getQueryData<ConnectionRequestList>(requestKeys.all)?.incoming).toHaveLength(0);
  });

  it('patches trust everywhere it is shown, including the tab unlocks', () => {
    const qc = seeded();
    route(qc, {
      type: 'trust.updated',
      payload: { trustScore: 32, firstDegreeCount: 3, secondDegreeCount: 2 },
    });
    expect(qc.getQueryData<SessionResponse>(sessionKeys.session)?.user).toMatchObject({
      trustScore: 32,
      friendCount: 3,
    });
    const summary = qc.getQueryData<NetworkSummary>(networkKeys.summary);
    expect(summary?.trustScore).toBe(32);
    expect(summary?.unlockedTabs.secondDegree).toBe(true);
    expect(summary?.calculation.firstDegreePoints).toBe(30);
  });

  it('keeps the requests count in step with the badge, and shows system notices', () => {
    const qc = seeded();
    expect(route(qc, { type: 'badges.updated', payload: { pendingRequests: 4 } })).toBeNull();
    expect(qc.getQueryData<NetworkSummary>(networkKeys.summary)?.pendingRequests).toBe(4);
    expect(route(qc, { type: 'system.notice', payload: { text: 'hi' } })).toEqual({
      type: 'info',
      message: 'hi',
      duration: undefined,
    });
  });

  it('announces an invite approval for 5 s and keeps the request, now approved, in the list', () => {
    const qc = seeded();
    route(qc, { type: 'request.created', payload: { request: chain('PENDING', 'outgoing') } });
    const notice = route(qc, {
      type: 'request.approved',
      payload: {
        request: chain('approved', 'outgoing'),
        requesterId: ME,
        approverName: 'Bob Bakker',
        approverPhoto: null,
        message: 'Bob Bakker approved your connection request.',
      },
    });
    expect(notice).toEqual({
      type: 'success',
      message: 'Connection Approved! 🎉 Bob Bakker approved your connection request.',
      duration: 5000,
    });
    const list = qc.getQueryData<ConnectionRequestList>(requestKeys.all);
    expect(list?.outgoing.map((r) => r.status)).toEqual(['approved']);
  });

  it('swaps the closed step for the request that asks for final approval', () => {
    const qc = seeded();
    route(qc, { type: 'request.created', payload: { request: chain('approved', 'outgoing') } });
    const back = { ...chain('FINAL_APPROVAL_PENDING', 'incoming'), id: REQ2 };
    const notice = route(qc, {
      type: 'request.final_approval',
      payload: { request: back, replaces: REQ, message: 'Bob wants to be friends.' },
    });
    expect(notice?.message).toBe('Bob wants to be friends.');
    const list = qc.getQueryData<ConnectionRequestList>(requestKeys.all);
    expect(list?.outgoing).toEqual([]);
    expect(list?.incoming.map((r) => [r.id, r.actions])).toEqual([
      [REQ2, ['final-approve', 'final-decline']],
    ]);
  });

  it('ends the session when it is revoked elsewhere', () => {
    const qc = seeded();
    const ended: string[] = [];
    routeEvent(
      qc,
      { stream: 'session:x', seq: 1, type: 'session.revoked', payload: { reason: 'expired' } },
      { userId: ME, notify: () => undefined, sessionEnded: (reason) => ended.push(reason) },
    );
    expect(ended).toEqual(['expired']);
  });
});
