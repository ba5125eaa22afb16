import { type InputHTMLAttributes, useId } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  /** The name shown above (or beside, `inline`) the field. */
  readonly label: string;
  /** Beside its name rather than under it. */
  readonly inline?: boolean;
}

/** Words typed into a field, with its name; every other attribute goes to the <input>. */
export function TextField({ label, inline, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={`cr-text-field${className ? ` ${className}` : ''}`} data-inline={inline ? '' : undefined}>
      <label htmlFor={id} className="cr-field-label">
        {label}
      </label>
      <input id={id} type="text" className="cr-input" {...input} />
    </div>
  );
}
