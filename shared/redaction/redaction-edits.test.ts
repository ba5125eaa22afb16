import { describe, expect, test } from 'vitest';
import { DEFAULT_REDACTION_EDITS } from './redaction';
import { addBlurBox, deleteBlurBox, reshapeBlurBox, retimeBlurBox, setTrackHidden } from './redaction-edits';

describe('redaction edits', () => {
  test('a recorded element is switched off and on again', () => {
    const off = setTrackHidden(DEFAULT_REDACTION_EDITS, 'a', false);
    expect(off.off).toEqual(['a']);
    expect(setTrackHidden(off, 'a', true).off).toEqual([]);
  });

  test('a drawn box starts at the playhead, stays inside the video and the recording; a click draws none', () => {
    const box = { x: 0.8, y: -0.1, width: 0.5, height: 0.3 };
    const added = addBlurBox(DEFAULT_REDACTION_EDITS, { id: 'm', atMs: 9_000, durationMs: 10_000, box });
    expect(added.boxes).toEqual([
      { id: 'm', startMs: 7_000, endMs: 10_000, box: { x: 0.8, y: 0, width: expect.closeTo(0.2), height: 0.3 } },
    ]);
    const click = { x: 0.5, y: 0.5, width: 0.001, height: 0.001 };
    expect(addBlurBox(DEFAULT_REDACTION_EDITS, { id: 'n', atMs: 0, durationMs: 10_000, box: click }).boxes).toEqual([]);
    expect(retimeBlurBox(added, 'm', { endMs: 7_010 }, 10_000).boxes[0]).toMatchObject({
      startMs: 7_000,
      endMs: 7_100,
    });
    expect(deleteBlurBox(added, 'm').boxes).toEqual([]);
  });

  test('a drawn box takes a new area on the video and keeps its times; a click leaves it as it was', () => {
    const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };
    const added = addBlurBox(DEFAULT_REDACTION_EDITS, { id: 'm', atMs: 1_000, durationMs: 10_000, box });
    const moved = reshapeBlurBox(added, 'm', { x: 0.9, y: 0.5, width: 0.4, height: 0.1 });
    expect(moved.boxes[0]).toEqual({
      id: 'm',
      startMs: 1_000,
      endMs: 4_000,
      box: { x: 0.9, y: 0.5, width: expect.closeTo(0.1), height: 0.1 },
    });
    expect(reshapeBlurBox(added, 'm', { x: 0.5, y: 0.5, width: 0.001, height: 0.3 })).toBe(added);
  });
});
