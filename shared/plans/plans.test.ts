import { expect, test } from 'vitest';
import { applyPlanToExport, planOf } from './plans';

test('a free export is watermarked, 1x, 30 fps, 1080p at most', () => {
  expect(planOf(false)).toBe('free');
  expect(applyPlanToExport({ frameRate: 60, multiplier: 2 }, 'free')).toEqual({
    frameRate: 30,
    multiplier: 1,
    watermark: true,
    maxHeight: 1080,
  });
});

test('pro removes the watermark and allows 2x up to 4K and 60 fps', () => {
  expect(planOf(true)).toBe('pro');
  expect(applyPlanToExport({ frameRate: 60, multiplier: 2 }, 'pro')).toEqual({
    frameRate: 60,
    multiplier: 2,
    watermark: false,
    maxHeight: 2160,
  });
});
