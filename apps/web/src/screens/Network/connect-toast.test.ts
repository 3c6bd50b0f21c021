import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { connectErrorToast, connectResultToast, openChatErrorToast } from './connect-toast.ts';
import { inviteShareText, whatsAppShareUrl } from './invite-share.ts';

describe('connect toasts', () => {
  it('tell sent, already sent and accepted apart', () => {
    expect(connectResultToast({ outcome: 'sent', message: '' }, 'Frank')).toEqual({
      type: 'success',
      message: 'Connection request sent to Frank!',
    });
    expect(connectResultToast({ outcome: 'already_sent', message: 'x' }, 'Frank').message).toBe(
      'Connection request already sent!',
    );
    expect(connectResultToast({ outcome: 'accepted', message: 'Now friends' }, 'F').message).toBe(
      'Now friends',
    );
  });

  it('map errors to the spec texts', () => {
    const err = (status: number, message = 'server text') => new ApiError('X', message, status);
    expect(connectErrorToast(err(409), 'Frank').message).toBe(
      'You and Frank are already connected!',
    );
    expect(connectErrorToast(err(429), 'Frank').message).toBe(
      'Too many connection requests. Please wait before sending more.',
    );
    expect(connectErrorToast(err(404, 'User validation failed'), 'F').message).toBe(
      'User validation failed',
    );
    expect(connectErrorToast(err(500), 'F').message).toBe('Failed to send connection request');
    expect(connectErrorToast(new Error('boom'), 'F').message).toBe(
      'Failed to send connection request',
    );
  });
});

describe('open chat toasts', () => {
  it("say 'Failed to open chat' unless the server gave a reason (issue 45)", () => {
    expect(openChatErrorToast(new TypeError('Failed to fetch')).message).toBe(
      'Failed to open chat',
    );
    expect(openChatErrorToast(new ApiError('NETWORK_ERROR', 'offline', 0)).message).toBe(
      'Failed to open chat',
    );
    expect(openChatErrorToast(new ApiError('INTERNAL', 'Internal error', 500)).message).toBe(
      'Failed to open chat',
    );
    expect(
      openChatErrorToast(new ApiError('FORBIDDEN', 'Only verified accounts can message', 403))
        .message,
    ).toBe('Only verified accounts can message');
  });
});

describe('invite sharing', () => {
  it('shares the message with the link once', () => {
    const url = 'https://heartline.example/invite/abc';
    expect(inviteShareText({ message: `Join me ${url}`, url })).toBe(`Join me ${url}`);
    expect(inviteShareText({ message: 'Join me', url })).toBe(`Join me ${url}`);
    expect(whatsAppShareUrl('a b&c')).toBe('https://wa.me/?text=a%20b%26c');
  });
});
