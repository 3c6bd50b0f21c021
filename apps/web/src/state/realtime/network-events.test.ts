import type {
  ConnectionRequestList,
  ConnectionRequestView,
  NetworkSummary,
  SessionResponse,
} from '@heartline/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { networkKeys } from '../queries/network.ts';
import { requestKeys } from '../queries/requests.ts';
import { sessionKeys } from '../queries/session.ts';
import { applyNetworkEvent } from './network-events.ts';

const ME = '00000000-0000-7000-8000-00000000000a';
const BOB = '00000000-0000-7000-8000-00000000000b';
const REQ = '00000000-0000-7000-8000-0000000000f1';

const request = (direction: 'incoming' | 'outgoing'): ConnectionRequestView => ({
  id: REQ,
  kind: 'connect',
  status: 'PENDING',
  direction,
  user: { userId: BOB, name: 'Bob Bakker', avatar: null, trustScore: 30, mutualConnections: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
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

describe('network realtime events', () => {
  it('puts an incoming request into the list and announces it', () => {
    const qc = seeded();
    const notice = applyNetworkEvent(qc, {
      name: 'request.created',
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
    const notice = applyNetworkEvent(qc, {
      name: 'request.accepted',
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
    const notice = applyNetworkEvent(qc, {
      name: 'request.cancelled',
      payload: { requestId: REQ },
    });
    expect(notice).toBeNull();
    expect(qc.getQueryData<ConnectionRequestList>(requestKeys.all)?.incoming).toHaveLength(0);
  });

  it('patches trust everywhere it is shown, including the tab unlocks', () => {
    const qc = seeded();
    applyNetworkEvent(qc, {
      name: 'trust.updated',
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

  it('keeps the requests count in step with the badge, and ignores other events', () => {
    const qc = seeded();
    applyNetworkEvent(qc, { name: 'badges.updated', payload: { pendingRequests: 4 } });
    expect(qc.getQueryData<NetworkSummary>(networkKeys.summary)?.pendingRequests).toBe(4);
    expect(applyNetworkEvent(qc, { name: 'system.notice', payload: { text: 'hi' } })).toBeNull();
  });
});
