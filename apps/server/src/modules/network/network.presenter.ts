import { networkMessages, type ConnectionView, type PathNode } from '@heartline/domain';
import type { Ranked } from '../graph/graph.service.ts';
import type { PersonRow } from './network.repository.ts';

/** What the presenter needs to know about a connector besides the row: may they be named? */
export type Shown = (seq: number) => boolean;

export function presentSelf(userId: string): PathNode {
  return { userId, name: networkMessages.you, avatar: null, isSelf: true };
}

/** A person on a path; someone who hides from paths becomes an anonymous 'Mutual Friend'. */
export function presentPathNode(person: PersonRow | undefined, shown: boolean): PathNode {
  if (!person || !shown) {
    return { userId: null, name: networkMessages.mutualFriend, avatar: null, isSelf: false };
  }
  return {
    userId: person.id,
    name: person.name?.trim() || networkMessages.unknownUser,
    avatar: person.avatarUrl,
    isSelf: false,
  };
}

/** The derived connection view of spec/1 §3 for one ranked row. */
export function presentConnection(
  row: Ranked,
  person: PersonRow,
  people: Map<number, PersonRow>,
  viewerId: string,
  shown: Shown,
): ConnectionView {
  const base = {
    userId: person.id,
    name: person.name?.trim() || networkMessages.unknownUser,
    bio: person.bio,
    avatar: person.avatarUrl,
    mutualConnections: row.mutual,
    isFavorited: row.fav,
    trustScore: row.trust,
  };
  if (row.degree === 1) {
    return {
      ...base,
      id: person.id,
      degree: 1,
      status: 'ACCEPTED',
      connectionType: 'FRIEND',
      createdAt: person.friendsSince ? new Date(person.friendsSince).toISOString() : null,
    };
  }
  const first = presentPathNode(people.get(row.via), shown(row.via));
  const common = {
    ...base,
    createdAt: null,
    connectedThrough: first.userId,
    connectedThroughName: first.name,
  };
  if (row.degree === 2) {
    // The inline chain is You -> connectedThrough -> them; no separate path needed.
    return {
      ...common,
      id: `2nd-degree-${person.id}`,
      degree: 2,
      status: 'POTENTIAL',
      connectionType: 'FRIEND_OF_FRIEND',
    };
  }
  const target: PathNode = {
    userId: person.id,
    name: base.name,
    avatar: person.avatarUrl,
    isSelf: false,
  };
  return {
    ...common,
    id: `3rd-degree-${person.id}`,
    degree: 3,
    status: 'EXTENDED',
    connectionType: 'EXTENDED_NETWORK',
    path: [
      presentSelf(viewerId),
      first,
      presentPathNode(people.get(row.via2), shown(row.via2)),
      target,
    ],
  };
}
