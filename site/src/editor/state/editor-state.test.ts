import { describe, expect, it } from 'vitest';
import { newEditDocument } from '../../../../shared/edits/edit-document';
import { DEFAULT_RENDER_SETTINGS } from '../../../../shared/look/render-settings';
import { autoZoomSegments } from '../../../../shared/zoom/auto-zoom';
import { click, recordingFixture } from '../../../../tests/fixtures/builders/recording-fixture';
import { runCommand } from './commands';
import {
  addZoom,
  changeSettings,
  cutRange,
  deleteZoom,
  type EditorContext,
  type EditorState,
  initialEditorState,
  redoEdit,
  regenerateZooms,
  resizeSelectedZoom,
  restoreCut,
  seek,
  selectedZoom,
  selectRange,
  setSelectedZoomTiming,
  setTimelineZoom,
  trim,
  undoEdit,
  updateSelectedZoom,
} from './editor-state';
import { createEditorStore } from './editor-store';

const recording = recordingFixture({ clicks: [click(2000, 0.5, 0.5), click(15_000, 0.5, 0.5)] });
const DURATION = recording.video.durationMs;

function context(): EditorContext {
  let next = 0;
  return { recording, newZoomId: () => `zoom-${++next}` };
}

function opened(): EditorState {
  const settings = { ...DEFAULT_RENDER_SETTINGS, zoomDepth: 'Moderate' as const };
  return initialEditorState(newEditDocument(DURATION, autoZoomSegments(recording, { depth: 'Moderate' }), settings));
}

const doc = (state: EditorState) => state.history.present;

describe('editor actions', () => {
  it('opens at the trim start with nothing selected and nothing to undo', () => {
    const state = opened();
    expect(state.playheadMs).toBe(0);
    expect(state.selection).toBeNull();
    expect(state.history.past).toEqual([]);
  });

  it('adds a zoom at the playhead and selects it; says so when there is no room', () => {
    const ctx = context();
    const at8s = seek(opened(), ctx, 8000);
    const added = addZoom(at8s, ctx);
    const zoom = selectedZoom(added);
    expect(zoom).toMatchObject({ id: 'zoom-1', startMs: 8000, endMs: 10_000, depth: 'Moderate', origin: 'user' });
    const again = addZoom(added, ctx);
    expect(doc(again).zoomSegments).toEqual(doc(added).zoomSegments);
    expect(again.notice).toMatch(/No room for a zoom at the playhead/);
  });

  it('edits, resizes and deletes the selected zoom, each an undo step', () => {
    const ctx = context();
    let state = addZoom(seek(opened(), ctx, 8000), ctx);
    state = resizeSelectedZoom(state, ctx, { endMs: 11_000 });
    state = updateSelectedZoom(state, ctx, { depth: 'Strong', focus: { kind: 'point', x: 0.3, y: 0.4 } });
    expect(selectedZoom(state)).toMatchObject({ endMs: 11_000, depth: 'Strong', focus: { kind: 'point', x: 0.3 } });
    const deleted = deleteZoom(state, ctx);
    expect(deleted.selection).toBeNull();
    expect(doc(deleted).zoomSegments.some((s) => s.id === 'zoom-1')).toBe(false);
    expect(selectedZoom({ ...undoEdit(deleted, ctx), selection: { kind: 'zoom', id: 'zoom-1' } })?.depth).toBe(
      'Strong',
    );
  });

  it('changing the zoom depth re-plans the automatic zooms in one undo step, keeping the hand-made ones', () => {
    const ctx = context();
    const withMine = addZoom(seek(opened(), ctx, 8000), ctx);
    const strong = changeSettings(withMine, ctx, { ...doc(withMine).settings, zoomDepth: 'Strong' });
    const auto = doc(strong).zoomSegments.filter((s) => s.origin === 'auto');
    expect(auto.length).toBeGreaterThan(0);
    expect(auto.every((s) => s.depth === 'Strong')).toBe(true);
    expect(doc(strong).zoomSegments.find((s) => s.id === 'zoom-1')?.depth).toBe('Moderate');
    expect(doc(undoEdit(strong, ctx))).toBe(doc(withMine));
    // A change of another setting leaves the zooms as they are.
    const padded = changeSettings(strong, ctx, { ...doc(strong).settings, padding: 0.05 });
    expect(doc(padded).zoomSegments).toBe(doc(strong).zoomSegments);
  });

  it('regenerates the automatic zooms at the current depth, keeping the user’s', () => {
    const ctx = context();
    let state = addZoom(seek(opened(), ctx, 8000), ctx);
    state = {
      ...state,
      history: {
        ...state.history,
        present: { ...doc(state), zoomSegments: doc(state).zoomSegments.filter((s) => s.origin === 'user') },
      },
    };
    const regenerated = regenerateZooms(state, ctx);
    expect(doc(regenerated).zoomSegments.filter((s) => s.origin === 'auto').length).toBeGreaterThan(0);
    expect(doc(regenerated).zoomSegments.some((s) => s.id === 'zoom-1')).toBe(true);
  });

  it('cuts the selected range (the cut is then selected), restores it, and trims', () => {
    const ctx = context();
    const cut = cutRange(selectRange(opened(), ctx, { startMs: 4000, endMs: 6000 }), ctx);
    expect(doc(cut).timeline.cuts).toEqual([{ startMs: 4000, endMs: 6000 }]);
    expect(cut.selection).toEqual({ kind: 'cut', startMs: 4000, endMs: 6000 });
    expect(doc(restoreCut(cut, ctx)).timeline.cuts).toEqual([]);
    // Nothing selected, the cut under the playhead.
    expect(doc(restoreCut(seek({ ...cut, selection: null }, ctx, 5000), ctx)).timeline.cuts).toEqual([]);
    const trimmed = trim(cut, ctx, { startMs: 1000, endMs: 30_000 });
    expect(doc(trimmed).timeline.trim).toEqual({ startMs: 1000, endMs: DURATION });
  });

  it('undoes and redoes edits', () => {
    const ctx = context();
    const trimmed = trim(opened(), ctx, { startMs: 1000 });
    const undone = undoEdit(trimmed, ctx);
    expect(doc(undone).timeline.trim.startMs).toBe(0);
    expect(doc(redoEdit(undone, ctx)).timeline.trim.startMs).toBe(1000);
  });

  it('runs keyboard commands: frame steps stay inside the video, every command but play stops playback', () => {
    const ctx = context();
    const playing = { ...seek(opened(), ctx, 1000), playing: true };
    const back = runCommand(playing, ctx, 'frameBack');
    expect(back.playheadMs).toBeCloseTo(1000 - 1000 / 30);
    expect(back.playing).toBe(false);
    expect(runCommand(playing, ctx, 'togglePlay').playing).toBe(false);
    expect(runCommand(back, ctx, 'togglePlay').playing).toBe(true);
    expect(runCommand(back, ctx, 'secondBack').playheadMs).toBe(0);
    expect(runCommand(back, ctx, 'toEnd').playheadMs).toBe(DURATION);
    expect(runCommand(runCommand(back, ctx, 'toEnd'), ctx, 'secondForward').playheadMs).toBe(DURATION);
    expect(doc(runCommand(back, ctx, 'trimStartHere')).timeline.trim.startMs).toBeCloseTo(1000 - 1000 / 30);
    expect(runCommand(back, ctx, 'openExport').exportOpen).toBe(true);
    expect(runCommand(runCommand(back, ctx, 'toggleHelp'), ctx, 'toggleHelp').helpOpen).toBe(false);
  });

  it('zooms the timeline in and out within the recording, and back to fit, without stopping playback', () => {
    const ctx = context();
    const playing = { ...opened(), playing: true };
    const zoomedIn = runCommand(playing, ctx, 'timelineZoomIn');
    expect(zoomedIn.timelineZoom).toBe(1.5);
    expect(zoomedIn.playing).toBe(true);
    expect(runCommand(playing, ctx, 'timelineZoomOut').timelineZoom).toBe(1);
    // No closer than a frame about 24 px wide (of a 1000 px timeline).
    const frames = (DURATION / 1000) * 30;
    expect(setTimelineZoom(playing, ctx, 1e6).timelineZoom).toBeCloseTo((frames * 24) / 1000);
    expect(runCommand(zoomedIn, ctx, 'timelineFit').timelineZoom).toBe(1);
  });
});

