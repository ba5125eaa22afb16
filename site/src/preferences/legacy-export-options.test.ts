import { describe, expect, it } from 'vitest';
import { storedExportOptionsSchema } from '../../../shared/export/export-options-schema';
import { memoryStorage } from '../../../tests/fixtures/builders/memory-storage';
import { migrateLegacyExportOptions, resolutionForLegacyMultiplier } from './legacy-export-options';

const stored = (storage: Storage) =>
  storedExportOptionsSchema.parse(JSON.parse(storage.getItem('clickreel:export') ?? 'null'));

describe('the export choices older versions stored under keys of their own', () => {
  it('a multiplier becomes a named size: 1x 1080p, 2x 4K; anything else none', () => {
    expect(resolutionForLegacyMultiplier('1')).toBe('1080p');
    expect(resolutionForLegacyMultiplier('2')).toBe('4k');
    expect(resolutionForLegacyMultiplier('3')).toBeNull();
    expect(resolutionForLegacyMultiplier('"1x"')).toBeNull();
    expect(resolutionForLegacyMultiplier(null)).toBeNull();
  });

  it('are folded into one stored choice and their keys removed; what is not stored takes its first choice', () => {
    const storage = memoryStorage({
      'clickreel:exportMultiplier': '2',
      'clickreel:exportFormat': '"webm"',
      'clickreel:exportFrameRate': '60',
      'clickreel:exportWorkerLimit': '2',
      'clickreel:look': '{}',
    });
    migrateLegacyExportOptions(storage, 'clickreel:');
    expect(stored(storage)).toEqual({
      format: 'webm',
      quality: 'high',
      resolution: '4k',
      frameRate: 60,
      paintingWorkers: 2,
    });
    expect([...Array(storage.length).keys()].map((i) => storage.key(i)).sort()).toEqual([
      'clickreel:export',
      'clickreel:look',
    ]);
  });

  it('a size chosen wins over a multiplier; a stale value takes its first choice, the others kept', () => {
    const storage = memoryStorage({
      'clickreel:exportMultiplier': '1',
      'clickreel:exportResolution': '"720p"',
      'clickreel:exportQuality': '"ultra"',
    });
    migrateLegacyExportOptions(storage, 'clickreel:');
    expect(stored(storage)).toMatchObject({ resolution: '720p', quality: 'high' });
  });

  it('never overwrites the stored choice, and changes nothing when there is nothing old', () => {
    const chosen = memoryStorage({ 'clickreel:export': '{"format":"gif"}', 'clickreel:exportFormat': '"mp4"' });
    migrateLegacyExportOptions(chosen, 'clickreel:');
    expect(chosen.getItem('clickreel:export')).toBe('{"format":"gif"}');
    expect(chosen.getItem('clickreel:exportFormat')).toBeNull();
    const none = memoryStorage({ 'clickreel:look': '{}' });
    migrateLegacyExportOptions(none, 'clickreel:');
    expect(none.length).toBe(1);
  });
});
