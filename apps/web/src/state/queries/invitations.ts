import { myInvitationSchema, type MyInvitation } from '@heartline/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

export const invitationKeys = {
  all: ['invitations'] as const,
  mine: ['invitations', 'me'] as const,
};

/** The user's own invite link and message (created by the server on first use). */
export function useMyInvitationQuery() {
  return useQuery({
    queryKey: invitationKeys.mine,
    queryFn: ({ signal }): Promise<MyInvitation> =>
      apiRequest('/api/invitations/me', myInvitationSchema, { signal }),
    // The link is stable; the friend and trust numbers in the preview refresh each minute.
    staleTime: 60_000,
  });
}
