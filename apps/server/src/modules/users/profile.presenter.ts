import { ageOn, knownPrompts, profileCompleteness, type OwnProfile } from '@heartline/domain';
import type { MediaStorage } from '../media/media.storage.ts';
import { presentPhoto } from '../photos/photos.presenter.ts';
import type { OwnProfileRow, ProfilePhotoRow } from './profile.repository.ts';

type Enum<K extends keyof OwnProfile> = OwnProfile[K];

/** The only shape of the own profile that leaves the server. */
export function presentOwnProfile(
  row: OwnProfileRow,
  photoRows: readonly ProfilePhotoRow[],
  matches: number,
  storage: MediaStorage,
  today: Date = new Date(),
): OwnProfile {
  const photos = photoRows.map((p) => presentPhoto(p, storage));
  const photo = photos[0] ?? null;
  // Without an upload, users.photo_url holds the provider's picture (auth/identity-picture.ts).
  const identityPicture = photo ? null : row.photoUrl;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    dob: row.dob,
    age: row.dob ? ageOn(row.dob, today) : null,
    // The columns are constrained by the write schemas; the casts only narrow text to the enum.
    gender: row.gender as Enum<'gender'>,
    interestedIn: row.interestedIn as Enum<'interestedIn'>,
    datingGoal: row.datingGoal as Enum<'datingGoal'>,
    bio: row.bio,
    location: row.location,
    cityId: row.cityId,
    interests: row.interests,
    photo,
    photos,
    prompts: knownPrompts(row.prompts),
    identityPicture,
    trustScore: row.trustScore,
    stats: {
      connections: row.friendCount + row.secondDegreeCount,
      matches,
      friends: row.friendCount,
    },
    completeness: profileCompleteness({
      name: row.name,
      hasPhoto: photo !== null || identityPicture !== null,
      interests: row.interests,
    }),
    onboarding: {
      completed: row.onboardingCompleted ?? false,
      profileStepCompleted: row.profileStepCompleted ?? false,
      photoStepCompleted: row.photoStepCompleted ?? false,
    },
  };
}
