import type { SpeedRate } from '../../../../shared/time-map/speed';
import { setSpeed, speedAt } from '../../../../shared/time-map/speed-edits';
import type { SpeedSuggestion } from '../../../../shared/time-map/speed-suggestions';
import { addCut } from '../../../../shared/timeline/timeline';
import { type EditorAction, edit } from '../editor-state';

/** Plays the selected range at `rate` (one undo step); the selection is done with. */
export const speedUpSelection: EditorAction<[SpeedRate]> = (state, _context, rate) => {
  if (!state.range) return state;
  const document = state.history.present;
  return { ...edit(state, { ...document, timeline: setSpeed(document.timeline, state.range, rate) }), range: null };
};

/** Changes the rate of the speed-up under the playhead; 1 puts it back to normal speed. */
export const changeSpeedHere: EditorAction<[SpeedRate | 1]> = (state, _context, rate) => {
  const document = state.history.present;
  const speed = speedAt(document.timeline, state.playheadMs);
  if (!speed) return state;
  return edit(state, { ...document, timeline: setSpeed(document.timeline, speed, rate) });
};

/** Takes a suggested speed-up as offered, or cuts the wait out instead (one undo step). */
export const acceptSuggestion: EditorAction<[SpeedSuggestion, 'speed' | 'cut']> = (
  state,
  _context,
  suggestion,
  how,
) => {
  const document = state.history.present;
  const timeline =
    how === 'cut' ? addCut(document.timeline, suggestion) : setSpeed(document.timeline, suggestion, suggestion.rate);
  return edit(state, { ...document, timeline });
};
