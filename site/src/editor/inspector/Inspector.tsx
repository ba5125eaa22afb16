import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { EditorStore } from '../state/editor-store';
import type { SelectionKind } from '../state/selection';
import { CalloutInspector } from './CalloutInspector';
import { BlurBoxInspector, HiddenFieldsInspector } from './HiddenInspectors';
import { CutInspector, RangeInspector, SpeedInspector, SuggestionInspector, TrimInspector } from './TimeInspectors';
import { ZoomInspector } from './ZoomInspector';
import './inspector.css';

/** The panel each kind of selection opens. */
const PANELS: Readonly<Record<SelectionKind, (props: { readonly editor: EditorStore }) => ReactNode>> = {
  zoom: ZoomInspector,
  speed: SpeedInspector,
  cut: CutInspector,
  callout: CalloutInspector,
  'blur-box': BlurBoxInspector,
  'hidden-field': HiddenFieldsInspector,
  trim: TrimInspector,
  range: RangeInspector,
  suggestion: SuggestionInspector,
};

/**
 * The right-hand column, as tall as the window: what is selected (one thing at a time), or the look's tabs when
 * nothing is. The tabs stay mounted while something is selected, so they come back as they were left.
 */
export function Inspector({ editor, settings }: { readonly editor: EditorStore; readonly settings: ReactNode }) {
  const selection = useStore(editor.$state).selection;
  const Panel = selection ? PANELS[selection.kind] : null;
  return (
    <div className="inspector" data-testid="inspector" data-selection={selection?.kind ?? 'none'}>
      {Panel && <Panel editor={editor} />}
      <div className="inspector-look" hidden={Panel !== null}>
        {settings}
      </div>
    </div>
  );
}
