import {
  userRoom,
  birthdateError,
  nameError,
  profileMessages,
  type Me,
  type OnboardingProfileInput,
  type OwnProfile,
} from '@heartline/domain';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Trx } from '../../db/database.ts';
import type { Transact } from '../events/events.outbox.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { presentOwnProfile } from './profile.presenter.ts';
import type { ProfilePatch, ProfileRepository } from './profile.repository.ts';
import { presentMe } from './users.presenter.ts';
import type { UsersRepository } from './users.repository.ts';

export type ProfileServiceDeps = {
  users: UsersRepository;
  profiles: ProfileRepository;
  storage: MediaStorage;
  /** Each change commits with its `profile.updated` event (the user's other tabs refetch). */
  transact: Transact;
  /**
   * After the commit: names order other people's network lists and Discover filters on gender,
   * preference and birth date, so the graph re-reads them (awaited: the answer to an edit
   * comes after this instance's index knows it).
   */
  changed: (userId: string) => Promise<void>;
};

/** Use cases of the own profile and of onboarding. */
export function createProfileService({
  users,
  profiles,
  storage,
  transact,
  changed,
}: ProfileServiceDeps) {
  async function getMe(userId: string): Promise<Me> {
    const row = await users.findMe(userId);
    if (!row) throw new NotFoundError(profileMessages.userNotFound);
    return presentMe(row);
  }

  async function change(userId: string, work: (trx: Trx) => Promise<void>): Promise<void> {
    await transact(async (trx, emit) => {
      await work(trx);
      emit(userRoom(userId), 'profile.updated', { userId }, userId);
    });
    await changed(userId);
  }

  async function getOwnProfile(userId: string): Promise<OwnProfile> {
    const row = await profiles.findOwnProfile(userId);
    if (!row) throw new NotFoundError(profileMessages.userNotFound);
    return presentOwnProfile(row, await profiles.countMatches(row.seq), storage);
  }

  async function editProfile(userId: string, input: ProfilePatch): Promise<OwnProfile> {
    await change(userId, (trx) => profiles.updateProfile(userId, input, trx));
    return getOwnProfile(userId);
  }

  async function saveOnboardingProfile(
    userId: string,
    input: OnboardingProfileInput,
  ): Promise<OwnProfile> {
    await change(userId, async (trx) => {
      await profiles.updateProfile(userId, { name: input.name, dob: input.dob }, trx);
      await profiles.setOnboardingFlags(userId, { profileStepCompleted: true }, trx);
    });
    return getOwnProfile(userId);
  }

  /** Completion needs a real name and birthdate; the photo step may be skipped (spec/1 §2). */
  async function completeOnboarding(userId: string): Promise<OwnProfile> {
    const current = await getOwnProfile(userId);
    const problem = nameError(current.name ?? '') ?? birthdateError(current.dob ?? '');
    if (problem) throw new ValidationError(problem);
    await change(userId, (trx) =>
      profiles.setOnboardingFlags(
        userId,
        { profileStepCompleted: true, onboardingCompleted: true },
        trx,
      ),
    );
    return getOwnProfile(userId);
  }

  return { getMe, getOwnProfile, editProfile, saveOnboardingProfile, completeOnboarding };
}

export type ProfileService = ReturnType<typeof createProfileService>;
