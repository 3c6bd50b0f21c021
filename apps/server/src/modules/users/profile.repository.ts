import { sql } from 'kysely';
import type { PromptAnswer } from '@heartline/domain';
import type { Db, Trx } from '../../db/database.ts';

export type ProfilePatch = {
  name?: string;
  dob?: string | null;
  /** Set with a change of `dob` after onboarding (profile.service.ts). */
  dobChangedAt?: Date;
  datingGoal?: string;
  interests?: string[];
  gender?: string;
  interestedIn?: string;
  bio?: string;
  location?: string;
  prompts?: PromptAnswer[];
};

export type OnboardingFlags = {
  profileStepCompleted?: boolean;
  photoStepCompleted?: boolean;
  onboardingCompleted?: boolean;
};

/** SQL for the own-profile screens: the user row, its onboarding record, photo and counts. */
export function createProfileRepository(db: Db) {
  return {
    findOwnProfile(userId: string) {
      return db
        .selectFrom('users as u')
        .leftJoin('userOnboardingStatus as o', 'o.userId', 'u.id')
        .select([
          'u.id',
          'u.seq',
          'u.email',
          'u.name',
          'u.dob',
          'u.gender',
          'u.interestedIn',
          'u.bio',
          'u.location',
          'u.cityId',
          'u.datingGoal',
          'u.interests',
          'u.prompts',
          'u.trustScore',
          'u.photoUrl',
          'u.friendCount',
          'u.secondDegreeCount',
          'o.onboardingCompleted',
          'o.profileStepCompleted',
          'o.photoStepCompleted',
        ])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    /** The user's current photos, main first (the photos module writes them). */
    listPhotos(userId: string) {
      return db
        .selectFrom('photos')
        .select(['id', 'mainKey', 'avatarKeys', 'width', 'height', 'createdAt'])
        .where('userId', '=', userId)
        .where('replacedAt', 'is', null)
        .orderBy('position')
        .execute();
    },

    async countMatches(seq: number): Promise<number> {
      const row = await db
        .selectFrom('matches')
        .select(sql<number>`count(*)`.as('n'))
        .where('status', '=', 'active')
        .where((eb) => eb.or([eb('userLow', '=', seq), eb('userHigh', '=', seq)]))
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /**
     * The birth date, when it last changed after onboarding and whether onboarding is done, with
     * the user's row locked until the transaction ends (two saves at once are decided in turn).
     */
    lockDob(trx: Trx, userId: string) {
      return trx
        .selectFrom('users as u')
        .leftJoin('userOnboardingStatus as o', 'o.userId', 'u.id')
        .select(['u.dob', 'u.dobChangedAt', 'o.onboardingCompleted'])
        .where('u.id', '=', userId)
        .forUpdate('u')
        .executeTakeFirst();
    },

    async updateProfile(trx: Trx, userId: string, patch: ProfilePatch): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      const { prompts, ...columns } = patch;
      await trx
        .updateTable('users')
        .set({
          ...columns,
          ...(prompts && { prompts: JSON.stringify(prompts) }),
          updatedAt: new Date(),
        })
        .where('id', '=', userId)
        .execute();
    },

    async setOnboardingFlags(
      userId: string,
      flags: OnboardingFlags,
      trx: Trx | Db = db,
    ): Promise<void> {
      const now = new Date();
      const completion = flags.onboardingCompleted ? { completionDate: now } : {};
      await trx
        .insertInto('userOnboardingStatus')
        .values({ userId, ...flags, ...completion, updatedAt: now })
        .onConflict((oc) =>
          oc.column('userId').doUpdateSet({ ...flags, ...completion, updatedAt: now }),
        )
        .execute();
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
export type OwnProfileRow = NonNullable<Awaited<ReturnType<ProfileRepository['findOwnProfile']>>>;
export type ProfilePhotoRow = Awaited<ReturnType<ProfileRepository['listPhotos']>>[number];
