import { expect, test } from 'vitest';
import { ALL_EXPORT_RESOLUTIONS, DEFAULT_EXPORT_OPTIONS } from '../export/export-options';
import { FREE_EXPORTS, PRO_UNLOCKS, PRO_UNLOCKS_AFTER_WATERMARK } from './plan-words';
import { allowsResolution, applyPlanToExport, namedResolutions, planOf } from './plans';

test('a free export is watermarked, 30 fps, 1080p at most', () => {
  expect(planOf(false)).toBe('free');
  expect(applyPlanToExport({ ...DEFAULT_EXPORT_OPTIONS, frameRate: 60, resolution: '4k' }, 'free')).toEqual({
    ...DEFAULT_EXPORT_OPTIONS,
    frameRate: 30,
    resolution: '1080p',
    watermark: true,
    maxHeight: 1080,
  });
  expect(applyPlanToExport({ ...DEFAULT_EXPORT_OPTIONS, frameRate: 30, resolution: '1440p' }, 'free').resolution).toBe(
    '1080p',
  );
  expect(applyPlanToExport({ ...DEFAULT_EXPORT_OPTIONS, frameRate: 30, resolution: 'source' }, 'free').resolution).toBe(
    'source',
  );
  expect(ALL_EXPORT_RESOLUTIONS.filter((r) => allowsResolution('free', r))).toEqual(['720p', '1080p', 'source']);
  // What every option may be is read from the option table: the other choices pass through untouched.
  const asked = { format: 'gif', quality: 'best', resolution: '4k', frameRate: 60, paintingWorkers: 2 } as const;
  expect(applyPlanToExport(asked, 'free')).toMatchObject({ format: 'gif', quality: 'best', paintingWorkers: 2 });
});

test('pro removes the watermark and allows 1440p, 4K and 60 fps', () => {
  expect(planOf(true)).toBe('pro');
  expect(applyPlanToExport({ ...DEFAULT_EXPORT_OPTIONS, frameRate: 60, resolution: '4k' }, 'pro')).toEqual({
    ...DEFAULT_EXPORT_OPTIONS,
    frameRate: 60,
    resolution: '4k',
    watermark: false,
    maxHeight: 2160,
  });
  expect(namedResolutions('pro')).toEqual(['720p', '1080p', '1440p', '4k']);
});

test('the pages and the dialog say what the plans allow', () => {
  expect(FREE_EXPORTS).toBe('720p and 1080p at 30 fps');
  expect(PRO_UNLOCKS).toBe('No watermark, 1440p and 4K exports, 60 fps');
  expect(PRO_UNLOCKS_AFTER_WATERMARK).toBe('1440p and 4K exports and 60 fps');
});
