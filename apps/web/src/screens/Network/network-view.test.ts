import type { ConnectionView, NetworkSummary } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import {
  connectionCountLabel,
  emptyStateFor,
  lockedDegrees,
  formatTabCount,
  lockedTabText,
  pathSentence,
  pathSteps,
  searchForTab,
  tabCount,
  tabFromSearch,
} from './network-view.ts';

const summary = (over: Partial<NetworkSummary> = {}): NetworkSummary => ({
  counts: { all: 16, first: 4, second: 2, third: 10, favorites: 1 },
  thirdCapped: false,
  trustScore: 42,
  calculation: {
    firstDegreeCount: 4,
    secondDegreeCount: 2,
    firstDegreePoints: 40,
    secondDegreePoints: 2,
    formula: 'f',
  },
  unlockedTabs: { firstDegree: true, secondDegree: true, thirdDegree: false },
  pendingRequests: 12,
  ...over,
});

const view = (over: Partial<ConnectionView>): ConnectionView => ({
  id: 'x',
  userId: '00000000-0000-7000-8000-000000000003',
  name: 'Frank Fischer',
  bio: '',
  avatar: null,
  degree: 2,
  status: 'POTENTIAL',
  connectionType: 'FRIEND_OF_FRIEND',
  mutualConnections: 1,
  isFavorited: false,
  trustScore: 10,
  createdAt: null,
  ...over,
});

describe('tabs from the query string', () => {
  it('reads tab, the aliases and filter; unknown means All', () => {
    expect(tabFromSearch(new URLSearchParams('tab=requests'))).toBe('requests');
    expect(tabFromSearch(new URLSearchParams('tab=2nd'))).toBe('second');
    expect(tabFromSearch(new URLSearchParams('filter=favorites'))).toBe('favorites');
    expect(tabFromSearch(new URLSearchParams('filter=all'))).toBe('all');
    expect(tabFromSearch(new URLSearchParams('tab=first&filter=favorites'))).toBe('first');
    expect(tabFromSearch(new URLSearchParams('tab=nope'))).toBe('all');
    expect(tabFromSearch(new URLSearchParams(''))).toBe('all');
  });

  it('writes the tab, drops filter, keeps other parameters', () => {
    const next = searchForTab(
      new URLSearchParams('filter=favorites&inviteProcessing=true'),
      'third',
    );
    expect(next.toString()).toBe('inviteProcessing=true&tab=third');
    expect(searchForTab(new URLSearchParams('tab=first'), 'all').toString()).toBe('');
  });
});

describe('counts', () => {
  it('uses singular and plural wording, and marks a capped count', () => {
    expect(connectionCountLabel(summary({ counts: { ...summary().counts, all: 1 } }))).toBe(
      '1 connection',
    );
    expect(connectionCountLabel(summary())).toBe('16 connections');
    expect(
      connectionCountLabel(
        summary({ thirdCapped: true, counts: { ...summary().counts, all: 1150 } }),
      ),
    ).toBe('1,150+ connections');
    expect(formatTabCount(999, true)).toBe('999+');
  });

  it('caps only All and 3rd, and counts requests', () => {
    const s = summary({ thirdCapped: true });
    expect(tabCount('third', s)).toBe('10+');
    expect(tabCount('first', s)).toBe('4');
    expect(tabCount('requests', s)).toBe('12');
  });
});

describe('locked tabs', () => {
  it('explain what unlocks them with the domain texts', () => {
    const locked = summary({
      unlockedTabs: { firstDegree: true, secondDegree: false, thirdDegree: false },
      calculation: { ...summary().calculation, firstDegreeCount: 1 },
      trustScore: 11,
    });
    expect(lockedTabText('second', locked)).toBe(
      'The 2nd-degree tab unlocks when you have 3 friends (you have 1).',
    );
    expect(lockedTabText('third', locked)).toBe(
      'The 3rd-degree tab unlocks at a trust score of 70 (yours is 11).',
    );
    expect(lockedTabText('first', locked)).toBeNull();
    expect(lockedTabText('second', summary())).toBeNull();
  });
});

describe('paths', () => {
  it('uses the path from the list, naming you and hidden connectors', () => {
    const steps = pathSteps(
      view({
        degree: 3,
        path: [
          { userId: null, name: 'Alice', avatar: null, isSelf: true },
          {
            userId: '00000000-0000-7000-8000-000000000001',
            name: 'Bob',
            avatar: null,
            isSelf: false,
          },
          { userId: null, name: 'ignored', avatar: null, isSelf: false },
          {
            userId: '00000000-0000-7000-8000-000000000003',
            name: 'Heidi',
            avatar: null,
            isSelf: false,
          },
        ],
      }),
    );
    expect(steps && pathSentence(steps)).toBe('You → Bob → Mutual Friend → Heidi');
  });

  it('builds a 2nd-degree path from the connector, else asks the server', () => {
    const second = pathSteps(view({ connectedThroughName: 'Bob Bakker' }));
    expect(second && pathSentence(second)).toBe('You → Bob Bakker → Frank Fischer');
    const hidden = pathSteps(view({ connectedThrough: null }));
    expect(hidden && pathSentence(hidden)).toBe('You → Mutual Friend → Frank Fischer');
    expect(pathSteps(view({ degree: 3 }))).toBeNull();
  });
});

describe('empty states', () => {
  it('use the spec texts for the network and offer invites', () => {
    expect(emptyStateFor('all', '')).toEqual({
      title: 'No connections yet',
      text: 'Start building your network by inviting friends and discovering new connections',
      invite: true,
    });
    expect(emptyStateFor('first', 'zed').invite).toBe(false);
    // A search does not reach locked tabs: the empty state says so (issue 18).
    expect(emptyStateFor('all', 'zed', ['2nd', '3rd']).text).toContain(
      'Your 2nd and 3rd degree tabs are locked',
    );
    expect(emptyStateFor('all', 'zed', ['3rd']).text).toContain('Your 3rd degree tab is locked');
    expect(emptyStateFor('all', 'zed').text).not.toContain('locked');
    expect(lockedDegrees({ firstDegree: true, secondDegree: false, thirdDegree: false })).toEqual([
      '2nd',
      '3rd',
    ]);
  });
});
