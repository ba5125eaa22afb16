import type { EditDocument } from '../../../shared/edits/edit-document';
import type { RenderSettings } from '../../../shared/look/render-settings';
import type { Recording } from '../../../shared/recording/recording';
import { hasCursorTrack } from '../../../shared/recording/track';
import { createHistory, type History, pushState, redo, replaceState, undo } from '../../../shared/timeline/history';
import { addCut, removeCutAt, setTrim, type TimeRange } from '../../../shared/timeline/timeline';
import { clampTimelineZoom, TIMELINE_ZOOM_STEP } from '../../../shared/timeline/timeline-view';
import {
  addZoomSegment,
  changeAutoZoomDepth,
  deleteZoomSegment,
  regenerateAutoZooms,
  resizeZoomSegment,
  retimeAutoZooms,
  setZoomTiming,
  updateZoomSegment,
  type ZoomDraft,
  type ZoomTimingChange,
} from '../../../shared/zoom/zoom-edits';

/** Whether an edit is a new undo step or continues the last one (a drag after its start). */
export type EditMode = 'push' | 'replace';

/** The editor's state: the edit document with its undo history, what is selected, the playhead and open panels. */
export interface EditorState {
  readonly history: History<EditDocument>;
  readonly selectedZoomId: string | null;
  /** The range selected on the timeline (to cut out). */
  readonly range: TimeRange | null;
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
    selectedZoomId: null,
    range: null,
    playheadMs: initial.timeline.trim.startMs,
    playing: false,
    helpOpen: false,
    exportOpen: false,
    timelineZoom: 1,
    notice: null,
  };
}

const durationOf = (context: EditorContext) => context.recording.video.durationMs;
const frameMsOf = (context: EditorContext) => 1000 / (context.recording.video.frameRate || 30);
const clampTime = (context: EditorContext, ms: number) => Math.min(durationOf(context), Math.max(0, ms));

/** The zoom the selection points at, if it still exists. */
export function selectedZoom(state: EditorState) {
  return state.history.present.zoomSegments.find((s) => s.id === state.selectedZoomId) ?? null;
}

/** Records `next` as the document (a new undo step, or continuing the last one). */
export function edit(state: EditorState, next: EditDocument, mode: EditMode = 'push'): EditorState {
  const history = mode === 'push' ? pushState(state.history, next) : replaceState(state.history, next);
  return { ...state, history };
}

/** The timeline's edits (drags and clicks on its lanes), as an action. */
export const editDocument: EditorAction<[EditDocument, EditMode]> = (state, _context, next, mode) =>
  edit(state, next, mode);

