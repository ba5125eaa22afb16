import { expect, test } from 'vitest';
import { PLAN_LIMITS } from '../plans/plans';
import {
  ALL_EXPORT_OPTION_NAMES,
  DEFAULT_EXPORT_OPTIONS,
  EXPORT_OPTION_TABLE,
  exportOption,
  nearestAllowed,
} from './export-option-table';
import { storedExportOptionsSchema } from './export-options-schema';

test('every option is declared once: a first choice among its values, Pro values among them, each value named', () => {
  expect(DEFAULT_EXPORT_OPTIONS).toEqual({
    format: 'mp4',
    quality: 'high',
    resolution: '1080p',
    frameRate: 30,
    paintingWorkers: 0,
  });
  for (const name of ALL_EXPORT_OPTION_NAMES) {
    const row = exportOption(name);
    expect(row.values, name).toContain(row.initial);
    for (const value of row.proOnly) expect(row.values, name).toContain(value);
    for (const value of row.values) expect(row.choice(value).label, `${name} ${value}`).not.toBe('');
  }
  expect(EXPORT_OPTION_TABLE.resolution.lockedHint?.('4k')).toBe('Pro exports in 1440p and 4K');
});

test('the plans’ limits are read from the table: free up to 1080p at 30 fps, Pro 4K at 60', () => {
  expect(PLAN_LIMITS.free).toEqual({ watermark: true, maxHeight: 1080, maxFrameRate: 30 });
  expect(PLAN_LIMITS.pro).toEqual({ watermark: false, maxHeight: 2160, maxFrameRate: 60 });
});

test('a stored choice keeps each valid value; a stale or missing one takes its first choice, alone', () => {
  expect(
    storedExportOptionsSchema.parse({ format: 'gif', quality: 'ultra', frameRate: 60, paintingWorkers: 9 }),
  ).toEqual({ format: 'gif', quality: 'high', resolution: '1080p', frameRate: 60, paintingWorkers: 0 });
  expect(storedExportOptionsSchema.safeParse('mp4').success).toBe(false);
});

test('painting workers are offered up to the cores, and only Automatic on one core; a value not allowed falls back', () => {
  const offered = (cores: number) =>
    EXPORT_OPTION_TABLE.paintingWorkers.values.filter((n) =>
      EXPORT_OPTION_TABLE.paintingWorkers.offeredWith?.(n, { cores }),
    );
  expect(offered(1)).toEqual([0]);
  expect(offered(2)).toEqual([0, 1, 2]);
  expect(offered(16)).toEqual([0, 1, 2, 3, 4]);
  const upTo1080 = (r: string) => r === '720p' || r === '1080p' || r === 'source';
  expect(nearestAllowed(EXPORT_OPTION_TABLE.resolution.values, '4k', upTo1080)).toBe('1080p');
  expect(nearestAllowed(EXPORT_OPTION_TABLE.resolution.values, 'source', upTo1080)).toBe('source');
  expect(nearestAllowed(EXPORT_OPTION_TABLE.resolution.values, '720p', () => false)).toBeNull();
});
