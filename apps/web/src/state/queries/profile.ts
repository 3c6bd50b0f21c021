import {
  ownProfileSchema,
  type EditProfileInput,
  type Me,
  type OnboardingProfileInput,
  type OwnProfile,
  type SessionResponse,
} from '@heartline/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { profileKeys } from './profile-keys.ts';
import { sessionKeys } from './session.ts';

/** The user_profile cache of spec/1 §9: fresh for 10 minutes; realtime events refresh it sooner. */
const PROFILE_FRESH_MS = 10 * 60_000;

export function useOwnProfileQuery() {
  return useQuery({
    queryKey: profileKeys.own,
    queryFn: ({ signal }): Promise<OwnProfile> =>
      apiRequest('/api/me/profile', ownProfileSchema, { signal }),
    staleTime: PROFILE_FRESH_MS,
  });
}

/**
 * Puts a profile the server just returned into the cache and mirrors its fields into the
 * session's Me (name, birthdate, photo, onboarding), so the gate and avatars follow at once.
 */
export function applyOwnProfile(queryClient: QueryClient, profile: OwnProfile): void {
  queryClient.setQueryData(profileKeys.own, profile);
  queryClient.setQueryData<SessionResponse>(sessionKeys.session, (old) => {
    if (!old?.user || old.user.id !== profile.id) return old;
    const user: Me = {
      ...old.user,
      name: profile.name,
      dob: profile.dob,
      photoUrl: profile.photo?.url ?? null,
      avatarUrl: profile.photo?.avatars['128'] ?? null,
      onboardingCompleted: profile.onboarding.completed,
      trustScore: profile.trustScore,
      friendCount: profile.stats.friends,
    };
    return { user };
  });
}

function useProfileWrite<I>(write: (input: I) => Promise<OwnProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    // Fail at once when offline instead of pausing: the callers keep the data and say so.
    networkMode: 'always',
    onSuccess: (profile) => applyOwnProfile(queryClient, profile),
  });
}

export function useEditProfileMutation() {
  return useProfileWrite((input: EditProfileInput) =>
    apiRequest('/api/me/profile', ownProfileSchema, { method: 'PATCH', body: input }),
  );
}

export function useSaveOnboardingProfileMutation() {
  return useProfileWrite((input: OnboardingProfileInput) =>
    apiRequest('/api/onboarding/profile', ownProfileSchema, { method: 'PUT', body: input }),
  );
}

export function useCompleteOnboardingMutation() {
  return useProfileWrite<void>(() =>
    apiRequest('/api/onboarding/complete', ownProfileSchema, { method: 'POST' }),
  );
}
