import { readOk } from '@heartline/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest, readerSchema } from '../../lib/api.ts';

export const devKeys = {
  all: ['dev'] as const,
  access: ['dev', 'access'] as const,
  verify: ['dev', 'verify'] as const,
};

// Read without zod: this query is mounted on every screen (`?realdb=true` may ask it).
const okAnswer = readerSchema(readOk);

/**
 * Whether the developer page is open to the signed-in user (development, or a staff account).
 * The server answers 404 to everyone else, which is a plain "no" here, not a failure.
 */
export async function fetchDevAccess(signal?: AbortSignal): Promise<boolean> {
  try {
    await apiRequest('/api/dev/access', okAnswer, { signal });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return false;
    throw error;
  }
}

export function useDevAccessQuery(enabled = true) {
  return useQuery({
    queryKey: devKeys.access,
    queryFn: ({ signal }) => fetchDevAccess(signal),
    staleTime: 5 * 60_000,
    enabled,
    // Asked afresh on every start: a staff flag taken away must not leave the page open.
    meta: { persist: false },
  });
}
