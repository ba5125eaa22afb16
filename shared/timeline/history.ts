/** An undo/redo history of immutable states; every operation returns a new history. */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
}

/** How many steps back undo can go. */
export const HISTORY_LIMIT = 200;

/** A history whose only state is `initial`. */
export function createHistory<T>(initial: T): History<T> {
  return { past: [], present: initial, future: [] };
}

/** Records `next` as a new step; redo steps are dropped. Same state as present: unchanged. */
export function pushState<T>(history: History<T>, next: T): History<T> {
  if (Object.is(next, history.present)) return history;
  const past = [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [] };
}

/**
 * Replaces the present without a new undo step: for continuous gestures (dragging a handle) whose
 * start was recorded with pushState.
 */
export function replaceState<T>(history: History<T>, next: T): History<T> {
  return { ...history, present: next };
}

/** One step back, when there is one. */
export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

/** One step forward again, when there is one. */
export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

/** Whether undo would change anything. */
export const canUndo = <T>(history: History<T>): boolean => history.past.length > 0;
/** Whether redo would change anything. */
export const canRedo = <T>(history: History<T>): boolean => history.future.length > 0;
