import {
  birthdateError,
  nameError,
  profileMessages,
  type OnboardingProfileInput,
  type OwnProfile,
} from '@heartline/domain';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { presentOwnProfile } from './profile.presenter.ts';
import type { ProfilePatch, ProfileRepository } from './profile.repository.ts';

export type ProfileServiceDeps = {
  profiles: ProfileRepository;
  storage: MediaStorage;
  /** Tells the user's other tabs that their profile changed (after the write committed). */
  notifyChanged: (userId: string) => void;
};

/** Use cases of the own profile and of onboarding. */
export function createProfileService({ profiles, storage, notifyChanged }: ProfileServiceDeps) {
  async function getOwnProfile(userId: string): Promise<OwnProfile> {
    const row = await profiles.findOwnProfile(userId);
    if (!row) throw new NotFoundError(profileMessages.userNotFound);
    return presentOwnProfile(row, await profiles.countMatches(row.seq), storage);
  }

  async function editProfile(userId: string, input: ProfilePatch): Promise<OwnProfile> {
    await profiles.updateProfile(userId, input);
    notifyChanged(userId);
    return getOwnProfile(userId);
  }

  async function saveOnboardingProfile(
    userId: string,
    input: OnboardingProfileInput,
  ): Promise<OwnProfile> {
    await profiles.updateProfile(userId, { name: input.name, dob: input.dob });
    await profiles.setOnboardingFlags(userId, { profileStepCompleted: true });
    notifyChanged(userId);
    return getOwnProfile(userId);
  }

  /** Completion needs a real name and birthdate; the photo step may be skipped (spec/1 §2). */
  async function completeOnboarding(userId: string): Promise<OwnProfile> {
    const current = await getOwnProfile(userId);
    const problem = nameError(current.name ?? '') ?? birthdateError(current.dob ?? '');
    if (problem) throw new ValidationError(problem);
    await profiles.setOnboardingFlags(userId, {
      profileStepCompleted: true,
      onboardingCompleted: true,
    });
    notifyChanged(userId);
    return getOwnProfile(userId);
  }

  return { getOwnProfile, editProfile, saveOnboardingProfile, completeOnboarding };
}

export type ProfileService = ReturnType<typeof createProfileService>;
