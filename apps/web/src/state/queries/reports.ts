import { myReportsSchema } from '@heartline/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

export const reportKeys = {
  mine: ['reports', 'mine'] as const,
};

/** The reports the person made, and whether each was reviewed (issue 47: reporters hear back). */
export function useMyReportsQuery() {
  return useQuery({
    queryKey: reportKeys.mine,
    queryFn: ({ signal }) => apiRequest('/api/reports', myReportsSchema, { signal }),
    // Opened to learn what became of a report: always asked again (the copy shows meanwhile).
    staleTime: 0,
  });
}
