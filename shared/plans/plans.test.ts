import { afterEach, expect, test } from 'vitest';
import { $plan, $proFlag, applyPlanToExport, isPro } from './plans';

afterEach(() => $proFlag.set(false));

test('pro is off by default and a free export is watermarked, 1x, 30 fps, 1080p at most', () => {
  expect(isPro()).toBe(false);
  expect($plan.get()).toBe('free');
  expect(applyPlanToExport({ frameRate: 60, multiplier: 2 }, 'free')).toEqual({
    frameRate: 30,
    multiplier: 1,
    watermark: true,
    maxHeight: 1080,
  });
});

test('pro removes the watermark and allows 2x up to 4K and 60 fps', () => {
  $proFlag.set(true);
  expect($plan.get()).toBe('pro');
  expect(applyPlanToExport({ frameRate: 60, multiplier: 2 }, $plan.get())).toEqual({
    frameRate: 60,
    multiplier: 2,
    watermark: false,
    maxHeight: 2160,
  });
});
