import { CALLOUT, type Callout, type CalloutKind } from '../../../../shared/callouts/callout';
import { addCallout, deleteCallout, updateCallout } from '../../../../shared/callouts/callout-edits';
import { calloutSceneFor } from '../../../../shared/render/callout-scene';
import type { TimeRange } from '../../../../shared/timeline/timeline';
import { type EditMode, type EditorAction, type EditorState, edit } from './editor-state';
import { selectedId } from './selection';

/** The callout the selection names, if it still exists. */
export function selectedCallout(state: EditorState): Callout | null {
  const id = selectedId(state.selection, 'callout');
  return state.history.present.callouts.find((callout) => callout.id === id) ?? null;
}

function editCallouts(state: EditorState, callouts: readonly Callout[], mode: EditMode): EditorState {
  return edit(state, { ...state.history.present, callouts }, mode);
}

/** The source time at which the preview shows `callout` fully in (it fades in over its first moments). */
export function calloutShownAtMs(callout: Pick<Callout, 'startMs' | 'endMs'>): number {
  return callout.startMs > 0 ? Math.min(callout.startMs + CALLOUT.fadeMs, callout.endMs - 1) : 0;
}

/**
 * Adds a callout of `kind` saying its placeholder words, placed in free space (a title at the start, the others from
 * the playhead, clear of other text and of what was clicked), or over `range` when one was dragged on the text lane;
 * it is selected, and the playhead goes where the preview shows it fully in.
 */
export const addCalloutAt: EditorAction<[CalloutKind, TimeRange | null, string]> = (
  state,
  context,
  kind,
  range,
  id,
) => {
  const { recording } = context;
  const document = state.history.present;
  const durationMs = recording.video.durationMs;
  const atMs = range?.startMs ?? state.playheadMs;
  let callouts = addCallout(document.callouts, kind, { id, atMs }, calloutSceneFor(recording, document));
  if (range) callouts = updateCallout(callouts, id, { startMs: range.startMs, endMs: range.endMs }, durationMs);
  const added = callouts.find((callout) => callout.id === id);
  const next = { ...editCallouts(state, callouts, 'push'), selection: { kind: 'callout', id } as const };
  if (!added) return next;
  const inView = state.playheadMs >= added.startMs + CALLOUT.fadeMs && state.playheadMs < added.endMs;
  return inView ? next : { ...next, playing: false, playheadMs: calloutShownAtMs(added) };
};

/** Changes callout `id` (its words, times or the point a label shows); typing continues one undo step (`mode`). */
export const updateCalloutFields: EditorAction<[string, Partial<Omit<Callout, 'id' | 'kind'>>, EditMode]> = (
  state,
  context,
  id,
  fields,
  mode,
) =>
  editCallouts(
    state,
    updateCallout(state.history.present.callouts, id, fields, context.recording.video.durationMs),
    mode,
  );

/** Moves callout `id` to start at `startMs`, its length kept (inside the recording); selects it. */
export const moveCallout: EditorAction<[string, number, EditMode]> = (state, context, id, startMs, mode) => {
  const callout = state.history.present.callouts.find((c) => c.id === id);
  if (!callout) return state;
  const length = callout.endMs - callout.startMs;
  const start = Math.min(Math.max(0, startMs), context.recording.video.durationMs - length);
  const next = updateCalloutFields(state, context, id, { startMs: start, endMs: start + length }, mode);
  return { ...next, selection: { kind: 'callout', id } };
};

/** Moves callout `id`'s start or end; selects it. */
export const resizeCallout: EditorAction<[string, Partial<TimeRange>, EditMode]> = (
  state,
  context,
  id,
  edges,
  mode,
) => ({
  ...updateCalloutFields(state, context, id, edges, mode),
  selection: { kind: 'callout', id },
});

/** Removes callout `id` (the selection with it). */
export const removeCallout: EditorAction<[string]> = (state, _context, id) => ({
  ...editCallouts(state, deleteCallout(state.history.present.callouts, id), 'push'),
  selection: state.selection && 'id' in state.selection && state.selection.id === id ? null : state.selection,
});
