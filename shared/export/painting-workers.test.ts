import { describe, expect, test } from 'vitest';
import { MAX_PAINTING_WORKERS, paintingWorkersAfterTrial } from './painting-workers';

describe('painting workers, decided from the cores and the first frames', () => {
  const paintBound = { frames: 45, paintMs: 45 * 20, encodeWaitMs: 45 * 1, decodeWaitMs: 45 * 2 };
  const encoderBound = { frames: 45, paintMs: 45 * 12, encodeWaitMs: 45 * 9, decodeWaitMs: 0 };

  test('a 2- or 3-core machine paints with one worker: the decoder and the encoder take the rest', () => {
    expect(paintingWorkersAfterTrial(2, paintBound)).toBe(1);
    expect(paintingWorkersAfterTrial(3, paintBound)).toBe(1);
  });

  test('more painters only where the encoder waits on the painting and cores are free', () => {
    expect(paintingWorkersAfterTrial(4, paintBound)).toBe(2);
    expect(paintingWorkersAfterTrial(6, paintBound)).toBe(4);
    expect(paintingWorkersAfterTrial(32, paintBound)).toBe(MAX_PAINTING_WORKERS);
    expect(paintingWorkersAfterTrial(8, encoderBound)).toBe(1);
  });

  test('an export held back by decoding, or with no trial, stays on one', () => {
    expect(paintingWorkersAfterTrial(8, { ...paintBound, decodeWaitMs: 45 * 25 })).toBe(1);
    expect(paintingWorkersAfterTrial(8, { frames: 0, paintMs: 0, encodeWaitMs: 0, decodeWaitMs: 0 })).toBe(1);
  });
});
