import { errorCodes, staffStatusSchema, type StaffStatus } from '@heartline/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ApiError,
  apiRequest,
  isRetryable,
  type RequestOptions,
  type Schema,
} from '../../lib/api.ts';

/**
 * The staff member's status (`GET /api/staff/me`): the one staff query a visitor of /staff runs
 * before the console's code loads (screens/Staff/StaffScreen.tsx). The console's own queries
 * are in `staff.ts`, which a member never downloads.
 */
export const staffKeys = {
  all: ['staff'] as const,
  status: ['staff', 'status'] as const,
  appeals: ['staff', 'appeals'] as const,
  audit: ['staff', 'audit'] as const,
  roles: ['staff', 'roles'] as const,
};

/** The staff status, or null for a member: the server answers 404 to anyone who is not staff. */
export async function fetchStaffStatus(signal?: AbortSignal): Promise<StaffStatus | null> {
  try {
    return await apiRequest('/api/staff/me', staffStatusSchema, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A failed staff call is tried once more only for a network or server fault (a 4xx stays). */
export const retryStaffOnce = (failureCount: number, error: unknown) =>
  failureCount < 1 && isRetryable(error);

export function useStaffStatusQuery() {
  return useQuery({
    queryKey: staffKeys.status,
    queryFn: ({ signal }) => fetchStaffStatus(signal),
    // Asked afresh on every visit: a role taken away or a confirmation run out shows at once.
    refetchOnMount: 'always',
    staleTime: 0,
    retry: retryStaffOnce,
    // Nothing of the console is kept in the browser's storage (the query cache is persisted).
    meta: { persist: false },
  });
}

/** A staff route's 403 PASSKEY_REQUIRED: this session's passkey confirmation has run out. */
export function isPasskeyRequired(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && error.code === errorCodes.passkeyRequired
  );
}

/**
 * Every staff API call but the status and the passkey ceremonies goes through here: a 403
 * PASSKEY_REQUIRED marks the session unconfirmed, which sends the console back to its passkey
 * gate, whatever call met it.
 */
export async function staffRequest<T>(
  queryClient: QueryClient,
  path: string,
  schema: Schema<T>,
  options?: RequestOptions,
): Promise<T> {
  try {
    return await apiRequest(path, schema, options);
  } catch (error) {
    if (isPasskeyRequired(error)) {
      queryClient.setQueryData<StaffStatus | null>(staffKeys.status, (status) =>
        status ? { ...status, verifiedUntil: null } : status,
      );
    }
    throw error;
  }
}
