import { errorMessages, trustMessages } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { countLabel, pointsLabel, trustErrorText } from './trust-format.ts';

describe('trust lines', () => {
  it('count people and points with singular and plural', () => {
    expect(countLabel(1, 'friend', 'friends')).toBe('1 friend');
    expect(countLabel(1204, 'friend', 'friends')).toBe('1,204 friends');
    expect(pointsLabel(40)).toBe('+40 points');
    expect(pointsLabel(1)).toBe('+1 point');
    expect(pointsLabel(0)).toBe('0 points');
  });
});

describe('trust error texts (spec/1 §8)', () => {
  it('names what went wrong', () => {
    expect(trustErrorText(new ApiError('INTERNAL', 'Database timeout', 500))).toBe(
      'Trust score calculation failed: Database timeout',
    );
    expect(trustErrorText(new ApiError('HTTP_502', errorMessages.internal, 502))).toBe(
      `Trust score calculation failed: ${errorMessages.internal}`,
    );
    expect(trustErrorText(new ApiError('BAD_RESPONSE', errorMessages.internal, 200))).toBe(
      'No trust score data available',
    );
    expect(trustErrorText(new ApiError('INTERNAL', '', 500))).toBe('Error calculating trust score');
    expect(trustErrorText(new TypeError('boom'))).toBe('Error calculating trust score');
  });
  it('keeps the rate-limit text and the default for an unreachable server', () => {
    const limited = trustMessages.rateLimited(3);
    expect(trustErrorText(new ApiError('RATE_LIMITED', limited, 429))).toBe(limited);
    expect(trustErrorText(new ApiError(NETWORK_ERROR, errorMessages.internal, 0))).toBe(
      'Failed to load trust score',
    );
  });
});
