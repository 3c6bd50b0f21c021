import { useTheme } from '../app/ThemeProvider.tsx';
import type { ThemeChoice } from '../lib/theme.ts';

const options: { value: ThemeChoice; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** Theme choice as a radio group: system (default), light or dark. */
export function ThemeToggle() {
  const { choice, setChoice } = useTheme();
  return (
    <fieldset className="segmented">
      <legend className="segmented__legend">Theme</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
