import {
  chatMessages,
  type CreateConnectionRequestResult,
  requestMessages,
} from '@heartline/domain';
import { ApiError, isRetryable } from '../../lib/api.ts';

export type ToastSpec = { type: 'success' | 'info' | 'error'; message: string };

/** The toast after "Connect" succeeded (spec/2 §8): sent, already pending, or now friends. */
export function connectResultToast(
  result: Pick<CreateConnectionRequestResult, 'outcome' | 'message'>,
  name: string,
): ToastSpec {
  switch (result.outcome) {
    case 'sent':
      return { type: 'success', message: requestMessages.requestSentTo(name) };
    case 'already_sent':
      return { type: 'info', message: requestMessages.requestAlreadySent };
    case 'accepted':
      // They had already asked us: the server accepted their request and says so.
      return { type: 'success', message: result.message || requestMessages.alreadyConnected(name) };
  }
}

/** The toast after "Connect" failed: the server's spec text where it has one. */
export function connectErrorToast(error: unknown, name: string): ToastSpec {
  if (!(error instanceof ApiError)) {
    return { type: 'error', message: requestMessages.requestSendFailed };
  }
  switch (error.status) {
    case 409:
      return { type: 'info', message: requestMessages.alreadyConnected(name) };
    case 429:
      return { type: 'error', message: requestMessages.tooManyRequests };
    case 400:
    case 403:
    case 404:
      return { type: 'error', message: error.message };
    default:
      return { type: 'error', message: requestMessages.requestSendFailed };
  }
}

/**
 * The toast when a chat could not be opened (spec/2 §8 'Failed to open chat'): the server's own
 * text where it refused for a reason the person can act on (their settings, a missing person),
 * never a raw transport error (issue 45).
 */
export function openChatErrorToast(error: unknown): ToastSpec {
  const refused = error instanceof ApiError && !isRetryable(error);
  return { type: 'error', message: refused ? error.message : chatMessages.failedToOpen };
}
