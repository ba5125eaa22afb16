import type { ReactNode } from 'react';

/** A titled part of a panel (a fieldset, so a group named by its title), its controls stacked evenly. */
export function Section({
  title,
  children,
  action,
}: {
  readonly title: string;
  readonly children: ReactNode;
  /** A small control at the title's right (e.g. a reset button). */
  readonly action?: ReactNode;
}) {
  return (
    <fieldset className="cr-section">
      <legend className="cr-section-head">
        <span className="cr-section-title">{title}</span>
        {action}
      </legend>
      <div className="cr-section-body">{children}</div>
    </fieldset>
  );
}
