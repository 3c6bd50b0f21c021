import { placeMessages } from '@heartline/domain';
import { useId, useState, type KeyboardEvent } from 'react';
import { usePlacesQuery } from '../../state/queries/places.ts';
import { useDebouncedValue } from '../Network/use-debounced-value.ts';

export type CityChoice = { id: number; label: string } | null;

/**
 * The person's city, chosen from the bundled list (issue 48): type a few letters, pick one of
 * the cities the server finds (a combobox: arrow keys and Enter, or a tap). Never the device's
 * location. `legacy` is a location written as free text before cities, shown until replaced.
 */
export function CityField({
  value,
  legacy,
  onChange,
}: {
  value: CityChoice;
  legacy: string;
  onChange: (city: CityChoice) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text, 200);
  const places = usePlacesQuery(open ? query : '');
  const results = places.data ?? [];

  const choose = (index: number) => {
    const place = results[index];
    if (!place) return;
    onChange({ id: place.id, label: place.label });
    setText('');
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || results.length === 0) return;
    if (event.key === 'ArrowDown') setActive((i) => Math.min(results.length - 1, i + 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (event.key === 'Enter') choose(active);
    else if (event.key === 'Escape') setOpen(false);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  const showList = open && text.trim() !== '' && query.trim() !== '';

  return (
    <div className="field city-field">
      <label className="field__label" htmlFor={`${id}-input`}>
        {placeMessages.searchLabel}
      </label>
      {value ? (
        <p className="city-field__current">
          <span data-testid="city-current">{value.label}</span>
          <button type="button" className="btn btn--text btn--sm" onClick={() => onChange(null)}>
            Remove
          </button>
        </p>
      ) : (
        legacy.trim() && (
          <p className="field__hint city-field__legacy" id={`${id}-legacy`}>
            {placeMessages.askOnce} (now: “{legacy}”).
          </p>
        )
      )}
      <input
        id={`${id}-input`}
        className="field__input"
        role="combobox"
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={showList && results[active] ? `${id}-opt-${active}` : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        placeholder={placeMessages.searchPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="field__hint">
        A city from the list; your device location is never used.
      </p>
      {showList && (
        <ul id={`${id}-list`} role="listbox" className="city-field__list" aria-label="Cities">
          {results.map((place, i) => (
            <li
              key={place.id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={
                i === active
                  ? 'city-field__option city-field__option--active'
                  : 'city-field__option'
              }
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(i)}
            >
              {place.label}
            </li>
          ))}
          {places.isSuccess && results.length === 0 && (
            <li className="city-field__none" role="presentation">
              {placeMessages.noResults}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
