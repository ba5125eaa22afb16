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

/** A setting that is on or off: its name, and a switch (role "switch"). */
export function Toggle({ label, checked, onChange, disabled, hint, name }: ToggleProps) {
  const id = useId();
  return (
    <div className="cr-toggle" data-disabled={disabled ? '' : undefined}>
      <label htmlFor={id} className="cr-toggle-text">
        <span className="cr-field-label">{label}</span>
        {hint && <span className="cr-hint">{hint}</span>}
      </label>
      <Switch.Root
        id={id}
        className="cr-switch"
        aria-label={name}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
      >
        <Switch.Thumb className="cr-switch-thumb" />
      </Switch.Root>
    </div>
  );
}
