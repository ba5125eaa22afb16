import { Switch } from 'radix-ui';
import { type ReactNode, useId } from 'react';

export interface ToggleProps {
  readonly label: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly disabled?: boolean;
  /** A line under the name saying what it does. */
  readonly hint?: ReactNode;
  /** The accessible name, when the shown one needs more words (e.g. "Hide Password field"); else the label. */
  readonly name?: string;
}

/**
 * A setting that is on or off: its name, and a switch (role "switch"). The switch is named by the name alone; the hint
 * describes it (a screen reader says it after), so a voice user says what they see.
 */
export function Toggle({ label, checked, onChange, disabled, hint, name }: ToggleProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="cr-toggle" data-disabled={disabled ? '' : undefined}>
      <span className="cr-toggle-text">
        <label htmlFor={id} className="cr-field-label">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="cr-hint">
            {hint}
          </span>
        )}
      </span>
      <Switch.Root
        id={id}
        className="cr-switch"
        aria-label={name}
        aria-describedby={hint ? hintId : undefined}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
      >
        <Switch.Thumb className="cr-switch-thumb" />
      </Switch.Root>
    </div>
  );
}
