import { TIMELINE_ZOOM_STEP } from '../../../../shared/timeline/timeline-view';
import { removeCallout } from './callout-actions';
import {
  addZoom,
  clampTime,
  clearSelection,
  cutRange,
  deleteZoom,
  durationOf,
  type EditorAction,
  type EditorContext,
  type EditorState,
  frameMsOf,
  redoEdit,
  restoreCut,
  setTimelineZoom,
  trimEndHere,
  trimStartHere,
  undoEdit,
} from './editor-state';
import { removeBlurBox } from './redaction-actions';
import { changeSelectedSpeed } from './speed-actions';

const step = (state: EditorState, context: EditorContext, ms: number) => ({
  ...state,
  playheadMs: clampTime(context, state.playheadMs + ms),
});

/**
 * Delete or Backspace: removes what is selected (a zoom, a callout, a blur box), puts a speed-up back to normal speed
 * or a cut back in; the trim, a range and a recorded field have nothing to delete.
 */
export const deleteSelected: EditorAction = (state, context) => {
  const { selection } = state;
  switch (selection?.kind) {
    case 'zoom':
      return deleteZoom(state, context);
    case 'callout':
      return removeCallout(state, context, selection.id);
    case 'blur-box':
      return removeBlurBox(state, context, selection.id);
    case 'speed':
      return { ...changeSelectedSpeed(state, context, 1), selection: null };
    case 'cut':
      return restoreCut(state, context);
    default:
      return state;
  }
};

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
  deleteSelected,
  clearSelection,
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

/** Commands that leave playback going: play/pause itself, looking closer or further at the timeline, Escape. */
const KEEPS_PLAYING: readonly EditorCommand[] = [
  'togglePlay',
  'timelineZoomIn',
  'timelineZoomOut',
  'timelineFit',
  'clearSelection',
];

/** Runs a keyboard command; the others stop playback, as the keys of a video editor do. */
export function runCommand(state: EditorState, context: EditorContext, command: EditorCommand): EditorState {
  const next = COMMANDS[command](state, context);
  return KEEPS_PLAYING.includes(command) ? next : { ...next, playing: false };
}
