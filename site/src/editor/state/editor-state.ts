import type { EditDocument } from '../../../../shared/edits/edit-document';
import type { RenderSettings } from '../../../../shared/look/render-settings';
import type { Recording } from '../../../../shared/recording/recording';
import { hasCursorTrack } from '../../../../shared/recording/track';
import { createHistory, type History, pushState, redo, replaceState, undo } from '../../../../shared/timeline/history';
import { addCut, removeCutAt, setTrim, type TimeRange } from '../../../../shared/timeline/timeline';
import { clampTimelineZoom } from '../../../../shared/timeline/timeline-view';
import {
  addZoomSegment,
  changeAutoZoomDepth,
  deleteZoomSegment,
  moveZoomSegment,
  regenerateAutoZooms,
  resizeZoomSegment,
  retimeAutoZooms,
  setZoomTiming,
  updateZoomSegment,
  type ZoomDraft,
  type ZoomTimingChange,
} from '../../../../shared/zoom/zoom-edits';
import { type Selection, selectedId, selectedRange, selectionExists } from './selection';

/** Whether an edit is a new undo step or continues the last one (a drag after its start). */
export type EditMode = 'push' | 'replace';

/** The editor's state: the edit document with its undo history, what is selected, the playhead and open panels. */
export interface EditorState {
  readonly history: History<EditDocument>;
  /** The one thing selected (a zoom, a speed-up, a range to cut…), shown in the inspector; null: the look's tabs. */
  readonly selection: Selection | null;
  /** Source time shown, ms. */
  readonly playheadMs: number;
  readonly playing: boolean;
  readonly helpOpen: boolean;
  readonly exportOpen: boolean;
  /** The timeline's magnification: 1 shows the whole recording (see timeline-view.ts). */
  readonly timelineZoom: number;
  /** A sentence about the last action that could not be done. */
  readonly notice: string | null;
}

/** What the actions need to know about the recording being edited. */
export interface EditorContext {
  readonly recording: Recording;
  /** A fresh id for a new zoom. */
  readonly newZoomId: () => string;
}

/** A pure editor action: the next state from the current one. */
export type EditorAction<A extends unknown[] = []> = (
  state: EditorState,
  context: EditorContext,
  ...args: A
) => EditorState;

/** The state an editor opens with: `initial` as the only undo step, the playhead at the trim start. */
export function initialEditorState(initial: EditDocument): EditorState {
  return {
    history: createHistory(initial),
    selection: null,
    playheadMs: initial.timeline.trim.startMs,
    playing: false,
    helpOpen: false,
    exportOpen: false,
    timelineZoom: 1,
    notice: null,
  };
}

export const durationOf = (context: EditorContext) => context.recording.video.durationMs;
export const frameMsOf = (context: EditorContext) => 1000 / (context.recording.video.frameRate || 30);
export const clampTime = (context: EditorContext, ms: number) => Math.min(durationOf(context), Math.max(0, ms));

/** The zoom the selection points at, if it still exists. */
export function selectedZoom(state: EditorState) {
  const id = selectedId(state.selection, 'zoom');
  return state.history.present.zoomSegments.find((s) => s.id === id) ?? null;
}

/** Records `next` as the document (a new undo step, or continuing the last one). */
export function edit(state: EditorState, next: EditDocument, mode: EditMode = 'push'): EditorState {
  const history = mode === 'push' ? pushState(state.history, next) : replaceState(state.history, next);
  return { ...state, history };
}

function editZooms(
  state: EditorState,
  zoomSegments: EditDocument['zoomSegments'],
  mode: EditMode = 'push',
): EditorState {
  return edit(state, { ...state.history.present, zoomSegments }, mode);
}

/**
 * The look changes; a new zoom depth, lead-in or hold re-plans the automatic zooms in the same undo step, so the
 * preview shows it at once (see changeAutoZoomDepth, retimeAutoZooms); a new zoom speed needs no re-planning (the
 * camera reads it).
 */
