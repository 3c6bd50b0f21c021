import { storageKeys } from './storage-keys.ts';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

type Reader = Pick<Storage, 'getItem'>;

export function readThemeChoice(store: Reader | null): ThemeChoice {
  const value = store?.getItem(storageKeys.theme);
  return value === 'dark' || value === 'light' ? value : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

/** Applies the theme to <html> (CSS reads data-theme; form controls follow color-scheme). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
}

export const systemDarkQuery = '(prefers-color-scheme: dark)';
