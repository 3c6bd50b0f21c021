import {
  DISCOVER_TOTAL_CAP,
  networkMessages,
  discoverUnlocks,
  type DiscoverEmptyReason,
  type DiscoverPage,
} from '@heartline/domain';
import { UnauthorizedError } from '../../lib/errors.ts';
import { isVisible, tieFromIndex } from '../access/access.policy.ts';
import { decodeCursor, encodeCursor } from '../network/network.cursor.ts';
import { degreesOfTab } from '../network/network.policy.ts';
import { presentCandidate } from './discover.presenter.ts';
import type { Graph, RankKey } from '../graph/graph.service.ts';
import type { PeopleCache } from '../network/network.cache.ts';
import type { CardCache } from './discover.cache.ts';
import type { DiscoverRepository } from './discover.repository.ts';

export type DiscoverInput = { cursor?: string | undefined; limit: number };

/**
 * The Discover feed (DESIGN.md §3.4): people within the degrees Discover reaches (friends of
 * friends from the first friend on, `discoverUnlocks`) whose own
 * discovery visibility admits the viewer's degree, who want to meet each other's gender, within
 * the age window, not blocked either way, not yet liked, passed or skipped; by trust. The index
 * finds and ranks them (filters on its per-person facts), one query loads the page's people.
 */
export function createDiscoverService(deps: {
  graph: Graph;
  people: PeopleCache;
  repo: DiscoverRepository;
  cards: CardCache;
  now?: () => Date;
}) {
  const { graph, people, repo, cards } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Whether the viewer's Discover would show the person (`seq`s), whatever either has swiped:
     * within the viewer's unlocked degrees and listed there, not blocked either way, and admitted
     * by the filters. Likes, passes and skips act on such people only (issue 45: two strangers
     * matched by liking each other's ids).
     */
    isCandidate(viewerSeq: number, targetSeq: number): boolean {
      if (!graph.hasBirthDate(viewerSeq) || !graph.knows(targetSeq)) return false;
      const found = graph.locate(viewerSeq, targetSeq);
      if (!found || found.degree === 0 || !found.listed) return false;
      const unlocked = discoverUnlocks(graph.friendCount(viewerSeq), graph.trust(viewerSeq));
      if (!degreesOfTab('all', unlocked).includes(found.degree)) return false;
      return graph.admits(graph.candidateFilter(viewerSeq, now(), []), targetSeq, found.degree);
    },

    async page(userId: string, input: DiscoverInput): Promise<DiscoverPage> {
      const seq = await people.seqOf(userId);
      if (seq === undefined) throw new UnauthorizedError();
      const cursor = decodeCursor(input.cursor);
      let after: RankKey | null = null;
      if (cursor) {
        // The cursor's person was deleted meanwhile: their key still orders the list.
        after = { ...cursor, seq: (await people.seqOf(cursor.userId)) ?? 0 };
      }
      const viewer = await repo.viewerState(seq, userId);

      // From here to the page's ids everything is synchronous: the traversal's scratch and the
      // index's facts describe one moment.
      const friends = graph.friendCount(seq);
      const unlocked = discoverUnlocks(friends, graph.trust(seq));
      const degrees = degreesOfTab('all', unlocked);
      const today = now();
      // Paused: nobody is shown, as nobody sees them (DESIGN.md §3.4, issue 48).
      const discoverable = graph.hasBirthDate(seq) && !viewer.paused;
      const admit = graph.candidateFilter(seq, today, viewer.swiped, viewer.prefs);
      const filtered =
        viewer.prefs.ageMin !== null || viewer.prefs.ageMax !== null || viewer.prefs.maxKm !== null;
      const ranked = !discoverable
        ? []
        : graph.rank({
            viewer: seq,
            degrees,
            favorites: new Set(),
            onlyFavorites: false,
            after,
            limit: input.limit,
            search: '',
            admit,
          });
      const counted =
        cursor || !discoverable ? null : graph.countRanked(degrees, admit, DISCOVER_TOTAL_CAP);
      const page = ranked.slice(0, input.limit);
      const connectors = new Map<number, boolean>();
      for (const r of page) {
        for (const c of [r.via, r.via2]) if (c > 0) connectors.set(c, !graph.hiddenFromPaths(c));
      }

      const [bySeq, named] = await Promise.all([
        cards.cards(page.map((r) => r.seq)),
        people.people([...connectors.keys()]),
      ]);
      const connector = (c: number) => {
        const person = named.get(c);
        return person && connectors.get(c)
          ? person.name?.trim() || networkMessages.unknownUser
          : networkMessages.mutualFriend;
      };
      const items = [];
      for (const r of page) {
        const row = bySeq.get(r.seq);
        // The ranking leaves blocked pairs out; the policy has the last word on every card (a
        // card it hides still moves the cursor, so pages stay contiguous).
        const tie = tieFromIndex(graph.blockedNow(seq, r.seq), r.degree === 1, {
          viewer: viewer.account,
          target: row?.state ?? 'DELETED',
        });
        if (row && isVisible('view', tie)) {
          items.push(
            presentCandidate(r, row, connector, today, {
              requestOpen: viewer.asked.has(r.seq),
              verified: viewer.verified,
              superLikedYou: viewer.superLikedBy.has(r.seq),
              distanceKm: row.locationSharing ? graph.distanceKm(seq, r.seq) : null,
            }),
          );
        }
      }
      const last = page.at(-1);
      const lastRow = last ? bySeq.get(last.seq) : undefined;
      let emptyReason: DiscoverEmptyReason | null = null;
      if (!cursor && items.length === 0) {
        if (viewer.paused) emptyReason = 'paused';
        else if (!discoverable) emptyReason = 'profile_incomplete';
        else if (friends === 0) emptyReason = 'no_friends';
        else if (filtered) emptyReason = 'filters';
        else emptyReason = 'none';
      }
      return {
        items,
        nextCursor:
          ranked.length > input.limit && last && lastRow ? encodeCursor(last, lastRow.id) : null,
        total: counted ? Math.min(counted.count, DISCOVER_TOTAL_CAP) : null,
        totalCapped: counted ? counted.count > DISCOVER_TOTAL_CAP || !counted.exact : false,
        // Paused: no "Start over" to offer, the Resume is the way back.
        skipped: viewer.paused ? 0 : viewer.skipped,
        emptyReason,
      };
    },
  };
}

export type DiscoverService = ReturnType<typeof createDiscoverService>;
