import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { safeStorage, storageKeys } from '../lib/storage-keys.ts';
import {
  applyTheme,
  readThemeChoice,
  resolveTheme,
  systemDarkQuery,
  type Theme,
  type ThemeChoice,
} from '../lib/theme.ts';

type ThemeContextValue = {
  choice: ThemeChoice;
  theme: Theme;
  setChoice: (choice: ThemeChoice) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

function useSystemPrefersDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia(systemDarkQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(systemDarkQuery);
    const onChange = () => setDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return dark;
}

/** main.tsx applies the stored theme before the first render; this keeps it in sync afterwards. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(() =>
    readThemeChoice(safeStorage('local')),
  );
  const systemDark = useSystemPrefersDark();
  const theme = resolveTheme(choice, systemDark);

  useEffect(() => applyTheme(theme), [theme]);

  const setChoice = useCallback((next: ThemeChoice) => {
    const store = safeStorage('local');
    if (next === 'system') store?.removeItem(storageKeys.theme);
    else store?.setItem(storageKeys.theme, next);
    setChoiceState(next);
  }, []);

  const value = useMemo(() => ({ choice, theme, setChoice }), [choice, theme, setChoice]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeContextValue {
  const value = use(ThemeContext);
  if (!value) throw new Error('useTheme must be used within a ThemeProvider');
  return value;
}
