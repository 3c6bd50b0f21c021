import {
  userRoom,
  birthdateError,
  DOB_CHANGE_INTERVAL_DAYS,
  nameError,
  profileMessages,
  type Me,
  type OnboardingProfileInput,
  type OwnProfile,
} from '@heartline/domain';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Trx } from '../../db/database.ts';
import type { Emit, Transact } from '../events/events.outbox.ts';
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

const DOB_CHANGE_INTERVAL_MS = DOB_CHANGE_INTERVAL_DAYS * 24 * 60 * 60 * 1000;

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

  /**
   * The birth date sets the age Discover filters on, so after onboarding it changes at most once
   * per DOB_CHANGE_INTERVAL_DAYS (issue 18); during onboarding it is set and corrected freely,
   * sending the same date again is no change, and removing it (the age is then not shown) is
   * always allowed: only a new date counts, so removing and re-adding is no way around the rule.
   * Returns what the save adds to its patch, or refuses with a 400 naming the field and the day
   * it may change again. Under the row lock.
   */
  async function dobChange(
    userId: string,
    dob: string | null,
    trx: Trx,
  ): Promise<{ dobChangedAt?: Date }> {
    const current = await profiles.lockDob(trx, userId);
    if (!current || dob === null || current.dob === dob || !current.onboardingCompleted) {
      return {};
    }
    const now = new Date();
    const last = current.dobChangedAt;
    if (last && now.getTime() - last.getTime() < DOB_CHANGE_INTERVAL_MS) {
      const again = new Date(last.getTime() + DOB_CHANGE_INTERVAL_MS).toISOString().slice(0, 10);
      const message = profileMessages.dobChangeTooSoon(again);
      throw new ValidationError(message, { dob: message });
    }
    return { dobChangedAt: now };
  }

  async function getOwnProfile(userId: string): Promise<OwnProfile> {
    const row = await profiles.findOwnProfile(userId);
    if (!row) throw new NotFoundError(profileMessages.userNotFound);
    const [photos, matches] = await Promise.all([
      profiles.listPhotos(userId),
      profiles.countMatches(row.seq),
    ]);
    return presentOwnProfile(row, photos, matches, storage);
  }

  async function editProfile(userId: string, input: ProfilePatch): Promise<OwnProfile> {
    await change(userId, async (trx) => {
      const dob = input.dob === undefined ? {} : await dobChange(userId, input.dob, trx);
      await profiles.updateProfile(trx, userId, { ...input, ...dob });
    });
    return getOwnProfile(userId);
  }

  async function saveOnboardingProfile(
    userId: string,
    input: OnboardingProfileInput,
  ): Promise<OwnProfile> {
    await change(userId, async (trx) => {
      // After onboarding this is an edit like any other: the birth date rule applies.
      const dob = await dobChange(userId, input.dob, trx);
      const { name, dob: born, gender, interestedIn, datingGoal } = input;
      await profiles.updateProfile(trx, userId, {
        name,
        dob: born,
        ...dob,
        ...(gender && { gender }),
        ...(interestedIn && { interestedIn }),
        ...(datingGoal && { datingGoal }),
      });
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

  /**
   * Moderation removed the bio (issue 47): emptied in the action's transaction (the graph's
   * write path reads the person again; the caller records the change).
   */
  async function clearBio(trx: Trx, emit: Emit, userId: string): Promise<void> {
    await profiles.updateProfile(trx, userId, { bio: '' });
    emit(userRoom(userId), 'profile.updated', { userId }, null);
  }

  return {
    getMe,
    getOwnProfile,
    editProfile,
    saveOnboardingProfile,
    completeOnboarding,
    clearBio,
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
