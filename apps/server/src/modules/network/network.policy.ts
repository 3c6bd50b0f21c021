import { networkMessages, type NetworkTab, type UnlockedTabs } from '@heartline/domain';
import type { Degree } from '../graph/graph.service.ts';

/**
 * Who may see what in the network (pure). Degrees a viewer may see follow the tab unlocks of
 * DESIGN.md §3.3; blocks are applied by the index itself (a blocked person is simply not
 * reachable), so every read path inherits them.
 */

/** The reason a tab is closed, or null when it is open. */
export function lockedTabMessage(
  tab: NetworkTab,
  unlocked: UnlockedTabs,
  friends: number,
  trust: number,
): string | null {
  if (tab === 'second' && !unlocked.secondDegree)
    return networkMessages.secondDegreeLocked(friends);
  if (tab === 'third' && !unlocked.thirdDegree) return networkMessages.thirdDegreeLocked(trust);
  return null;
}

/** The degrees a tab lists; 'all' and 'favorites' cover every unlocked degree. */
export function degreesOfTab(tab: NetworkTab, unlocked: UnlockedTabs): Degree[] {
  switch (tab) {
    case 'first':
    case 'favorites':
      return [1];
    case 'second':
      return [2];
    case 'third':
      return [3];
    case 'all':
      return visibleDegrees(unlocked);
  }
}

export function visibleDegrees(unlocked: UnlockedTabs): Degree[] {
  const out: Degree[] = [1];
  if (unlocked.secondDegree) out.push(2);
  if (unlocked.thirdDegree) out.push(3);
  return out;
}

/** A person's degree is visible to the viewer when the degree's tab is unlocked. */
export function canSeeDegree(degree: number, unlocked: UnlockedTabs): degree is Degree {
  return (
    degree === 1 ||
    (degree === 2 && unlocked.secondDegree) ||
    (degree === 3 && unlocked.thirdDegree)
  );
}
