import { privacySettingsSchema, type PrivacySettings } from '@heartline/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

export const privacyKeys = {
  all: ['privacy'] as const,
};

export function usePrivacyQuery(enabled = true) {
  return useQuery({
    queryKey: privacyKeys.all,
    queryFn: ({ signal }): Promise<PrivacySettings> =>
      apiRequest('/api/me/privacy', privacySettingsSchema, { signal }),
    enabled,
  });
}

/** Optimistic: the switch moves at once and reverts if the server refuses (spec/2 §8). */
export function useUpdatePrivacyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PrivacySettings) =>
      apiRequest('/api/me/privacy', privacySettingsSchema, { method: 'PUT', body: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: privacyKeys.all });
      const previous = queryClient.getQueryData<PrivacySettings>(privacyKeys.all);
      queryClient.setQueryData(privacyKeys.all, settings);
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(privacyKeys.all, context.previous);
    },
    onSuccess: (settings) => queryClient.setQueryData(privacyKeys.all, settings),
  });
}
