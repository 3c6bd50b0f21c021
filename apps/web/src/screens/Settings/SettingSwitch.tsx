import { useId, type ReactNode } from 'react';

/**
 * One on/off setting: the whole row is the control (a 44 px+ target), announced as a switch
 * with its label and description.
 */
export function SettingSwitch({
  label,
  description,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelId}
      aria-describedby={description ? descriptionId : undefined}
      aria-disabled={disabled || undefined}
      className="setting-row"
      onClick={() => {
        if (!disabled) onChange(!checked);
      }}
    >
      <span className="setting-row__text">
        <span id={labelId} className="setting-row__label">
          {label}
        </span>
        {description && (
          <span id={descriptionId} className="setting-row__description">
            {description}
          </span>
        )}
      </span>
      <span className="net-switch" aria-hidden="true" data-on={checked} />
    </button>
  );
}
