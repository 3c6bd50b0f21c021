import {
  DISCOVER_DEGREES,
  MUTUAL_FRIENDS_SHOWN,
  discoverUnlocks,
  peopleMessages,
  type PersonProfile,
} from '@heartline/domain';
import * as z from 'zod/mini';
import { NotFoundError } from '../../lib/errors.ts';
import { accountState, can, isVisible, tieFromIndex, type Tie } from '../access/access.policy.ts';
import type { Graph } from '../graph/graph.service.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { canSeeDegree } from '../network/network.policy.ts';
import { presentPerson } from './people.presenter.ts';
import type { PeopleRepository } from './people.repository.ts';

const uuidSchema = z.uuid();

/**
 * Another person's whole profile (issue 48). Whom it shows follows the lists it is opened from:
 * someone the viewer's Network or Discover may list (their degree unlocked, reached through a
 * connector who shows in paths: the Connection Path's rule), or their match; blocks, account
 * states and everyone else read exactly as a person who does not exist.
 */
export function createPeopleService(deps: {
  graph: Graph;
  repo: PeopleRepository;
  storage: MediaStorage;
}) {
  const { graph, repo } = deps;
  const notFound = () => new NotFoundError(peopleMessages.notFound);

  return {
    async profile(viewerId: string, targetId: string): Promise<PersonProfile> {
      if (!uuidSchema.safeParse(targetId).success) throw notFound();
      const row = await repo.person(viewerId, targetId);
      if (!row) throw notFound();
      const v = row.viewerSeq;
      const t = row.seq;
      const isSelf = v === t;
      const friends = !isSelf && graph.friendsNow(v, t);
      const tie: Tie = {
        ...tieFromIndex(graph.blockedNow(v, t), friends, {
          viewer: accountState(row.viewerState),
          target: accountState(row.state),
        }),
        matched: row.matched,
        needsVerified: row.blocksUnverified && !row.viewerVerified,
        requiresMutual: row.requiresMutual,
      };
      if (!isVisible('view', tie)) throw notFound();

      const found = isSelf ? null : graph.locate(v, t);
      const reach = discoverUnlocks(graph.friendCount(v), graph.trust(v));
      const listed = found !== null && found.listed && canSeeDegree(found.degree, reach);
      if (!isSelf && !listed && !row.matched) throw notFound();

      const mutual = found?.mutual ?? [];
      const sample = mutual.filter((s) => !graph.hiddenFromPaths(s)).slice(0, MUTUAL_FRIENDS_SHOWN);
      const names = await repo.names(sample);
      const bySeq = new Map(names.map((n) => [n.seq, n]));
      return presentPerson(row, deps.storage, {
        degree: listed ? DISCOVER_DEGREES[found.degree - 1]! : null,
        trustScore: graph.trust(t),
        distanceKm: isSelf ? null : graph.distanceKm(v, t),
        mutual: { count: mutual.length, shown: sample.flatMap((s) => bySeq.get(s) ?? []) },
        relation: { isSelf, friends, matched: row.matched, requestOpen: row.requestOpen },
        canMessage: !isSelf && can('message', tie),
        canConnect:
          !isSelf &&
          !friends &&
          !row.requestOpen &&
          can('connect', { ...tie, mutualFriends: mutual.length }),
      });
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
