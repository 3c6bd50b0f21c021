import { ageOn, DISCOVER_DEGREES, networkMessages, type DiscoverProfile } from '@heartline/domain';
import { settingsRefusal } from '../access/access.policy.ts';
import type { Ranked } from '../graph/graph.service.ts';
import type { CandidateRow } from './discover.repository.ts';

/** A connector as a path names them: 'Mutual Friend' when they hide from paths or are gone. */
export type ConnectorName = (seq: number) => string;

/** One card (spec/2 §3 discover profile), showing only what the person's settings allow. */
export function presentCandidate(
  ranked: Ranked,
  row: CandidateRow,
  connector: ConnectorName,
  today: Date,
  /**
   * What the viewer is: a request already open between them (either direction), verified, and
   * whether this person super liked them.
   */
  viewer: {
    requestOpen: boolean;
    verified: boolean;
    superLikedYou: boolean;
    /** Between the two cities, rounded (graph.distanceKm); null when either has none. */
    distanceKm: number | null;
  },
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
    // The person's safety settings may refuse a request from this viewer (spec/3 §2).
    canConnect:
      ranked.degree !== 1 &&
      !viewer.requestOpen &&
      settingsRefusal('connect', {
        needsVerified: row.blocksUnverified && !viewer.verified,
        requiresMutual: row.requiresMutual,
        mutualFriends: ranked.degree === 2 ? ranked.mutual : 0,
      }) === null,
    superLikedYou: viewer.superLikedYou,
    distanceKm: viewer.distanceKm,
  };
}
