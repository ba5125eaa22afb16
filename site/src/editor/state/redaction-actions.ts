import type { BlurBox, RedactionBox, RedactionEdits, RedactionStyle } from '../../../../shared/redaction/redaction';
import {
  addBlurBox,
  deleteBlurBox,
  reshapeBlurBox,
  retimeBlurBox,
  setRedactionStyle,
  setTrackHidden,
} from '../../../../shared/redaction/redaction-edits';
import type { TimeRange } from '../../../../shared/timeline/timeline';
import { type EditMode, type EditorAction, type EditorState, edit } from './editor-state';
import { selectedId } from './selection';

/** Where a blur box made on the timeline covers until it is drawn on the preview: the middle of the picture. */
export const NEW_BLUR_AREA: RedactionBox = { x: 0.35, y: 0.4, width: 0.3, height: 0.2 };

function editRedaction(state: EditorState, redaction: RedactionEdits, mode: EditMode = 'push'): EditorState {
  return edit(state, { ...state.history.present, redaction }, mode);
}

/** The blur box the selection names, if it still exists. */
export function selectedBlurBox(state: EditorState): BlurBox | null {
  const id = selectedId(state.selection, 'blur-box');
  return state.history.present.redaction.boxes.find((box) => box.id === id) ?? null;
}

/**
 * A blur box `id` over `area` of the picture (drawn on the preview, or NEW_BLUR_AREA), from the playhead for the
 * default length or over `range` (dragged on the timeline's lane); selected. Unchanged when the area is too small.
 */
export const addBlurBoxAt: EditorAction<[string, RedactionBox, TimeRange | null]> = (
  state,
  context,
  id,
  area,
  range,
) => {
  const durationMs = context.recording.video.durationMs;
  const before = state.history.present.redaction;
  let redaction = addBlurBox(before, { id, atMs: range?.startMs ?? state.playheadMs, durationMs, box: area });
  if (redaction === before) return state;
  if (range) redaction = retimeBlurBox(redaction, id, range, durationMs);
  return { ...editRedaction(state, redaction), selection: { kind: 'blur-box', id } };
};

/** Gives blur box `id` the area drawn over the preview (its times stay). */
export const redrawBlurBox: EditorAction<[string, RedactionBox]> = (state, _context, id, area) => {
  const redaction = state.history.present.redaction;
  const next = reshapeBlurBox(redaction, id, area);
  return next === redaction ? state : editRedaction(state, next);
};

/** Moves blur box `id` to start at `startMs` (its length kept), selecting it. */
export const moveBlurBox: EditorAction<[string, number, EditMode]> = (state, context, id, startMs, mode) => {
  const redaction = state.history.present.redaction;
  const box = redaction.boxes.find((b) => b.id === id);
  if (!box) return state;
  const length = box.endMs - box.startMs;
  const start = Math.min(Math.max(0, startMs), context.recording.video.durationMs - length);
  const times = { startMs: start, endMs: start + length };
  return {
    ...editRedaction(state, retimeBlurBox(redaction, id, times, context.recording.video.durationMs), mode),
    selection: { kind: 'blur-box', id },
  };
};

/** Moves blur box `id`'s start or end, selecting it. */
export const resizeBlurBox: EditorAction<[string, Partial<TimeRange>, EditMode]> = (
  state,
  context,
  id,
  edges,
  mode,
) => {
  const redaction = retimeBlurBox(state.history.present.redaction, id, edges, context.recording.video.durationMs);
  return { ...editRedaction(state, redaction, mode), selection: { kind: 'blur-box', id } };
};

/** Removes blur box `id` (the selection with it). */
export const removeBlurBox: EditorAction<[string]> = (state, _context, id) => ({
  ...editRedaction(state, deleteBlurBox(state.history.present.redaction, id)),
  selection: selectedId(state.selection, 'blur-box') === id ? null : state.selection,
});

/** Hides the recorded field `id` in the video, or shows it again. */
export const hideField: EditorAction<[string, boolean]> = (state, _context, id, hidden) =>
  editRedaction(state, setTrackHidden(state.history.present.redaction, id, hidden));

/** Blur or pixelate, for every hidden area. */
export const setRedactionLook: EditorAction<[RedactionStyle]> = (state, _context, style) =>
  editRedaction(state, setRedactionStyle(state.history.present.redaction, style));
