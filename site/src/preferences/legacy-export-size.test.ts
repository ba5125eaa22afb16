import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/builders/memory-storage';
import { migrateLegacyExportSize, resolutionForLegacyMultiplier } from './legacy-export-size';

describe('the export multiplier older versions stored', () => {
  it('becomes a named size: 1x 1080p, 2x 4K; anything else none', () => {
    expect(resolutionForLegacyMultiplier('1')).toBe('1080p');
    expect(resolutionForLegacyMultiplier('2')).toBe('4k');
    expect(resolutionForLegacyMultiplier('3')).toBeNull();
    expect(resolutionForLegacyMultiplier('"1x"')).toBeNull();
    expect(resolutionForLegacyMultiplier(null)).toBeNull();
  });

  it('is stored as the size and its key removed, the other preferences kept', () => {
    const storage = memoryStorage({ 'clickreel:exportMultiplier': '2', 'clickreel:exportFormat': '"webm"' });
    migrateLegacyExportSize(storage, 'clickreel:');
    expect(storage.getItem('clickreel:exportResolution')).toBe('"4k"');
    expect(storage.getItem('clickreel:exportMultiplier')).toBeNull();
    expect(storage.getItem('clickreel:exportFormat')).toBe('"webm"');
  });

  it('never overwrites a size already chosen, and changes nothing when there is none', () => {
    const chosen = memoryStorage({ 'clickreel:exportMultiplier': '1', 'clickreel:exportResolution': '"720p"' });
    migrateLegacyExportSize(chosen, 'clickreel:');
    expect(chosen.getItem('clickreel:exportResolution')).toBe('"720p"');
    expect(chosen.getItem('clickreel:exportMultiplier')).toBeNull();
    const none = memoryStorage({ 'clickreel:exportFormat': '"gif"' });
    migrateLegacyExportSize(none, 'clickreel:');
    expect(none.length).toBe(1);
  });
});
