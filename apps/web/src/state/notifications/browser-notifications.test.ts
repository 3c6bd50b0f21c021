import { describe, expect, it } from 'vitest';
import { safeAppPath } from './browser-notifications.ts';

describe('safeAppPath', () => {
  it('takes only paths of this app', () => {
    expect(safeAppPath('/chat/1')).toBe('/chat/1');
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      7,
      null,
    ]) {
      expect(safeAppPath(bad)).toBeNull();
    }
  });
});
