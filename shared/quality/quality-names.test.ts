import { expect, test } from 'vitest';
import { ALL_QUALITY_PRESETS } from '../export/export-options';
import { ALL_QUALITY_LEVELS, EXPORT_QUALITY_LEVELS, qualityName } from './quality-names';

test('the editor’s export presets and the recorder’s qualities are named from one ladder', () => {
  expect(ALL_QUALITY_PRESETS.map(qualityName)).toEqual(['Compact', 'Standard', 'High', 'Maximum']);
  // The recorder's stored values are the top three levels.
  expect((['standard', 'high', 'maximum'] as const).map(qualityName)).toEqual(['Standard', 'High', 'Maximum']);
  // Worst to best in both: the presets keep the ladder's order.
  expect(ALL_QUALITY_PRESETS.map((p) => ALL_QUALITY_LEVELS.indexOf(EXPORT_QUALITY_LEVELS[p]))).toEqual([0, 1, 2, 3]);
});
