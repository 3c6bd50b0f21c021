import type { DiscoverProfile } from '@heartline/domain';
import { describe, expect, it } from 'vitest';
import {
  bringBack,
  deckCards,
  discoverUrl,
  patchCard,
  putCardBack,
  takeCard,
  type DeckData,
  type DeckPage,
} from './discover.ts';

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const card = (n: number): DiscoverProfile => ({
  id: id(n),
  name: `Person ${n}`,
  age: 30,
  gender: 'woman',
  bio: '',
  location: '',
  interests: [],
  photoUrl: null,
  avatar: null,
  trustScore: 10 * n,
  isVerified: false,
  degree: '2nd',
  mutualFriends: 1,
  connectionPaths: [['You', 'Ben', `Person ${n}`]],
  canConnect: true,
  superLikedYou: false,
  distanceKm: null,
});

const page = (ns: number[], over: Partial<DeckPage> = {}): DeckPage => ({
  items: ns.map(card),
  nextCursor: null,
  total: null,
  totalCapped: false,
  skipped: 0,
  emptyReason: null,
  ...over,
});

const deck = (): DeckData => ({
  pages: [page([1, 2], { total: 4, skipped: 1 }), page([3, 4])],
  pageParams: [null, 'c1'],
});

const ids = (data: DeckData) => deckCards(data).map((c) => c.trustScore / 10);

describe('the deck in the cache', () => {
  it('takes a card out and counts it as acted on (and skipped, for a skip)', () => {
    const { data, taken } = takeCard(deck(), id(3), true);
    expect(ids(data)).toEqual([1, 2, 4]);
    expect(taken).toMatchObject({ page: 1, index: 0 });
    expect(data.pages[0]).toMatchObject({ acted: 1, skipped: 2, total: 4 });
    const liked = takeCard(data, id(1), false).data;
    expect(liked.pages[0]).toMatchObject({ acted: 2, skipped: 2 });
  });

  it('leaves the deck alone for a card it does not hold', () => {
    const before = deck();
    const { data, taken } = takeCard(before, id(9), false);
    expect(taken).toBeNull();
    expect(data).toBe(before);
  });

  it('puts a refused card back in its place and uncounts it', () => {
    const { data, taken } = takeCard(deck(), id(2), true);
    const back = putCardBack(data, taken!, true);
    expect(ids(back)).toEqual([1, 2, 3, 4]);
    expect(back.pages[0]).toMatchObject({ acted: 0, skipped: 1 });
    // Twice is once.
    expect(putCardBack(back, taken!, true)).toBe(back);
  });

  it('brings an undone pass back as the current card', () => {
    const { data, taken } = takeCard(deck(), id(1), false);
    const back = bringBack(takeCard(data, id(2), false).data, taken!.profile);
    expect(ids(back)).toEqual([1, 3, 4]);
    expect(back.pages[0]?.acted).toBe(1);
    expect(bringBack(back, taken!.profile)).toBe(back);
  });

  it('patches one card wherever it is', () => {
    const data = patchCard(deck(), id(4), { canConnect: false });
    expect(deckCards(data).map((c) => c.canConnect)).toEqual([true, true, true, false]);
  });

  it('asks for a page by cursor', () => {
    expect(discoverUrl(null)).toBe('/api/discover');
    expect(discoverUrl('a b')).toBe('/api/discover?cursor=a+b');
  });
});
