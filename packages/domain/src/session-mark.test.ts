import { describe, expect, it } from 'vitest';
import { carriesSignedInMark } from './session-mark.ts';

describe('the signed-in mark', () => {
  it('is found under its plain and its __Host- name, anywhere in the cookie string', () => {
    expect(carriesSignedInMark('hl_signed_in=1')).toBe(true);
    expect(carriesSignedInMark('theme=dark; __Host-hl_signed_in=1')).toBe(true);
    expect(carriesSignedInMark('a=b;hl_signed_in=1; c=d')).toBe(true);
  });

  it('is not taken from another cookie whose name or value holds its name', () => {
    expect(carriesSignedInMark('')).toBe(false);
    expect(carriesSignedInMark('xhl_signed_in=1')).toBe(false);
    expect(carriesSignedInMark('hl_signed_in_old=1')).toBe(false);
    expect(carriesSignedInMark('note=hl_signed_in=1')).toBe(false);
  });
});
