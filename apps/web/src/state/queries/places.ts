import { cityAnswerSchema, placeListSchema, type Place } from '@heartline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { invalidateOwnProfile } from './profile-keys.ts';

/** The bundled cities whose name starts with `query` (issue 48), for the city picker. */
export function usePlacesQuery(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['places', q.toLowerCase()],
    queryFn: ({ signal }): Promise<Place[]> =>
      apiRequest(`/api/places?q=${encodeURIComponent(q)}`, placeListSchema, { signal }),
    enabled: q.length > 0,
    staleTime: Infinity,
    meta: { persist: false },
  });
}

/** Sets the person's city (null clears it); the own profile is read again after. */
export function useSetCityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cityId: number | null) =>
      apiRequest('/api/me/city', cityAnswerSchema, { method: 'PUT', body: { cityId } }),
    onSuccess: () => invalidateOwnProfile(queryClient),
  });
}
