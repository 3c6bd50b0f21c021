import type { ReactNode } from 'react';

/**
 * One choice of a few (radio buttons drawn as a segmented control), e.g. "I'm looking for".
 * `value` '' is no choice yet: the person must pick one.
 */
export function Choice<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
  error,
  errorId,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | '';
  onChange: (value: T) => void;
  error: ReactNode;
  /** The error's element id, when there is one: the group is described by it. */
  errorId?: string | undefined;
}) {
  return (
    <fieldset className="segmented" aria-describedby={errorId}>
      <legend className="segmented__legend">{legend}</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <label key={option} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {labels[option]}
          </label>
        ))}
      </div>
      {error}
    </fieldset>
  );
}
