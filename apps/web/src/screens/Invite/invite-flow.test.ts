import { inviteMessages } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { LOOKUP_TIMEOUT } from '../../state/queries/invitations.ts';
import { acceptErrorMessage, lookupFailure } from './use-process-invite.ts';

describe('a failed invitation lookup', () => {
  it('names what is wrong with a link that will not work, and sends the visitor on', () => {
    expect(lookupFailure(new ApiError('NOT_FOUND', inviteMessages.notFound, 404))).toBe(
      inviteMessages.invalidLink,
    );
    expect(lookupFailure(new ApiError('GONE', inviteMessages.deactivated, 410))).toBe(
      inviteMessages.deactivated,
    );
    expect(lookupFailure(new ApiError('NOT_FOUND', inviteMessages.creatorMissing, 404))).toBe(
      inviteMessages.creatorMissing,
    );
  });

  it('leaves a passing failure to Try Again (timeout, network, server, rate limit)', () => {
    expect(lookupFailure(new ApiError(LOOKUP_TIMEOUT, inviteMessages.lookupTimeout, 0))).toBeNull();
    expect(lookupFailure(new ApiError('NETWORK_ERROR', 'x', 0))).toBeNull();
    expect(lookupFailure(new ApiError('INTERNAL', 'x', 503))).toBeNull();
    expect(lookupFailure(new ApiError('RATE_LIMITED', 'x', 429))).toBeNull();
  });
});

describe('a failed accept', () => {
  it("says the server's words for a refusal and the spec's retry text otherwise", () => {
    expect(acceptErrorMessage(new ApiError('CONFLICT', inviteMessages.alreadyUsed, 409))).toBe(
      inviteMessages.alreadyUsed,
    );
    expect(acceptErrorMessage(new ApiError('INTERNAL', 'boom', 500))).toBe(
      inviteMessages.processFailed,
    );
  });
});
