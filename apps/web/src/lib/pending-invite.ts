import { inviteCodeProblem, PENDING_INVITE_TTL_MS } from '@heartline/domain';
import { storageKeys } from './storage-keys.ts';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** spec/2 §3 "Invite context (stored locally)". */
export type PendingInvite = {
  inviteCode: string;
  inviterId: string;
  inviterName: string;
  inviterAvatar: string | null;
  inviteType: 'general';
  /** When it was stored (ms); an old one is dropped after PENDING_INVITE_TTL_MS. */
  savedAt: number;
};

export function savePendingInvite(
  store: KeyValueStore | null,
  invite: Omit<PendingInvite, 'savedAt' | 'inviteType'>,
  now = Date.now(),
): void {
  if (!store) return;
  const value: PendingInvite = { ...invite, inviteType: 'general', savedAt: now };
  try {
    store.setItem(storageKeys.pendingInvite, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the link still works when opened again.
  }
}

/** The stored invitation, or null when there is none, it is malformed or it is too old. */
export function readPendingInvite(
  store: KeyValueStore | null,
  now = Date.now(),
): PendingInvite | null {
  const raw = store?.getItem(storageKeys.pendingInvite);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingInvite>;
    const valid =
      typeof value.inviteCode === 'string' &&
      inviteCodeProblem(value.inviteCode) === null &&
      typeof value.inviterId === 'string' &&
      typeof value.inviterName === 'string' &&
      (typeof value.inviterAvatar === 'string' || value.inviterAvatar === null) &&
      typeof value.savedAt === 'number' &&
      now - value.savedAt < PENDING_INVITE_TTL_MS &&
      value.savedAt <= now + 60_000;
    if (valid) return value as PendingInvite;
  } catch {
    // Not JSON: drop it below.
  }
  store?.removeItem(storageKeys.pendingInvite);
  return null;
}

export function clearPendingInvite(store: KeyValueStore | null): void {
  store?.removeItem(storageKeys.pendingInvite);
}

/** Tells every mounted reader (same tab) that the stored invitation changed. */
export const PENDING_INVITE_EVENT = 'heartline:pending-invite';

export function announcePendingInvite(): void {
  window.dispatchEvent(new Event(PENDING_INVITE_EVENT));
}

/**
 * Whether the gate shows the invite-choice screen (spec/1 §2 step 4) to a signed-in user holding
 * a stored invitation: right after sign-in, before onboarding (its own text says profile setup
 * comes next; issue 45), anywhere but the screens that decide their own flow (sign-in, the
 * invite landing, legal pages) and `/`, which first sends a person to the landing screen (for a
 * newcomer, /onboarding) so the choice shows there.
 */
export function inviteChoiceDue(input: {
  pathname: string;
  invite: PendingInvite | null;
}): boolean {
  const { pathname, invite } = input;
  if (!invite || pathname === '/') return false;
  return !/^\/(auth|invite|terms|privacy)(\/|$)/.test(pathname);
}
