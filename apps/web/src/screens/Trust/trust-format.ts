import { trustMessages } from '@heartline/domain';
import { ApiError, NETWORK_ERROR } from '../../lib/api.ts';
import { formatCount } from '../../lib/format.ts';

/** "1 friend", "4 friends", "1,204 friends of friends". */
export function countLabel(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

/** "+40 points", "+1 point", "0 points". */
export function pointsLabel(points: number): string {
  const sign = points > 0 ? '+' : '';
  return `${sign}${formatCount(points)} ${points === 1 ? 'point' : 'points'}`;
}

/**
 * What the trust modal says when the score did not load (spec/1 §8): the rate-limit text as
 * sent; 'No trust score data available' when the answer held no report; 'Trust score
 * calculation failed: {message}' when the server refused with a message; the modal's default
 * 'Failed to load trust score' when the server was not reached; 'Error calculating trust score'
 * for anything else.
 */
export function trustErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return trustMessages.errorCalculating;
  if (error.status === 429) return error.message;
  if (error.code === NETWORK_ERROR) return trustMessages.failedToLoad;
  if (error.code === 'BAD_RESPONSE') return trustMessages.noData;
  return error.message
    ? trustMessages.calculationFailed(error.message)
    : trustMessages.errorCalculating;
}
