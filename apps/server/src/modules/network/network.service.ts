import {
  MUTUAL_FRIENDS_SHOWN,
  networkMessages,
  THIRD_DEGREE_COUNT_CAP,
  trustCalculation,
  discoverUnlocks,
  unlockedTabs,
  type ConnectionPath,
  type ConnectionsPage,
  type NetworkPage,
  type NetworkSummary,
  type NetworkTab,
} from '@heartline/domain';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { isVisible, tieFromIndex } from '../access/access.policy.ts';
import { decodeCursor, encodeCursor } from './network.cursor.ts';
import { canSeeDegree, degreesOfTab, lockedTabMessage } from './network.policy.ts';
import { presentConnection, presentPathNode, presentSelf } from './network.presenter.ts';
import type { Graph, RankKey } from '../graph/graph.service.ts';
import type { PeopleCache } from './network.cache.ts';
import type { NetworkRepository } from './network.repository.ts';

export type ConnectionsInput = {
  tab: NetworkTab;
  cursor?: string | undefined;
  limit: number;
  q?: string | undefined;
};

/**
 * The network screen's reads. Lists follow STYLE.md: the index finds and ranks ids (blocks
 * and unlocks already applied), one query batch-loads the page's people, the presenter shapes.
 */
export function createNetworkService(deps: {
  graph: Graph;
  people: PeopleCache;
  repo: NetworkRepository;
}) {
  const { graph, people, repo } = deps;

  async function viewerSeq(userId: string): Promise<number> {
    const seq = await people.seqOf(userId);
    if (seq === undefined) throw new UnauthorizedError();
    return seq;
  }

  function standing(seq: number) {
    const friends = graph.friendCount(seq);
    const trust = graph.trust(seq);
    // `reach`: the degrees Discover shows (its cards open the path and the friend count).
    return {
      friends,
      trust,
      unlocked: unlockedTabs(friends, trust),
      reach: discoverUnlocks(friends, trust),
    };
  }

  /**
   * The other person, if they exist and the interaction policy lets the viewer see them; a
   * block answers exactly as a missing person.
   */
  async function targetSeq(viewer: number, userId: string, message: string): Promise<number> {
    const seq = await people.seqOf(userId);
    if (seq === undefined || !graph.knows(seq)) throw new NotFoundError(message);
    const rows = await people.people([viewer, seq]);
    const tie = tieFromIndex(graph.blockedNow(viewer, seq), graph.friendsNow(viewer, seq), {
      viewer: rows.get(viewer)?.state ?? 'DELETED',
      target: rows.get(seq)?.state ?? 'DELETED',
    });
    if (!isVisible('view', tie)) throw new NotFoundError(message);
    return seq;
  }

  function summaryOf(viewer: { seq: number; pending: number; favorites: number }): NetworkSummary {
    const v = viewer.seq;
    const { friends, trust, unlocked } = standing(v);
    const secondAll = graph.secondCount(v);
    const second = unlocked.secondDegree ? secondAll : 0;
    let third = 0;
    let thirdCapped = false;
    if (unlocked.thirdDegree) {
      const found = graph.thirdCount(v, THIRD_DEGREE_COUNT_CAP + 1);
      third = Math.min(found, THIRD_DEGREE_COUNT_CAP);
      thirdCapped = found > THIRD_DEGREE_COUNT_CAP;
    }
    return {
      counts: {
        all: friends + second + third,
        first: friends,
        second,
        third,
        favorites: viewer.favorites,
      },
      thirdCapped,
      trustScore: trust,
      calculation: trustCalculation(friends, secondAll),
      unlockedTabs: unlocked,
      pendingRequests: viewer.pending,
    };
  }

  async function connectionsOf(
    v: number,
    userId: string,
    input: ConnectionsInput,
    /** Runs right after ranking, while the traversal still describes this viewer. */
    alongside?: () => void,
  ): Promise<ConnectionsPage> {
    const { friends, trust, unlocked } = standing(v);
    const locked = lockedTabMessage(input.tab, unlocked, friends, trust);
    if (locked) throw new ForbiddenError(locked);
    const cursor = decodeCursor(input.cursor);
    let after: RankKey | null = null;
    if (cursor) {
      const seq = await people.seqOf(cursor.userId);
      // The cursor's person was deleted meanwhile: their key still orders the list.
      after = { ...cursor, seq: seq ?? 0 };
    }
    const wantsFavorites =
      input.tab === 'first' || input.tab === 'all' || input.tab === 'favorites';
    const favorites = wantsFavorites ? await repo.favoritesOf(v) : new Set<number>();
    // From here to the presenter's inputs everything is synchronous: the traversal's scratch
    // arrays belong to this request until the next await.
    const ranked = graph.rank({
      viewer: v,
      degrees: degreesOfTab(input.tab, unlocked),
      favorites,
      onlyFavorites: input.tab === 'favorites',
      after,
      limit: input.limit,
      search: (input.q ?? '').toLowerCase(),
    });
    alongside?.();
    const page = ranked.slice(0, input.limit);
    const seqs = new Set<number>([v]);
    const shown = new Map<number, boolean>();
    for (const r of page) {
      seqs.add(r.seq);
      for (const c of [r.via, r.via2]) {
        if (c > 0) {
          seqs.add(c);
          shown.set(c, !graph.hiddenFromPaths(c));
        }
      }
    }
    const rows = await people.people([...seqs], page.some((r) => r.degree === 1) ? v : undefined);
    const items = [];
    for (const r of page) {
      const person = rows.get(r.seq);
      // The ranking already leaves blocked pairs out; the policy has the last word on every
      // row (a row it hides still moves the cursor, so pages stay contiguous).
      const tie = tieFromIndex(graph.blockedNow(v, r.seq), r.degree === 1, {
        viewer: rows.get(v)?.state ?? 'DELETED',
        target: person?.state ?? 'DELETED',
      });
      if (person && isVisible('view', tie))
        items.push(presentConnection(r, person, rows, userId, (s) => shown.get(s) ?? false));
    }
    const last = page.at(-1);
    const lastPerson = last ? rows.get(last.seq) : undefined;
    return {
      tab: input.tab,
      items,
      nextCursor:
        ranked.length > input.limit && last && lastPerson
          ? encodeCursor(last, lastPerson.id)
          : null,
    };
  }

  async function viewerRow(userId: string) {
    const viewer = await people.viewer(userId);
    if (!viewer) throw new UnauthorizedError();
    return viewer;
  }

  return {
    async summary(userId: string): Promise<NetworkSummary> {
      return summaryOf(await viewerRow(userId));
    },

    async connections(userId: string, input: ConnectionsInput): Promise<ConnectionsPage> {
      return connectionsOf(await viewerSeq(userId), userId, input);
    },

    /** The Network screen on open: the summary and the first page of a tab, one round trip. */
    async page(userId: string, input: ConnectionsInput): Promise<NetworkPage> {
      const viewer = await viewerRow(userId);
      let summary: NetworkSummary | undefined;
      // The summary reuses the ranking's 2nd-degree traversal (one walk per screen open).
      const connections = await connectionsOf(viewer.seq, userId, input, () => {
        summary = summaryOf(viewer);
      });
      return { summary: summary!, connections };
    },

    async path(userId: string, targetId: string): Promise<ConnectionPath> {
      const v = await viewerSeq(userId);
      const t = await targetSeq(v, targetId, networkMessages.userNotFound);
      const { reach } = standing(v);
      const found = graph.locate(v, t);
      // Someone reached only through connectors who hide from paths is not in the lists, and
      // answers here exactly as someone outside the network (docs/API-network.md).
      if (!found?.listed || !canSeeDegree(found.degree, reach)) {
        throw new NotFoundError(networkMessages.userNotFound);
      }
      const visible = (s: number) => !graph.hiddenFromPaths(s);
      const sample = found.mutual.filter(visible).slice(0, MUTUAL_FRIENDS_SHOWN);
      const hops = found.path.slice(1, -1);
      const hopShown = hops.map(visible);
      const rows = await people.people([...new Set([t, ...hops, ...sample])]);
      const target = rows.get(t);
      if (!target) throw new NotFoundError(networkMessages.userNotFound);
      return {
        userId: target.id,
        degree: found.degree,
        path: [
          presentSelf(userId),
          ...hops.map((s, i) => presentPathNode(rows.get(s), hopShown[i]!)),
          presentPathNode(target, true),
        ],
        mutualFriends: {
          count: found.mutual.length,
          shown: sample.map((s) => presentPathNode(rows.get(s), true)),
        },
      };
    },

    /**
     * spec/1 §9 connection count: your own friend count, or the friend count of someone within
     * your visible degrees (a Discover card shows it); anyone else answers as not found.
     */
    async count(userId: string, targetId: string): Promise<{ count: number }> {
      const v = await viewerSeq(userId);
      if (targetId === userId) return { count: graph.friendCount(v) };
      const t = await targetSeq(v, targetId, networkMessages.userNotFound);
      const found = graph.locate(v, t);
      if (!found?.listed || !canSeeDegree(found.degree, standing(v).reach)) {
        throw new NotFoundError(networkMessages.userNotFound);
      }
      return { count: graph.friendCount(t) };
    },
  };
}

export type NetworkService = ReturnType<typeof createNetworkService>;
