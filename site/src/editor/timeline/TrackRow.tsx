import type { HTMLAttributes, ReactNode } from 'react';

interface TrackRowProps extends HTMLAttributes<HTMLDivElement> {
  /** The row's name, shown in the gutter left of the lanes (it stays there when scrolled) and read aloud. */
  readonly label: string;
  readonly icon?: ReactNode;
  readonly children?: ReactNode;
}

/**
 * One row of the timeline: a box as wide as the track, in which children place themselves by percent of the
 * recording (see timeline-scale.ts). Every row of the timeline, built in or added, is one of these.
 */
export function TrackRow({ label, icon, children, className, ...rest }: TrackRowProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a timeline row is a group of controls, not a form's fieldset
    <div role="group" aria-label={label} className={`track-row${className ? ` ${className}` : ''}`} {...rest}>
      <span className="track-label" aria-hidden="true">
        {icon}
        {label}
      </span>
      {children}
    </div>
  );
}
