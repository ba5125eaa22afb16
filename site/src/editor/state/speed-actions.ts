import type { SpeedRate } from '../../../../shared/time-map/speed';
import { setSpeed } from '../../../../shared/timeline/speed-edits';
import type { SpeedSuggestion } from '../../../../shared/timeline/speed-suggestions';
import { addCut } from '../../../../shared/timeline/timeline';
import { type EditorAction, edit } from './editor-state';
import { selectedRange, selectedSpeed } from './selection';

/** Plays the selected range at `rate` (one undo step); the speed-up it makes is selected. */
export const speedUpSelection: EditorAction<[SpeedRate]> = (state, _context, rate) => {
  const range = selectedRange(state.selection);
  if (!range) return state;
  const document = state.history.present;
  return {
    ...edit(state, { ...document, timeline: setSpeed(document.timeline, range, rate) }),
    selection: { kind: 'speed', ...range },
  };
};

/** Changes the rate of the selected speed-up; 1 puts it back to normal speed (and nothing is selected). */
export const changeSelectedSpeed: EditorAction<[SpeedRate | 1]> = (state, _context, rate) => {
  const document = state.history.present;
  const speed = selectedSpeed(state.selection, document);
  if (!speed) return state;
  const next = edit(state, { ...document, timeline: setSpeed(document.timeline, speed, rate) });
  return rate === 1 ? { ...next, selection: null } : { ...next, selection: { kind: 'speed', ...speed } };
};

/** Takes a suggested speed-up as offered, or cuts the wait out instead (one undo step); the result is selected. */
export const acceptSuggestion: EditorAction<[SpeedSuggestion, 'speed' | 'cut']> = (
  state,
  _context,
  suggestion,
  how,
) => {
  const document = state.history.present;
  const range = { startMs: suggestion.startMs, endMs: suggestion.endMs };
  const timeline =
    how === 'cut' ? addCut(document.timeline, range) : setSpeed(document.timeline, range, suggestion.rate);
  return { ...edit(state, { ...document, timeline }), selection: { kind: how === 'cut' ? 'cut' : 'speed', ...range } };
};
