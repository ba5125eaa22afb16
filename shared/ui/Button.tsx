import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Tooltip } from './Tooltip';

/** How loud a button is: the one main action (`primary`), Record (`record`), the usual (`secondary`), quiet (`ghost`). */
export const ALL_BUTTON_TONES = ['primary', 'record', 'secondary', 'ghost', 'danger'] as const;
export type ButtonTone = (typeof ALL_BUTTON_TONES)[number];

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly tone?: ButtonTone;
  readonly size?: 'small' | 'medium' | 'large';
  /** An icon before the words (a lucide icon element). */
  readonly icon?: ReactNode;
}

/** A button of the kit: words, optionally an icon before them. */
export function Button({ tone = 'secondary', size = 'medium', icon, children, className, ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      className={`cr-button${className ? ` ${className}` : ''}`}
      data-tone={tone}
      data-size={size}
      {...rest}
    >
      {icon && (
        <span className="cr-button-icon" aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon'> {
  /** What the button does, in words: its accessible name and its tooltip. */
  readonly label: string;
  readonly icon: ReactNode;
  /** A key that does the same, shown in the tooltip (e.g. "Ctrl+Z"). */
  readonly shortcut?: string;
}

/** A button that is only an icon: it says what it does in a tooltip, and to screen readers. */
export function IconButton({ label, icon, shortcut, tone = 'ghost', ...rest }: IconButtonProps) {
  return (
    <Tooltip content={shortcut ? `${label} (${shortcut})` : label}>
      <Button tone={tone} aria-label={label} icon={icon} data-icon-only="" {...rest} />
    </Tooltip>
  );
}
