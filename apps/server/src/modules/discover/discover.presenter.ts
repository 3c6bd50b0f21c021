import { ageOn, DISCOVER_DEGREES, networkMessages, type DiscoverProfile } from '@heartline/domain';
import type { Ranked } from '../graph/graph.traversal.ts';
import type { CandidateRow } from './discover.repository.ts';

/** A connector as a path names them: 'Mutual Friend' when they hide from paths or are gone. */
export type ConnectorName = (seq: number) => string;

/** One card (spec/2 §3 discover profile), showing only what the person's settings allow. */
export function presentCandidate(
  ranked: Ranked,
  row: CandidateRow,
  connector: ConnectorName,
  today: Date,
  /** A connection request is open between the viewer and this person (either direction). */
  requestOpen: boolean,
): DiscoverProfile {
  const name = row.name?.trim() || null;
  const hops =
    ranked.degree === 1
      ? []
      : ranked.degree === 2
        ? [connector(ranked.via)]
        : [connector(ranked.via), connector(ranked.via2)];
  return {
    id: row.id,
    name,
    age: row.showAge && row.dob ? ageOn(row.dob, today) : null,
    gender: row.gender,
    bio: row.bio,
    location: row.locationSharing ? row.location.trim() : '',
    interests: row.interests,
    photoUrl: row.photoUrl,
    avatar: row.avatarUrl,
    trustScore: ranked.trust,
    isVerified: row.isVerified,
    degree: DISCOVER_DEGREES[ranked.degree - 1]!,
    mutualFriends: ranked.mutual,
    connectionPaths: [[networkMessages.you, ...hops, name ?? networkMessages.unknownUser]],
    canConnect: ranked.degree !== 1 && !requestOpen,
  };
}
