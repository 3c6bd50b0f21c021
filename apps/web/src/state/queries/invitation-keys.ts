/**
 * Query keys of invitations, apart from their queries so the realtime router can name them
 * without pulling the invitation screens' code into the start-up bundle.
 */
export const invitationKeys = {
  all: ['invitations'] as const,
  mine: ['invitations', 'me'] as const,
  list: ['invitations', 'list'] as const,
  /** Per viewer: a link hidden from someone (a block) must not answer from another's cache. */
  lookup: (code: string, viewerId: string | null) =>
    ['invitations', 'lookup', code, viewerId ?? 'signed-out'] as const,
};