describe('editor store', () => {
  it('applies actions and commands to its state, and derives the document and undo availability', () => {
    const store = createEditorStore(context(), doc(opened()));
    expect(store.$canUndo.get()).toBe(false);
    store.run(seek, 8000);
    store.command('addZoom');
    expect(store.$document.get().zoomSegments.some((s) => s.id === 'zoom-1')).toBe(true);
    expect(store.$canUndo.get()).toBe(true);
    store.command('undo');
    expect(store.$canRedo.get()).toBe(true);
    expect(store.$document.get().zoomSegments.some((s) => s.id === 'zoom-1')).toBe(false);
  });

  it('re-plans the automatic zooms at once when the lead-in or hold changes, in one undo step', () => {
    const ctx = context();
    const state = opened();
    const timing = { ...DEFAULT_RENDER_SETTINGS.zoomTiming, leadInMs: 1200, holdMs: 2500 };
    const changed = changeSettings(state, ctx, { ...doc(state).settings, zoomTiming: timing });
    expect(doc(changed).zoomSegments.map((z) => [z.startMs, z.endMs])).toEqual([
      [800, 4500],
      [13_800, 17_500],
    ]);
    expect(doc(undoEdit(changed, ctx)).zoomSegments).toEqual(doc(state).zoomSegments);
    // A new speed moves the camera, not the zooms.
    const faster = changeSettings(state, ctx, { ...doc(state).settings, zoomTiming: { ...timing, speed: 12 } });
    expect(doc(faster).zoomSegments).toEqual(doc(changed).zoomSegments);
  });

  it('gives the selected zoom its own timing', () => {
    const ctx = context();
    const state = opened();
    const id = doc(state).zoomSegments[0]?.id ?? '';
    const timed = setSelectedZoomTiming({ ...state, selection: { kind: 'zoom', id } }, ctx, {
      holdMs: 3000,
      speed: 12,
    });
    expect(selectedZoom(timed)).toMatchObject({ startMs: 1400, endMs: 5000, speed: 12, origin: 'user' });
  });
});
