import { trustVerificationSchema, type TrustVerification } from '@heartline/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { devKeys } from './dev.ts';

// Apart from dev.ts, which the app shell loads (the developer link): only the developer page
// needs the trust schemas (issue 17: start-up JavaScript).

/**
 * "Verify calculations": the stored trust figures next to an independent SQL recount. Only on
 * demand (the button), never from a cache: the point is a check made now.
 */
export function useTrustVerificationQuery() {
  return useQuery({
    queryKey: devKeys.verify,
    queryFn: ({ signal }): Promise<TrustVerification> =>
      apiRequest('/api/trust/verify', trustVerificationSchema, { signal }),
    enabled: false,
    retry: false,
    gcTime: 0,
    meta: { persist: false },
  });
}