export const changeSettings: EditorAction<[RenderSettings]> = (state, context, settings) => {
  const document = state.history.present;
  const before = document.settings;
  const timing = settings.zoomTiming;
  let zoomSegments = document.zoomSegments;
  if (settings.zoomDepth !== before.zoomDepth)
    zoomSegments = changeAutoZoomDepth(context.recording, zoomSegments, before.zoomDepth, settings.zoomDepth, timing);
  else if (
    settings.zoomDepth !== 'None' &&
    (timing.leadInMs !== before.zoomTiming.leadInMs || timing.holdMs !== before.zoomTiming.holdMs)
  )
    zoomSegments = retimeAutoZooms(context.recording, zoomSegments, { depth: settings.zoomDepth, timing });
  return edit(state, { ...document, settings, zoomSegments });
};

/** A zoom of two seconds at the playhead, selected; a notice when there is no room there. */
export const addZoom: EditorAction = (state, context) =>
  addZoomAt(state, context, { startMs: state.playheadMs, endMs: state.playheadMs + 2000 });

/** A zoom over `range` (as much of it as is free), selected; a notice when there is no room there. */
export const addZoomAt: EditorAction<[TimeRange]> = (state, context, range) => {
  const document = state.history.present;
  const draft: ZoomDraft = {
    startMs: range.startMs,
    endMs: range.endMs,
    depth: document.settings.zoomDepth === 'None' ? 'Moderate' : document.settings.zoomDepth,
    focus: hasCursorTrack(context.recording) ? { kind: 'cursor' } : { kind: 'point', x: 0.5, y: 0.5 },
  };
  const segments = addZoomSegment(document.zoomSegments, draft, context.newZoomId(), durationOf(context));
  const added = segments.find((s) => !document.zoomSegments.some((old) => old.id === s.id));
  if (!added)
    return { ...state, notice: 'No room for a zoom at the playhead: move it to a free spot on the zoom lane.' };
  return { ...editZooms(state, segments), selection: { kind: 'zoom', id: added.id }, notice: null };
};

export const deleteZoom: EditorAction = (state) => {
  const id = selectedId(state.selection, 'zoom');
  if (!id) return state;
  const segments = deleteZoomSegment(state.history.present.zoomSegments, id);
  return { ...editZooms(state, segments), selection: null };
};

/** Moves zoom `id` to start at `startMs` (its length kept, stopped by its neighbours), selecting it. */
export const moveZoom: EditorAction<[string, number, EditMode]> = (state, context, id, startMs, mode) => {
  const segments = moveZoomSegment(state.history.present.zoomSegments, id, startMs, durationOf(context));
  return { ...editZooms(state, segments, mode), selection: { kind: 'zoom', id } };
};

/** Moves zoom `id`'s start and/or end (stopped by its neighbours), selecting it. */
export const resizeZoom: EditorAction<[string, Partial<TimeRange>, EditMode]> = (state, context, id, edges, mode) => {
  const segments = resizeZoomSegment(state.history.present.zoomSegments, id, edges, durationOf(context));
  return { ...editZooms(state, segments, mode), selection: { kind: 'zoom', id } };
};

/** Plans the automatic zooms afresh at the zoom depth, keeping the user's own. */
export const regenerateZooms: EditorAction = (state, context) => {
  const document = state.history.present;
  const { zoomDepth: depth, zoomTiming: timing } = document.settings;
  return editZooms(state, regenerateAutoZooms(context.recording, document.zoomSegments, { depth, timing }));
};

/** Gives the selected zoom its own lead-in, hold or speed (see setZoomTiming). */
export const setSelectedZoomTiming: EditorAction<[ZoomTimingChange]> = (state, context, change) => {
  const id = selectedId(state.selection, 'zoom');
  if (!id) return state;
  const segments = state.history.present.zoomSegments;
  return editZooms(state, setZoomTiming(segments, id, change, durationOf(context)));
};

/** Changes the selected zoom's start and/or end (stopped by its neighbours). */
export const resizeSelectedZoom: EditorAction<[{ startMs?: number; endMs?: number }]> = (state, context, edges) => {
  const id = selectedId(state.selection, 'zoom');
  if (!id) return state;
  return resizeZoom(state, context, id, edges, 'push');
};

/** Changes the selected zoom's depth or focus. */
export const updateSelectedZoom: EditorAction<[Parameters<typeof updateZoomSegment>[2]]> = (
  state,
  _context,
  change,
) => {
  const id = selectedId(state.selection, 'zoom');
  if (!id) return state;
  return editZooms(state, updateZoomSegment(state.history.present.zoomSegments, id, change));
};

