import {
  carriesSignedInMark,
  DEFAULT_LEGAL_CONTACTS,
  landingPathFor,
  PRODUCT_NAME,
  readPublicConfig,
  readSession,
  type Me,
  type PublicConfig,
  type SessionResponse,
  type Standing,
  type Warning,
} from '@heartline/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isRetryable, readerSchema } from '../../lib/api.ts';
import { announcePendingInvite } from '../../lib/pending-invite.ts';
import {
  clearStorageExcept,
  deleteDatabase,
  keptOnSignOut,
  safeStorage,
  storageKeys,
} from '../../lib/storage-keys.ts';

export const sessionKeys = {
  session: ['session'] as const,
  config: ['config'] as const,
};

export const defaultConfig: PublicConfig = {
  productName: PRODUCT_NAME,
  passwordAuth: false,
  devSignIn: false,
  contacts: DEFAULT_LEGAL_CONTACTS,
};

const retryOnce = (failureCount: number, error: unknown) => failureCount < 1 && isRetryable(error);

// Both read without zod: every first load waits for them (issue 17).
const sessionAnswer = readerSchema(readSession);
const publicConfigAnswer = readerSchema(readPublicConfig);

export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest('/api/auth/session', sessionAnswer, { signal });
}

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.session,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 30_000,
    retry: retryOnce,
  });
}

/** The signed-in user, `null` when signed out, `undefined` while unknown. */
export function useMe(): Me | null | undefined {
  const { data, isError } = useSessionQuery();
  if (data) return data.user;
  // Without a cached answer a failed lookup (server unreachable) is treated as signed out, so a
  // public screen (the sign-in screen) still renders; the gate shows the error everywhere else
  // (`useSessionFailed`).
  return isError ? null : undefined;
}

/**
 * The session could not be looked up and nothing is cached (the server unreachable), and a
 * retry; spec/3 §8 'System error loading user data'.
 */
/** A suspended or banned account's decision (issue 47): the app shows only it. */
export function useStanding(): Standing | undefined {
  return useSessionQuery().data?.standing;
}

/** A warning the signed-in person must acknowledge before going on. */
export function useWarning(): Warning | undefined {
  return useSessionQuery().data?.warning;
}

export function useSessionFailed(): { failed: boolean; retrying: boolean; retry: () => void } {
  const { data, isError, isFetching, refetch } = useSessionQuery();
  return {
    failed: isError && data === undefined,
    retrying: isFetching,
    retry: () => void refetch(),
  };
}

export function useLandingPath(): string {
  const me = useMe();
  return me ? landingPathFor(me) : '/profile';
}

export function useConfigQuery() {
  return useQuery({
    queryKey: sessionKeys.config,
    queryFn: ({ signal }): Promise<PublicConfig> =>
      apiRequest('/api/config', publicConfigAnswer, { signal }),
    staleTime: 60 * 60_000,
    retry: retryOnce,
  });
}

/** The public config, with the built-in defaults until (or unless) the server answers. */
export function useConfig(): PublicConfig {
  return useConfigQuery().data ?? defaultConfig;
}

/** Forgets everything the browser holds about the signed-in user and marks the session ended. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
  queryClient.setQueryData<SessionResponse>(sessionKeys.session, { user: null });
  const local = safeStorage('local');
  const session = safeStorage('session');
  if (local) clearStorageExcept(local, keptOnSignOut);
  if (session) clearStorageExcept(session, []);
  // Written here, not only by the gate's effect on the session answer: a second forgetting
  // (the socket's session.revoked after a sign-out) leaves that answer as it was, so the
  // effect would not run again to put the mark back.
  rememberSessionAnswer(null);
  // A stored invitation went with the rest: screens holding it in memory drop it too.
  announcePendingInvite();
}

/**
 * Whether this browser's last session answer said nobody is signed in. Only the sign-in screen
 * acts on it: a returning signed-out visitor gets it at once, while the session check still runs
 * and moves on anyone who turns out to be signed in (issue 17: repeat visit ≤ 1 s).
 */
export function lastSeenSignedOut(): boolean {
  return safeStorage('local')?.getItem(storageKeys.signedOut) === '1';
}

/**
 * Whether the gate may take the visitor on `pathname` as signed out until the session check
 * first answers; a signed-in answer then moves them on. So on the sign-in screen:
 * - when this browser carries no signed-in mark, the readable cookie the server sets and clears
 *   with the session cookie: nobody can be signed in here (a stranger's first visit);
 * - when this browser's last session answer said nobody is signed in (`lastSeenSignedOut`).
 * And on `/`, where a stranger is sent on to the sign-in screen, in the first case only. Deep
 * links wait for the answer: taken for signed out, they would be sent to the sign-in screen.
 */
export function mayAssumeSignedOut(pathname: string): boolean {
  if (pathname !== '/' && pathname !== '/auth') return false;
  // Read only here: reading the cookies is a few milliseconds of a slow phone's first render.
  const unmarked = typeof document !== 'undefined' && !carriesSignedInMark(document.cookie);
  return unmarked || (pathname === '/auth' && lastSeenSignedOut());
}

/** Keeps what the session answer said for `lastSeenSignedOut` (`me`: as `useMe` gives it). */
export function rememberSessionAnswer(me: Me | null): void {
  const local = safeStorage('local');
  try {
    if (me === null) local?.setItem(storageKeys.signedOut, '1');
    else local?.removeItem(storageKeys.signedOut);
  } catch {
    // Storage full or refused: the sign-in screen waits for the session check, as without it.
  }
}

let signedOutHere = false;

/**
 * True once the person signed out in this page (the next sign-in is a new page load): the
 * screen they left is not kept as a place to return to, unlike after a session that expired.
 */
export function hasSignedOutHere(): boolean {
  return signedOutHere;
}

/** The person left on this device (signed out, or deleted their account): forget them here. */
export function signedOutOnThisDevice(queryClient: QueryClient): void {
  signedOutHere = true;
  forgetSession(queryClient);
  // Photos waiting for a background upload and unsent messages belong to the person who
  // just left this device.
  deleteDatabase(storageKeys.uploadsDb);
  deleteDatabase(storageKeys.chatOutboxDb);
}

export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/auth/signout', undefined, { method: 'POST' }),
    onSuccess: () => signedOutOnThisDevice(queryClient),
  });
}
