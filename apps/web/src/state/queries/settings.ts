import {
  settingsSchema,
  type Settings,
  type SettingsGroup,
  type UpdateSettings,
} from '@heartline/domain';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { invalidateDiscover } from './discover-keys.ts';

export const settingsKeys = {
  all: ['settings'] as const,
};

export const settingsQueryOptions = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: ({ signal }): Promise<Settings> =>
    apiRequest('/api/me/settings', settingsSchema, { signal }),
});

/** The Settings screen always shows the server's settings (another device may have changed them). */
export function useSettingsQuery() {
  return useQuery({ ...settingsQueryOptions, refetchOnMount: 'always' });
}

/** The settings with a change laid over them (what the screen shows while it saves). */
export function withChange(settings: Settings, change: UpdateSettings): Settings {
  const next = structuredClone(settings);
  for (const group of Object.keys(change) as SettingsGroup[]) {
    Object.assign(next[group], change[group]);
  }
  return next;
}

/**
 * Optimistic: the control moves at once and reverts if the server refuses (spec/3 §4 "On save
 * failure the setting reverts"). Changes are queued, so two quick taps save in order.
 */
export function useUpdateSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'settings' },
    mutationFn: (change: UpdateSettings) =>
      apiRequest('/api/me/settings', settingsSchema, { method: 'PATCH', body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.all });
      const previous = queryClient.getQueryData<Settings>(settingsKeys.all);
      if (previous) queryClient.setQueryData(settingsKeys.all, withChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.all, context.previous);
    },
    onSuccess: (settings, change) => {
      queryClient.setQueryData(settingsKeys.all, settings);
      // Paused or resumed: Discover's feed is the server's to say again.
      if (change.discover) void invalidateDiscover(queryClient);
    },
  });
}

/** Settings changed on another device (the 'settings.updated' event): take them as they are. */
export function applySettingsUpdate(queryClient: QueryClient, settings: Settings): void {
  const saving = queryClient.isMutating({
    predicate: (mutation) => mutation.options.scope?.id === 'settings',
  });
  if (saving > 0) {
    // A save of ours is under way: its answer (or revert) settles the screen.
    return;
  }
  const before = queryClient.getQueryData<Settings>(settingsKeys.all);
  queryClient.setQueryData(settingsKeys.all, settings);
  if (before?.discover.paused !== settings.discover.paused) void invalidateDiscover(queryClient);
}
