import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { connectErrorToast, connectResultToast } from './connect-toast.ts';
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

describe('invite sharing', () => {
  it('shares the message with the link once', () => {
    const url = 'https://heartline.example/invite/abc';
    expect(inviteShareText({ message: `Join me ${url}`, url })).toBe(`Join me ${url}`);
    expect(inviteShareText({ message: 'Join me', url })).toBe(`Join me ${url}`);
    expect(whatsAppShareUrl('a b&c')).toBe('https://wa.me/?text=a%20b%26c');
  });
});
