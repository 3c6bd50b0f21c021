import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import {
  deckEnd,
  emptyText,
  hopsFromNames,
  keyGesture,
  locationText,
  moreMutualFriends,
  nameAndAge,
  positionLabel,
  profileCountLabel,
  progressDots,
  swipeErrorText,
  swipeGesture,
  whySentence,
} from './discover-view.ts';

describe('swipe gestures', () => {
  it('count only past the 30 px threshold', () => {
    expect(swipeGesture(0, 0)).toBeNull();
    expect(swipeGesture(30, 0)).toBeNull();
    expect(swipeGesture(-30, 12)).toBeNull();
    expect(swipeGesture(0, -30)).toBeNull();
    expect(swipeGesture(31, 0)).toBe('like');
  });

  it('map left, right, up and down to pass, like, skip and path', () => {
    expect(swipeGesture(-80, 5)).toBe('pass');
    expect(swipeGesture(80, -5)).toBe('like');
    expect(swipeGesture(4, -80)).toBe('skip');
    expect(swipeGesture(-4, 80)).toBe('path');
  });

  it('go by the longer axis on a diagonal (a tie is horizontal)', () => {
    expect(swipeGesture(50, -60)).toBe('skip');
    expect(swipeGesture(-60, 50)).toBe('pass');
    expect(swipeGesture(40, 40)).toBe('like');
  });

  it('take another threshold when given one', () => {
    expect(swipeGesture(40, 0, 50)).toBeNull();
    expect(swipeGesture(51, 0, 50)).toBe('like');
  });

  it('have arrow keys doing the same', () => {
    expect(keyGesture('ArrowLeft')).toBe('pass');
    expect(keyGesture('ArrowRight')).toBe('like');
    expect(keyGesture('ArrowUp')).toBe('skip');
    expect(keyGesture('ArrowDown')).toBe('path');
    expect(keyGesture('Enter')).toBeNull();
  });
});

describe('progress strip', () => {
  const render = (dots: string[]) =>
    dots.map((d) => (d === 'current' ? 'o' : d === 'done' ? 'x' : '.')).join('');

  it('shows one dot per card in a small deck', () => {
    expect(render(progressDots(0, 3))).toBe('o..');
    expect(render(progressDots(2, 3))).toBe('xxo');
    expect(progressDots(0, 0)).toEqual([]);
  });

  it('shows at most 10 dots, keeping the current card near the middle', () => {
    expect(render(progressDots(0, 50))).toBe('o.........');
    expect(render(progressDots(4, 50))).toBe('xxxxo.....');
    expect(render(progressDots(20, 50))).toBe('xxxxxo....');
    expect(render(progressDots(49, 50))).toBe('xxxxxxxxxo');
    expect(progressDots(20, 50)).toHaveLength(10);
  });

  it('keeps the current dot inside the strip when the position is past the total', () => {
    expect(render(progressDots(7, 5))).toBe('xxxxo');
  });

  it('labels the position and the counts', () => {
    expect(positionLabel(3, 42, false)).toBe('#3 of 42');
    expect(positionLabel(12, 999, true)).toBe('#12 of 999+');
    expect(profileCountLabel(1, false)).toBe('1 profile');
    expect(profileCountLabel(1204, false)).toBe('1,204 profiles');
    expect(profileCountLabel(999, true)).toBe('999+ profiles');
  });
});

describe('card texts', () => {
  it('names the person with their age, or without it when hidden', () => {
    expect(nameAndAge({ name: 'Ana', age: 29 })).toBe('Ana, 29');
    expect(nameAndAge({ name: 'Ana', age: null })).toBe('Ana');
    expect(nameAndAge({ name: null, age: 30 })).toBe('Unknown User, 30');
  });

  it('says when the location is not given', () => {
    expect(locationText('  ')).toBe('Location not specified');
    expect(locationText('Lisbon')).toBe('Lisbon');
  });

  it('counts mutual friends beyond the grid', () => {
    expect(moreMutualFriends(9, 6)).toBe(3);
    expect(moreMutualFriends(4, 4)).toBe(0);
    expect(moreMutualFriends(2, 6)).toBe(0);
  });
});

