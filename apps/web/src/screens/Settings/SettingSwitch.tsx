import { useId, type ReactNode } from 'react';

/**
 * One on/off setting: the whole row is the control (a 44 px+ target: the switch's box is
 * stretched over the row in CSS), announced as a switch named by its label and described by its
 * description. The name is exactly the visible label (WCAG 2.5.3, label in name): the
 * description sits outside the button.
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
  const descriptionId = useId();
  return (
    <div className="setting-row" data-disabled={disabled || undefined}>
      <span className="setting-row__text">
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-describedby={description ? descriptionId : undefined}
          aria-disabled={disabled || undefined}
          className="setting-row__label setting-row__switch"
          onClick={() => {
            if (!disabled) onChange(!checked);
          }}
        >
          {label}
        </button>
        {description && (
          <span id={descriptionId} className="setting-row__description">
            {description}
          </span>
        )}
      </span>
      <span className="net-switch" aria-hidden="true" data-on={checked} />
    </div>
  );
}
