import { describe, expect, it } from 'vitest';
import { newEditDocument } from '../../../../shared/edits/edit-document';
import { outputDurationMs } from '../../../../shared/timeline/timeline';
import { recordingFixture } from '../../../../tests/fixtures/builders/recording-fixture';
import { type EditorContext, initialEditorState, select, selectRange, undoEdit } from './editor-state';
import { acceptSuggestion, changeSelectedSpeed, speedUpSelection } from './speed-actions';

const recording = recordingFixture({});
const DURATION = recording.video.durationMs;
const context: EditorContext = { recording, newZoomId: () => 'zoom' };
const opened = () => initialEditorState(newEditDocument(DURATION));

describe('speed-up actions', () => {
  it('speeds up the selected range in one undoable step (the speed-up is then selected), changes or clears it', () => {
    const selected = selectRange(opened(), context, { startMs: 1000, endMs: 3000 });
    const sped = speedUpSelection(selected, context, 2);
    expect(sped.selection).toEqual({ kind: 'speed', startMs: 1000, endMs: 3000 });
    expect(outputDurationMs(sped.history.present.timeline)).toBe(DURATION - 1000);
    const faster = changeSelectedSpeed(
      select(sped, context, { kind: 'speed', startMs: 1000, endMs: 3000 }),
      context,
      4,
    );
    expect(faster.history.present.timeline.speeds).toEqual([{ startMs: 1000, endMs: 3000, rate: 4 }]);
    const normal = changeSelectedSpeed(faster, context, 1);
    expect(normal.history.present.timeline.speeds).toEqual([]);
    expect(normal.selection).toBeNull();
    expect(undoEdit(faster, context).history.present.timeline.speeds).toEqual([
      { startMs: 1000, endMs: 3000, rate: 2 },
    ]);
    expect(undoEdit(undoEdit(faster, context), context).history.present.timeline.speeds).toEqual([]);
  });

  it('takes a suggestion as a speed-up or as a cut, only when asked', () => {
    const suggestion = { kind: 'idle', startMs: 2000, endMs: 6000, rate: 8 } as const;
    const sped = acceptSuggestion(opened(), context, suggestion, 'speed');
    expect(sped.history.present.timeline.speeds).toEqual([{ startMs: 2000, endMs: 6000, rate: 8 }]);
    const cut = acceptSuggestion(opened(), context, suggestion, 'cut');
    expect(cut.history.present.timeline.cuts).toEqual([{ startMs: 2000, endMs: 6000 }]);
    expect(undoEdit(cut, context).history.present.timeline.cuts).toEqual([]);
  });
});
