import { describe, expect, it } from 'vitest';
import { firstName, formatCount } from './format.ts';
import { rowsForThisPass } from './rows-in-two-passes.ts';
import { clearStorageExcept, keptOnSignOut, storageKeys } from './storage-keys.ts';
import { readThemeChoice, resolveTheme } from './theme.ts';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('sign-out storage clearing', () => {
  it('clears everything but the theme choice', () => {
    const storage = new MemoryStorage();
    storage.setItem(storageKeys.theme, 'dark');
    storage.setItem(storageKeys.queryCache, '{}');
    storage.setItem('other', 'x');
    clearStorageExcept(storage, keptOnSignOut);
    expect(storage.length).toBe(1);
    expect(storage.getItem(storageKeys.theme)).toBe('dark');
  });
});

describe('theme', () => {
  it('follows the system unless a valid choice is stored', () => {
    const storage = new MemoryStorage();
    expect(readThemeChoice(storage)).toBe('system');
    expect(resolveTheme(readThemeChoice(storage), true)).toBe('dark');
    storage.setItem(storageKeys.theme, 'light');
    expect(resolveTheme(readThemeChoice(storage), true)).toBe('light');
    storage.setItem(storageKeys.theme, 'purple');
    expect(readThemeChoice(storage)).toBe('system');
    expect(readThemeChoice(null)).toBe('system');
  });
});

describe('firstName', () => {
  it('takes the first word of a name', () => {
    expect(firstName('  Olivia Tester ')).toBe('Olivia');
    expect(firstName('')).toBeNull();
    expect(firstName(null)).toBeNull();
  });
});

describe('formatCount', () => {
  it('writes thousands separators as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 1204, 999999, 1000000, 1234567890, -3000, -12, 12.75]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

describe('rows in two passes', () => {
  const rows = Array.from({ length: 20 }, (_, i) => `row ${i}`);

  it('renders the first screenful while the background render has not caught up', () => {
    expect(rowsForThisPass(rows, [], 12)).toEqual(rows.slice(0, 12));
  });

  it('renders every row once it has', () => {
    expect(rowsForThisPass(rows, rows, 12)).toBe(rows);
  });

  it('keeps the rows already on screen when a page is added', () => {
    const more = [...rows, 'row 20', 'row 21'];
    expect(rowsForThisPass(more, rows, 12)).toEqual(rows);
  });

  it('shows a shorter list whole at once', () => {
    const fewer = rows.slice(1);
    expect(rowsForThisPass(fewer, rows, 12)).toEqual(fewer);
    expect(rowsForThisPass(rows.slice(0, 5), [], 12)).toEqual(rows.slice(0, 5));
  });
});