describe('why this connection', () => {
  it('explains a friend of a friend through the friend', () => {
    expect(
      whySentence({
        name: 'Ana',
        degree: '2nd',
        hops: [{ name: 'Ben', hidden: false }],
        mutualFriends: 3,
      }),
    ).toBe('Ana is a friend of your friend Ben. You have 3 mutual friends.');
    expect(
      whySentence({
        name: 'Ana',
        degree: '2nd',
        hops: [{ name: 'Ben', hidden: false }],
        mutualFriends: 1,
      }),
    ).toBe('Ana is a friend of your friend Ben. You have 1 mutual friend.');
  });

  it('explains the 3rd degree along the path', () => {
    expect(
      whySentence({
        name: 'Ana',
        degree: '3rd',
        hops: [
          { name: 'Ben', hidden: false },
          { name: 'Carla', hidden: false },
        ],
        mutualFriends: 0,
      }),
    ).toBe('Ana is a friend of Carla, who is friends with your friend Ben.');
  });

  it('never names a connector who hides from paths', () => {
    expect(
      whySentence({
        name: 'Ana',
        degree: '2nd',
        hops: hopsFromNames(['You', 'Mutual Friend', 'Ana']),
        mutualFriends: 2,
      }),
    ).toBe('Ana is a friend of one of your friends. You have 2 mutual friends.');
    expect(
      whySentence({
        name: 'Ana',
        degree: '3rd',
        hops: hopsFromNames(['You', 'Ben', 'Mutual Friend', 'Ana']),
        mutualFriends: 0,
      }),
    ).toBe('Ana is a friend of someone who is friends with your friend Ben.');
  });

  it('says a friend is a friend', () => {
    expect(whySentence({ name: 'Ana', degree: '1st', hops: [], mutualFriends: 4 })).toBe(
      'Ana is your friend. You have 4 mutual friends.',
    );
  });

  it('reads the hops between You and the person from the names of a path', () => {
    expect(hopsFromNames(['You', 'Ben', 'Carla', 'Ana'])).toEqual([
      { name: 'Ben', hidden: false },
      { name: 'Carla', hidden: false },
    ]);
    expect(hopsFromNames([])).toEqual([]);
  });
});

describe('the end of the deck', () => {
  it('offers Start Over when someone was skipped', () => {
    expect(deckEnd({ skipped: 2, acted: 0, emptyReason: null })).toEqual({ kind: 'reset' });
    expect(deckEnd({ skipped: 1, acted: 7, emptyReason: null })).toEqual({ kind: 'reset' });
  });

  it("is 'all caught up' after going through every card without skipping", () => {
    expect(deckEnd({ skipped: 0, acted: 5, emptyReason: null })).toEqual({ kind: 'caught-up' });
  });

  it('is the empty state, with its reason, when there was nothing to show', () => {
    expect(deckEnd({ skipped: 0, acted: 0, emptyReason: 'no_friends' })).toEqual({
      kind: 'empty',
      reason: 'no_friends',
    });
    expect(emptyText('no_friends')).toMatch(/Invite a friend/);
    expect(deckEnd({ skipped: 3, acted: 4, emptyReason: 'paused' })).toEqual({
      kind: 'empty',
      reason: 'paused',
    });
    expect(emptyText('paused')).toMatch(/^Nobody sees you in Discover/);
    expect(emptyText(null)).toBe(emptyText('none'));
  });
});

describe('swipe errors', () => {
  const err = (status: number, message = 'server text') => new ApiError('X', message, status);

  it('use the spec texts, and the server words for too many swipes', () => {
    expect(swipeErrorText('like', err(500))).toBe('Failed to like profile');
    expect(swipeErrorText('pass', err(404))).toBe('Failed to decline profile');
    expect(swipeErrorText('like', err(429, 'Slow down'))).toBe('Slow down');
    expect(swipeErrorText('skip', err(404, 'User not found'))).toBe('User not found');
    expect(swipeErrorText('skip', new Error('boom'))).not.toBe('boom');
  });
});
