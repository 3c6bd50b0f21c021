import { requestActions, type ConnectionRequestView } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { actionAriaLabel, chainStepText, requestStatusText } from './request-view.ts';
import { expiryFromChoice, invitationUsage } from './invite-share.ts';
import { shouldOpenRequests } from './network-view.ts';

function view(
  kind: 'connect' | 'invite',
  status: ConnectionRequestView['status'],
  direction: 'incoming' | 'outgoing',
): ConnectionRequestView {
  return {
    id: '00000000-0000-7000-8000-0000000000f1',
    kind,
    status,
    direction,
    user: {
      userId: '00000000-0000-7000-8000-00000000000b',
      name: 'Bo',
      avatar: null,
      trustScore: 0,
      mutualConnections: 0,
    },
    createdAt: '2026-01-01T00:00:00.000Z',
    decidedAt: null,
    actions: requestActions({ kind, status, direction }),
    invitationId: kind === 'invite' ? '00000000-0000-7000-8000-0000000000c1' : null,
  };
}

describe('request rows', () => {
  it('say where an invite chain stands and whom it waits for', () => {
    expect(requestStatusText(view('invite', 'PENDING', 'outgoing'), 'Bo')).toBe(
      'Waiting for Bo to approve.',
    );
    expect(requestStatusText(view('invite', 'approved', 'outgoing'), 'Bo')).toBe(
      'Bo approved. Waiting for their mutual consent.',
    );
    expect(requestStatusText(view('invite', 'FINAL_APPROVAL_PENDING', 'incoming'), 'Bo')).toBe(
      'Bo gave mutual consent. Your final approval makes you friends.',
    );
    expect(chainStepText(view('invite', 'approved', 'incoming'))).toBe('Invitation · step 2 of 3');
  });

  it('leave ordinary requests as they were', () => {
    expect(requestStatusText(view('connect', 'PENDING', 'incoming'), 'Bo')).toBeNull();
    expect(chainStepText(view('connect', 'PENDING', 'incoming'))).toBeNull();
    expect(actionAriaLabel('accept', 'Bo')).toBe('Accept Bo');
    expect(actionAriaLabel('cancel', 'Bo')).toBe('Cancel request to Bo');
  });
});

describe('invitation links', () => {
  it('turn an expiry choice into a date, or none', () => {
    expect(expiryFromChoice('never', 0)).toBeNull();
    expect(expiryFromChoice('7', 0)).toBe(new Date(7 * 86_400_000).toISOString());
  });

  it('describe their use and state', () => {
    const base = { currentUses: 1, maxUses: null, expiresAt: null } as const;
    expect(invitationUsage({ ...base, state: 'active' })).toBe('Used 1 time');
    expect(invitationUsage({ ...base, maxUses: 5, state: 'active' })).toBe('Used 1 of 5');
    expect(invitationUsage({ ...base, maxUses: 1, state: 'used_up' })).toBe(
      'Used 1 of 1 · used up',
    );
    expect(invitationUsage({ ...base, state: 'deactivated' })).toBe('Used 1 time · deactivated');
  });
});

describe('landing on the Network', () => {
  it('opens the requests tab by itself only when more waits than last time', () => {
    expect(shouldOpenRequests(0)).toBe(false);
    expect(shouldOpenRequests(2)).toBe(true);
    expect(shouldOpenRequests(2)).toBe(false);
    expect(shouldOpenRequests(1)).toBe(false);
    expect(shouldOpenRequests(2)).toBe(true);
  });
});
