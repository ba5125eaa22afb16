import { describe, expect, it } from 'vitest';
import { newEditDocument } from '../../../../shared/edits/edit-document';
import { click, recordingFixture } from '../../../../tests/fixtures/builders/recording-fixture';
import { addCalloutAt, moveCallout, resizeCallout, selectedCallout } from './callout-actions';
import { runCommand } from './commands';
import {
  addZoomAt,
  type EditorContext,
  type EditorState,
  initialEditorState,
  moveZoom,
  select,
  selectedZoom,
  selectRange,
  trimEdges,
  undoEdit,
} from './editor-state';
import { addBlurBoxAt, moveBlurBox, NEW_BLUR_AREA, resizeBlurBox, selectedBlurBox } from './redaction-actions';
import { speedUpSelection } from './speed-actions';

const recording = recordingFixture({ clicks: [click(2000, 0.5, 0.5)] });
const DURATION = recording.video.durationMs;
const context = (): EditorContext => {
  let next = 0;
  return { recording, newZoomId: () => `zoom-${++next}` };
};
const opened = (): EditorState => initialEditorState(newEditDocument(DURATION));
const doc = (state: EditorState) => state.history.present;

describe('one selection at a time', () => {
  it('selecting one thing unselects the other; Escape selects nothing', () => {
    const ctx = context();
    const zoomed = addZoomAt(opened(), ctx, { startMs: 1000, endMs: 3000 });
    expect(zoomed.selection).toEqual({ kind: 'zoom', id: 'zoom-1' });
    const ranged = selectRange(zoomed, ctx, { startMs: 5000, endMs: 6000 });
    expect(ranged.selection).toEqual({ kind: 'range', startMs: 5000, endMs: 6000 });
    expect(selectedZoom(ranged)).toBeNull();
    const sped = speedUpSelection(ranged, ctx, 2);
    expect(sped.selection).toEqual({ kind: 'speed', startMs: 5000, endMs: 6000 });
    const trimmed = trimEdges(sped, ctx, { startMs: 500 }, 'push');
    expect(trimmed.selection).toEqual({ kind: 'trim' });
    expect(runCommand(trimmed, ctx, 'clearSelection').selection).toBeNull();
    // Escape leaves playback going.
    expect(runCommand({ ...trimmed, playing: true }, ctx, 'clearSelection').playing).toBe(true);
  });

  it('an undo that takes the selected thing away selects nothing', () => {
    const ctx = context();
    const zoomed = addZoomAt(opened(), ctx, { startMs: 1000, endMs: 3000 });
    expect(undoEdit(zoomed, ctx).selection).toBeNull();
    // Still there after the undo: still selected.
    const moved = moveZoom(zoomed, ctx, 'zoom-1', 2000, 'push');
    expect(undoEdit(moved, ctx).selection).toEqual({ kind: 'zoom', id: 'zoom-1' });
  });
});

describe('the text and blur lanes', () => {
  it('a drag on the text lane adds a caption over the time dragged; it moves and resizes like a zoom, a drag one undo step', () => {
    const ctx = context();
    const added = addCalloutAt(opened(), ctx, 'caption', { startMs: 4000, endMs: 7000 }, 'c1');
    expect(selectedCallout(added)).toMatchObject({ id: 'c1', kind: 'caption', startMs: 4000, endMs: 7000 });
    // The preview shows it fully in.
    expect(added.playheadMs).toBe(4300);
    let dragged = moveCallout(added, ctx, 'c1', 5000, 'push');
    dragged = moveCallout(dragged, ctx, 'c1', 6000, 'replace');
    expect(selectedCallout(dragged)).toMatchObject({ startMs: 6000, endMs: 9000 });
    expect(selectedCallout(undoEdit(dragged, ctx))).toMatchObject({ startMs: 4000, endMs: 7000 });
    // Never past the recording's end.
    expect(selectedCallout(moveCallout(added, ctx, 'c1', DURATION, 'push'))).toMatchObject({ endMs: DURATION });
    expect(selectedCallout(resizeCallout(added, ctx, 'c1', { endMs: 10_000 }, 'push'))).toMatchObject({
      startMs: 4000,
      endMs: 10_000,
    });
  });

  it('a drag on the blur lane adds a box over the middle of the picture for the time dragged; it moves and resizes', () => {
    const ctx = context();
    const added = addBlurBoxAt(opened(), ctx, 'b1', NEW_BLUR_AREA, { startMs: 2000, endMs: 5000 });
    expect(selectedBlurBox(added)).toEqual({ id: 'b1', startMs: 2000, endMs: 5000, box: NEW_BLUR_AREA });
    const moved = moveBlurBox(added, ctx, 'b1', 10_000, 'push');
    expect(selectedBlurBox(moved)).toMatchObject({ startMs: 10_000, endMs: 13_000 });
    expect(selectedBlurBox(resizeBlurBox(moved, ctx, 'b1', { startMs: 9000 }, 'push'))).toMatchObject({
      startMs: 9000,
      endMs: 13_000,
    });
  });

  it('Delete removes what is selected, puts a speed-up back to normal speed and a cut back in', () => {
    const ctx = context();
    let state = addCalloutAt(opened(), ctx, 'title', null, 'c1');
    state = runCommand(state, ctx, 'deleteSelected');
    expect(doc(state).callouts).toEqual([]);
    state = addBlurBoxAt(state, ctx, 'b1', NEW_BLUR_AREA, null);
    expect(doc(runCommand(state, ctx, 'deleteSelected')).redaction.boxes).toEqual([]);
    state = speedUpSelection(selectRange(state, ctx, { startMs: 1000, endMs: 2000 }), ctx, 4);
    expect(doc(runCommand(state, ctx, 'deleteSelected')).timeline.speeds).toEqual([]);
    state = runCommand(selectRange(state, ctx, { startMs: 8000, endMs: 9000 }), ctx, 'cutRange');
    expect(state.selection).toEqual({ kind: 'cut', startMs: 8000, endMs: 9000 });
    expect(doc(runCommand(state, ctx, 'deleteSelected')).timeline.cuts).toEqual([]);
    // The trim has nothing to delete.
    const trimmed = select(state, ctx, { kind: 'trim' });
    expect(doc(runCommand(trimmed, ctx, 'deleteSelected'))).toBe(doc(trimmed));
  });
});
