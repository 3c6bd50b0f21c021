import { trustReportSchema, type TrustReport } from '@heartline/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

export const trustKeys = {
  all: ['trust'] as const,
  me: ['trust', 'me'] as const,
};

/** spec/1 §9: trust results are cached for 5 minutes; 'trust.updated' patches them sooner. */
const TRUST_FRESH_MS = 5 * 60_000;

export function fetchTrust(signal?: AbortSignal): Promise<TrustReport> {
  return apiRequest('/api/trust/me', trustReportSchema, { signal });
}

export function useTrustQuery(enabled = true) {
  return useQuery({
    queryKey: trustKeys.me,
    queryFn: ({ signal }) => fetchTrust(signal),
    staleTime: TRUST_FRESH_MS,
    enabled,
  });
}
