import { describe, expect, test } from 'vitest';
import {
  addCut,
  isKept,
  keptRanges,
  outputDurationMs,
  outputFrameCount,
  outputFrameTimes,
  outputTimeAt,
  removeCutAt,
  setTrim,
  sourceTimeAt,
  untrimmedEdits,
} from './timeline';

describe('trim and cuts', () => {
  const edits = addCut(setTrim(untrimmedEdits(10_000), 10_000, { startMs: 1000, endMs: 9000 }), {
    startMs: 3000,
    endMs: 4000,
  });

  test('the kept video is the trim window minus the cut', () => {
    expect(keptRanges(edits)).toEqual([
      { startMs: 1000, endMs: 3000 },
      { startMs: 4000, endMs: 9000 },
    ]);
    expect(outputDurationMs(edits)).toBe(7000);
  });

  test('output time maps to source time across the cut and back', () => {
    expect(sourceTimeAt(edits, 0)).toBe(1000);
    expect(sourceTimeAt(edits, 1999)).toBe(2999);
    expect(sourceTimeAt(edits, 2000)).toBe(4000);
    expect(outputTimeAt(edits, 4500)).toBe(2500);
    expect(outputTimeAt(edits, 3500)).toBe(2000);
    expect(outputTimeAt(edits, 500)).toBe(0);
    for (const t of [0, 10, 1999, 2000, 5000, 6999]) expect(outputTimeAt(edits, sourceTimeAt(edits, t))).toBe(t);
  });

  test('frames inside the cut are never shown', () => {
    expect(isKept(edits, 3500)).toBe(false);
    expect(outputFrameTimes(edits, 30).some((t) => t >= 3000 && t < 4000)).toBe(false);
    expect(outputFrameCount(edits, 30)).toBe(210);
  });

  test('overlapping cuts merge and a cut can be restored', () => {
    const more = addCut(edits, { startMs: 3500, endMs: 5000 });
    expect(more.cuts).toEqual([{ startMs: 3000, endMs: 5000 }]);
    expect(removeCutAt(more, 4000).cuts).toEqual([]);
  });

  test('a cut that removes everything is refused', () => {
    expect(addCut(edits, { startMs: 0, endMs: 10_000 })).toBe(edits);
  });

  test('trim handles cannot cross or leave the recording', () => {
    const trimmed = setTrim(untrimmedEdits(5000), 5000, { startMs: 4990, endMs: 7000 });
    expect(trimmed.trim.endMs).toBe(5000);
    expect(trimmed.trim.endMs - trimmed.trim.startMs).toBeGreaterThanOrEqual(100);
    expect(setTrim(untrimmedEdits(5000), 5000, { startMs: -20, endMs: 3000 }).trim.startMs).toBe(0);
  });
});
