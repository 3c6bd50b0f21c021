import { personProfileSchema, type PersonProfile } from '@heartline/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isRetryable } from '../../lib/api.ts';

/**
 * Another person's profile (issue 48). Kept under 'network' so whatever changes the network
 * (a friendship, a block, a request) reads it again.
 */
export const personKey = (userId: string) => ['network', 'person', userId] as const;

const PERSON_FRESH_MS = 60_000;

export function usePersonQuery(userId: string) {
  return useQuery({
    queryKey: personKey(userId),
    queryFn: ({ signal }): Promise<PersonProfile> =>
      apiRequest(`/api/people/${encodeURIComponent(userId)}`, personProfileSchema, { signal }),
    staleTime: PERSON_FRESH_MS,
    enabled: userId !== '',
    // "Not found" is an answer, shown at once; only a failure to reach the server is retried.
    retry: (failures, error) => failures < 2 && isRetryable(error),
  });
}
