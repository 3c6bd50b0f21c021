/**
 * Every browser storage key the web app writes, in one place. Sign-out clears storage except
 * the keys listed in `keptOnSignOut` (the theme is a property of the device, not of the user).
 */
export const storageKeys = {
  /** localStorage: 'dark' | 'light'; absent means "follow the system". */
  theme: 'heartline.theme',
  /** localStorage: the persisted TanStack Query cache (instant start-up, splash skipped). */
  queryCache: 'heartline.queryCache',
  /** sessionStorage: the protected path a signed-out visitor opened. */
  intendedUrl: 'heartline.intendedUrl',
  /**
   * sessionStorage: a sign-in left for the provider from this tab; the first screen after it is
   * not an interruption of onboarding (no 'Please complete onboarding first', issue 45).
   */
  signingIn: 'heartline.signingIn',
  /** sessionStorage: timestamps of automatic restarts after app errors (loop guard). */
  restarts: 'heartline.restarts',
  /** sessionStorage: scroll positions per path (app/navigation.tsx ScrollRestoration). */
  scroll: 'heartline.scroll',
  /** localStorage, per user: the onboarding step reached and the profile step's unsaved draft. */
  onboarding: (userId: string) => `heartline.onboarding.${userId}`,
  /**
   * localStorage: the invitation a visitor opened (spec/2 §3 "invite context"), kept across
   * sign-in, sign-up, onboarding, reloads and new tabs until it is used or dismissed.
   */
  pendingInvite: 'heartline.pendingInvite',
  /**
   * localStorage: '1' while this browser's last session answer said nobody is signed in, so
   * the sign-in screen of a returning visitor shows at once (issue 17). Not about a person.
   */
  signedOut: 'heartline.signedOut',
  /** localStorage: 'dismissed' once the person said "Not now" to the notifications prompt. */
  notificationPrompt: 'heartline.notificationPrompt',
  /** IndexedDB database: photos waiting for a background upload (state/uploads/). */
  uploadsDb: 'heartline-uploads',
  /** IndexedDB database: chat messages written and not yet sent, per user (state/chat/). */
  chatOutboxDb: 'heartline-chat-outbox',
} as const;

export const keptOnSignOut: readonly string[] = [storageKeys.theme];

/** Clears a Storage except the given keys. */
export function clearStorageExcept(storage: Storage, keep: readonly string[]): void {
  const saved = keep.map((key) => [key, storage.getItem(key)] as const);
  storage.clear();
  for (const [key, value] of saved) if (value !== null) storage.setItem(key, value);
}

/** Deletes an IndexedDB database of the signed-out user (nothing to do without IndexedDB). */
export function deleteDatabase(name: string): void {
  try {
    indexedDB.deleteDatabase(name);
  } catch {
    // No IndexedDB, nothing stored.
  }
}

/** Storage access that never throws (private mode, disabled storage, quota). */
export function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    return storage;
  } catch {
    return null;
  }
}
