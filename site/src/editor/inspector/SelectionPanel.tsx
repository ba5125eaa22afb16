import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { IconButton } from '../../../../shared/ui';
import { clearSelection } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';

/**
 * The inspector's panel for what is selected: its name and when it is at the top, a button that selects nothing
 * (as Escape does), then its properties, the panel scrolling under the fixed head.
 */
export function SelectionPanel(props: {
  readonly editor: EditorStore;
  /** The region's accessible name, e.g. "Selected zoom". */
  readonly label: string;
  /** The heading, e.g. "Zoom 2". */
  readonly title: string;
  /** A line under it: when, how long. */
  readonly detail?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <section className="selection-panel" aria-label={props.label}>
      <div className="selection-head">
        <div className="selection-heading">
          <h2 className="selection-title">{props.title}</h2>
          {props.detail && <p className="selection-detail">{props.detail}</p>}
        </div>
        <IconButton
          label="Done"
          shortcut="Esc"
          icon={<X />}
          size="small"
          onClick={() => props.editor.run(clearSelection)}
        />
      </div>
      <div className="selection-body">{props.children}</div>
    </section>
  );
}

/** From when to when, and how long: "0:01.2 – 0:03.4 · 2.2 s". */
export function spanText(range: { readonly startMs: number; readonly endMs: number }, format: (ms: number) => string) {
  return `${format(range.startMs)} – ${format(range.endMs)} · ${((range.endMs - range.startMs) / 1000).toFixed(1)} s`;
}
