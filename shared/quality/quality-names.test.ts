import { expect, test } from 'vitest';
import { EXPORT_OPTION_TABLE, EXPORT_QUALITY_LEVELS } from '../export/export-option-table';
import { ALL_QUALITY_PRESETS } from '../export/export-options';
import { ALL_QUALITY_LEVELS, QUALITY_LEVEL_NAMES } from './quality-names';

test('the editor’s export presets and the recorder’s qualities are named from one ladder', () => {
  expect(ALL_QUALITY_PRESETS.map((p) => EXPORT_OPTION_TABLE.quality.choice(p).label)).toEqual([
    'Compact',
    'Standard',
    'High',
    'Maximum',
  ]);
  // The recorder's stored values are the top three levels.
  expect((['standard', 'high', 'maximum'] as const).map((l) => QUALITY_LEVEL_NAMES[l])).toEqual([
    'Standard',
    'High',
    'Maximum',
  ]);
  // Worst to best in both: the presets keep the ladder's order.
  expect(ALL_QUALITY_PRESETS.map((p) => ALL_QUALITY_LEVELS.indexOf(EXPORT_QUALITY_LEVELS[p]))).toEqual([0, 1, 2, 3]);
});
