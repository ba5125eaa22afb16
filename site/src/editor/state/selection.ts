import type { EditDocument } from '../../../../shared/edits/edit-document';
import type { TimeRange } from '../../../../shared/timeline/timeline';

/**
 * What can be selected in the editor, one thing at a time: its properties show in the inspector on the right (the
 * look's tabs when nothing is), Escape clears it. A zoom, a text callout, a blur box drawn by hand and a field the
 * extension hid are named by id; a speed-up, a cut and a suggested speed-up by their times (they have no id: a range is
 * where it lies); the trim as a whole; a range of the video lane selected to cut out or speed up.
 */
export const ALL_SELECTION_KINDS = [
  'zoom',
  'speed',
  'cut',
  'callout',
  'blur-box',
  'hidden-field',
  'trim',
  'range',
  'suggestion',
] as const;
export type SelectionKind = (typeof ALL_SELECTION_KINDS)[number];

export type Selection =
  | { readonly kind: 'zoom' | 'callout' | 'blur-box' | 'hidden-field'; readonly id: string }
  | { readonly kind: 'speed' | 'cut' | 'range' | 'suggestion'; readonly startMs: number; readonly endMs: number }
  | { readonly kind: 'trim' };

/** Whether `selection` is the item of `kind` named `id`. */
export function isSelected(selection: Selection | null, kind: Selection['kind'], id?: string): boolean {
  if (!selection || selection.kind !== kind) return false;
  return id === undefined || ('id' in selection && selection.id === id);
}

/** The id the selection names when it is of `kind` (a zoom, a callout…), else null. */
export function selectedId(selection: Selection | null, kind: 'zoom' | 'callout' | 'blur-box' | 'hidden-field') {
  return selection?.kind === kind && 'id' in selection ? selection.id : null;
}

/** The range of the video lane selected to cut out or speed up, if that is the selection. */
export function selectedRange(selection: Selection | null): TimeRange | null {
  return selection?.kind === 'range' ? { startMs: selection.startMs, endMs: selection.endMs } : null;
}

/** A range that holds `ranges`' middle of `wanted`: how a speed-up or a cut selected by its times is found again. */
function rangeAround<R extends TimeRange>(ranges: readonly R[], wanted: TimeRange): R | null {
  const middle = (wanted.startMs + wanted.endMs) / 2;
  return ranges.find((range) => range.startMs <= middle && middle < range.endMs) ?? null;
}

/**
 * Whether what `selection` names is still in `document` (an undo can take it away); a selection that is not is
 * cleared, so the inspector never shows properties of something gone.
 */
export function selectionExists(selection: Selection, document: EditDocument, hiddenFieldIds: readonly string[]) {
  switch (selection.kind) {
    case 'zoom':
      return document.zoomSegments.some((zoom) => zoom.id === selection.id);
    case 'callout':
      return document.callouts.some((callout) => callout.id === selection.id);
    case 'blur-box':
      return document.redaction.boxes.some((box) => box.id === selection.id);
    case 'hidden-field':
      return hiddenFieldIds.includes(selection.id);
    case 'speed':
      return rangeAround(document.timeline.speeds ?? [], selection) !== null;
    case 'cut':
      return rangeAround(document.timeline.cuts, selection) !== null;
    case 'trim':
    case 'range':
    case 'suggestion':
      return true;
  }
}

/** The speed-up the selection names, as it is now in `document`. */
export function selectedSpeed(selection: Selection | null, document: EditDocument) {
  return selection?.kind === 'speed' ? rangeAround(document.timeline.speeds ?? [], selection) : null;
}

/** The cut the selection names, as it is now in `document`. */
export function selectedCut(selection: Selection | null, document: EditDocument) {
  return selection?.kind === 'cut' ? rangeAround(document.timeline.cuts, selection) : null;
}
