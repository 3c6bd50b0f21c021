import { okSchema } from '@heartline/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { invalidateChats } from '../chat/chat-cache.ts';
import { invalidateDiscover } from './discover-keys.ts';
import { invalidateOwnProfile } from './profile-keys.ts';

/**
 * Ends an active match (docs/API-discover.md): the pair's chat stays, readable but closed to
 * both unless they are friends, and the unmatched person leaves the own Matches count and, as
 * a pass, the viewer's Discover. The other side hears it as `match.ended`.
 */
export function useUnmatchMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(`/api/matches/${userId}/unmatch`, okSchema, { method: 'POST' }),
    onSuccess: () => {
      void invalidateChats(queryClient);
      void invalidateOwnProfile(queryClient);
      void invalidateDiscover(queryClient);
    },
  });
}
