import {
  ageOn,
  knownPrompts,
  networkMessages,
  type DatingGoal,
  type PersonProfile,
} from '@heartline/domain';
import type { MediaStorage } from '../media/media.storage.ts';
import { presentPhoto } from '../photos/photos.presenter.ts';
import type { NameRow, PersonRow } from './people.repository.ts';

/** The only shape of another person's profile that leaves the server; settings applied. */
export function presentPerson(
  row: PersonRow,
  storage: MediaStorage,
  between: Pick<
    PersonProfile,
    'degree' | 'trustScore' | 'relation' | 'canMessage' | 'canConnect' | 'distanceKm'
  > & {
    mutual: { count: number; shown: NameRow[] };
  },
  today: Date = new Date(),
): PersonProfile {
  return {
    id: row.id,
    name: row.name?.trim() || null,
    age: row.showAge && row.dob ? ageOn(row.dob, today) : null,
    gender: row.gender,
    bio: row.bio,
    location: row.locationSharing ? row.location.trim() : '',
    distanceKm: row.locationSharing ? between.distanceKm : null,
    interests: row.interests,
    // The column is constrained by the write schema; the cast only narrows text to the enum.
    datingGoal: row.datingGoal as DatingGoal,
    prompts: knownPrompts(row.prompts),
    photos: row.photos.map((p) =>
      presentPhoto({ ...p, createdAt: new Date(p.createdAt) }, storage),
    ),
    avatar: row.avatarUrl,
    trustScore: between.trustScore,
    isVerified: row.isVerified,
    degree: between.degree,
    mutualFriends: {
      count: between.mutual.count,
      shown: between.mutual.shown.map((n) => ({
        userId: n.id,
        name: n.name?.trim() || networkMessages.unknownUser,
        avatar: n.avatarUrl,
        isSelf: false,
      })),
    },
    relation: between.relation,
    canMessage: between.canMessage,
    canConnect: between.canConnect,
  };
}