function editZooms(state: EditorState, zoomSegments: EditDocument['zoomSegments']): EditorState {
  return edit(state, { ...state.history.present, zoomSegments });
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
export const addZoom: EditorAction = (state, context) => {
  const document = state.history.present;
  const { playheadMs } = state;
  const draft: ZoomDraft = {
    startMs: playheadMs,
    endMs: playheadMs + 2000,
    depth: document.settings.zoomDepth === 'None' ? 'Moderate' : document.settings.zoomDepth,
    focus: hasCursorTrack(context.recording) ? { kind: 'cursor' } : { kind: 'point', x: 0.5, y: 0.5 },
  };
  const segments = addZoomSegment(document.zoomSegments, draft, context.newZoomId(), durationOf(context));
  const added = segments.find((s) => !document.zoomSegments.some((old) => old.id === s.id));
  if (!added)
    return { ...state, notice: 'No room for a zoom at the playhead: move it to a free spot on the zoom lane.' };
  return { ...editZooms(state, segments), selectedZoomId: added.id, notice: null };
};

export const deleteZoom: EditorAction = (state) => {
  if (!state.selectedZoomId) return state;
  const segments = deleteZoomSegment(state.history.present.zoomSegments, state.selectedZoomId);
  return { ...editZooms(state, segments), selectedZoomId: null };
};

/** Plans the automatic zooms afresh at the zoom depth, keeping the user's own. */
export const regenerateZooms: EditorAction = (state, context) => {
  const document = state.history.present;
  const { zoomDepth: depth, zoomTiming: timing } = document.settings;
  return editZooms(state, regenerateAutoZooms(context.recording, document.zoomSegments, { depth, timing }));
};

/** Gives the selected zoom its own lead-in, hold or speed (see setZoomTiming). */
export const setSelectedZoomTiming: EditorAction<[ZoomTimingChange]> = (state, context, change) => {
  if (!state.selectedZoomId) return state;
  const segments = state.history.present.zoomSegments;
  return editZooms(state, setZoomTiming(segments, state.selectedZoomId, change, durationOf(context)));
};

/** Changes the selected zoom's start and/or end (stopped by its neighbours). */
export const resizeSelectedZoom: EditorAction<[{ startMs?: number; endMs?: number }]> = (state, context, edges) => {
  if (!state.selectedZoomId) return state;
  const segments = state.history.present.zoomSegments;
  return editZooms(state, resizeZoomSegment(segments, state.selectedZoomId, edges, durationOf(context)));
};

/** Changes the selected zoom's depth or focus. */
export const updateSelectedZoom: EditorAction<[Parameters<typeof updateZoomSegment>[2]]> = (
  state,
  _context,
  change,
) => {
  if (!state.selectedZoomId) return state;
  return editZooms(state, updateZoomSegment(state.history.present.zoomSegments, state.selectedZoomId, change));
};

export const selectZoom: EditorAction<[string | null]> = (state, _context, id) => ({ ...state, selectedZoomId: id });

export const selectRange: EditorAction<[TimeRange | null]> = (state, _context, range) => ({ ...state, range });

/** Cuts out the selected range. */
export const cutRange: EditorAction = (state) => {
  if (!state.range) return state;
  const document = state.history.present;
  return { ...edit(state, { ...document, timeline: addCut(document.timeline, state.range) }), range: null };
};

/** Puts back the cut under the playhead. */
export const restoreCut: EditorAction = (state) => {
  const document = state.history.present;
  return edit(state, { ...document, timeline: removeCutAt(document.timeline, state.playheadMs) });
};

/** Moves the trim's start and/or end (kept inside the video and in order). */
export const trim: EditorAction<[Partial<TimeRange>]> = (state, context, edges) => {
  const document = state.history.present;
  const timeline = setTrim(document.timeline, durationOf(context), { ...document.timeline.trim, ...edges });
  return edit(state, { ...document, timeline });
};

export const trimStartHere: EditorAction = (state, context) => trim(state, context, { startMs: state.playheadMs });
export const trimEndHere: EditorAction = (state, context) => trim(state, context, { endMs: state.playheadMs });

export const undoEdit: EditorAction = (state) => ({ ...state, history: undo(state.history) });
export const redoEdit: EditorAction = (state) => ({ ...state, history: redo(state.history) });

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

const step = (state: EditorState, context: EditorContext, ms: number) => ({
  ...state,
  playheadMs: clampTime(context, state.playheadMs + ms),
});

/** What each keyboard command does (the keymap in shortcuts.ts says which keys run them). */
export const COMMANDS = {
  togglePlay: (state) => ({ ...state, playing: !state.playing }),
  frameBack: (state, context) => step(state, context, -frameMsOf(context)),
  frameForward: (state, context) => step(state, context, frameMsOf(context)),
  secondBack: (state, context) => step(state, context, -1000),
  secondForward: (state, context) => step(state, context, 1000),
  toStart: (state) => ({ ...state, playheadMs: 0 }),
  toEnd: (state, context) => ({ ...state, playheadMs: durationOf(context) }),
  trimStartHere,
  trimEndHere,
  addZoom,
  cutRange,
  deleteZoom,
  undo: undoEdit,
  redo: redoEdit,
  openExport: (state) => ({ ...state, exportOpen: true }),
  toggleHelp: (state) => ({ ...state, helpOpen: !state.helpOpen }),
  timelineZoomIn: (state, context) => setTimelineZoom(state, context, state.timelineZoom * TIMELINE_ZOOM_STEP),
  timelineZoomOut: (state, context) => setTimelineZoom(state, context, state.timelineZoom / TIMELINE_ZOOM_STEP),
  timelineFit: (state) => ({ ...state, timelineZoom: 1 }),
} as const satisfies Record<string, EditorAction>;

/** A command a key can run. */
export type EditorCommand = keyof typeof COMMANDS;

/** Commands that leave playback going: play/pause itself, and looking closer or further at the timeline. */
const KEEPS_PLAYING: readonly EditorCommand[] = ['togglePlay', 'timelineZoomIn', 'timelineZoomOut', 'timelineFit'];

/** Runs a keyboard command; the others stop playback, as the keys of a video editor do. */
export function runCommand(state: EditorState, context: EditorContext, command: EditorCommand): EditorState {
  const next = COMMANDS[command](state, context);
  return KEEPS_PLAYING.includes(command) ? next : { ...next, playing: false };
}