/** Selects `selection` (null: nothing, the inspector shows the look's tabs). */
export const select: EditorAction<[Selection | null]> = (state, _context, selection) => ({ ...state, selection });

/** Escape: nothing selected. */
export const clearSelection: EditorAction = (state) => (state.selection ? { ...state, selection: null } : state);

export const selectZoom: EditorAction<[string | null]> = (state, context, id) =>
  select(state, context, id ? { kind: 'zoom', id } : null);

/** Selects a range of the video lane (to cut out or speed up); null clears it. */
export const selectRange: EditorAction<[TimeRange | null]> = (state, context, range) =>
  select(
    state,
    context,
    range ? { kind: 'range', ...range } : state.selection?.kind === 'range' ? null : state.selection,
  );

/** Cuts out the selected range; the cut it makes is selected (its inspector can put it back). */
export const cutRange: EditorAction = (state) => {
  const range = selectedRange(state.selection);
  if (!range) return state;
  const document = state.history.present;
  return {
    ...edit(state, { ...document, timeline: addCut(document.timeline, range) }),
    selection: { kind: 'cut', ...range },
  };
};

/** Puts back the cut that is selected, else the one under the playhead. */
export const restoreCut: EditorAction = (state) => {
  const document = state.history.present;
  const selected = state.selection?.kind === 'cut' ? state.selection : null;
  const at = selected ? (selected.startMs + selected.endMs) / 2 : state.playheadMs;
  return { ...edit(state, { ...document, timeline: removeCutAt(document.timeline, at) }), selection: null };
};

/** Moves the trim's start and/or end (kept inside the video and in order). */
export const trim: EditorAction<[Partial<TimeRange>]> = (state, context, edges) =>
  trimEdges(state, context, edges, 'push');

/** Moves the trim's start and/or end: a new undo step, or continuing a drag's (`mode`); the trim is selected. */
export const trimEdges: EditorAction<[Partial<TimeRange>, EditMode]> = (state, context, edges, mode) => {
  const document = state.history.present;
  const timeline = setTrim(document.timeline, durationOf(context), { ...document.timeline.trim, ...edges });
  return { ...edit(state, { ...document, timeline }, mode), selection: { kind: 'trim' } };
};

export const trimStartHere: EditorAction = (state, context) => trim(state, context, { startMs: state.playheadMs });
export const trimEndHere: EditorAction = (state, context) => trim(state, context, { endMs: state.playheadMs });

/** The state with its selection cleared when what it names is no longer in the document (after an undo, say). */
function withValidSelection(state: EditorState, context: EditorContext): EditorState {
  const { selection } = state;
  const fields = (context.recording.redactions ?? []).map((track) => track.id);
  return selection && !selectionExists(selection, state.history.present, fields)
    ? { ...state, selection: null }
    : state;
}

export const undoEdit: EditorAction = (state, context) =>
  withValidSelection({ ...state, history: undo(state.history) }, context);
export const redoEdit: EditorAction = (state, context) =>
  withValidSelection({ ...state, history: redo(state.history) }, context);

/** Shows source time `ms` (stopping playback). */
export const seek: EditorAction<[number]> = (state, context, ms) => ({
  ...state,
  playing: false,
  playheadMs: clampTime(context, ms),
});

/** Where playback got to (playback goes on). */
export const playheadAt: EditorAction<[number]> = (state, _context, ms) => ({ ...state, playheadMs: ms });

export const setPlaying: EditorAction<[boolean]> = (state, _context, playing) => ({ ...state, playing });
export const setExportOpen: EditorAction<[boolean]> = (state, _context, exportOpen) => ({ ...state, exportOpen });
export const setHelpOpen: EditorAction<[boolean]> = (state, _context, helpOpen) => ({ ...state, helpOpen });
export const setNotice: EditorAction<[string | null]> = (state, _context, notice) => ({ ...state, notice });

/** Magnifies the timeline (1: the whole recording), within what is useful for this recording. */
export const setTimelineZoom: EditorAction<[number]> = (state, context, zoom) => ({
  ...state,
  timelineZoom: clampTimelineZoom(zoom, durationOf(context), frameMsOf(context)),
});
