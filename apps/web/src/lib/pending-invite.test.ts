import { PENDING_INVITE_TTL_MS } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import {
  clearPendingInvite,
  inviteChoiceDue,
  readPendingInvite,
  savePendingInvite,
  type PendingInvite,
} from './pending-invite.ts';
import { storageKeys } from './storage-keys.ts';
import { memoryStore } from './memory-store.test-support.ts';

const ana = {
  inviteCode: 'q3Xk9_Zb0aLmN7pQr2StUv',
  inviterId: '00000000-0000-7000-8000-00000000000a',
  inviterName: 'Ana',
  inviterAvatar: null,
};

describe('the stored invitation (spec/2 §3 invite context)', () => {
  it('keeps what the landing saw until it is cleared', () => {
    const store = memoryStore();
    savePendingInvite(store, ana, 1_000);
    expect(readPendingInvite(store, 2_000)).toEqual({
      ...ana,
      inviteType: 'general',
      savedAt: 1_000,
    });
    clearPendingInvite(store);
    expect(readPendingInvite(store, 2_000)).toBeNull();
  });

  it('drops one older than the time limit, one from the future, and anything malformed', () => {
    const store = memoryStore();
    savePendingInvite(store, ana, 0);
    expect(readPendingInvite(store, PENDING_INVITE_TTL_MS + 1)).toBeNull();
    expect(store.map.has(storageKeys.pendingInvite)).toBe(false);

    savePendingInvite(store, ana, 10 * 60_000);
    expect(readPendingInvite(store, 0)).toBeNull();

    for (const raw of ['{', '"x"', JSON.stringify({ ...ana, inviteCode: 'a<b', savedAt: 1 })]) {
      store.setItem(storageKeys.pendingInvite, raw);
      expect(readPendingInvite(store, 2)).toBeNull();
      expect(store.map.has(storageKeys.pendingInvite)).toBe(false);
    }
  });
});

describe('when the gate shows the invite-choice screen', () => {
  const invite: PendingInvite = { ...ana, inviteType: 'general', savedAt: 0 };
  const due = (over: Partial<Parameters<typeof inviteChoiceDue>[0]>) =>
    inviteChoiceDue({ pathname: '/profile', invite, ...over });

  it('shows it to a signed-in person holding an invitation, before onboarding too', () => {
    expect(due({})).toBe(true);
    expect(due({ pathname: '/network' })).toBe(true);
    // Right after sign-in, where a newcomer lands (issue 45: it came after onboarding).
    expect(due({ pathname: '/onboarding' })).toBe(true);
  });

  it('stays off screens with their own flow', () => {
    expect(due({ invite: null })).toBe(false);
    // `/` redirects first; the choice shows on the screen it leads to.
    for (const pathname of ['/', '/auth', '/invite/abc', '/terms', '/privacy']) {
      expect(due({ pathname }), pathname).toBe(false);
    }
  });
});
