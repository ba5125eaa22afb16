import { describe, expect, it } from 'vitest';
import { storedExportOptionsSchema } from '../../../shared/export/export-options-schema';
import { DEFAULT_RENDER_SETTINGS, parseRenderSettings } from '../../../shared/look/render-settings';
import { memoryStorage } from '../../../tests/fixtures/builders/memory-storage';
import { resolutionForLegacyMultiplier } from './legacy-export-options';
import { foldLegacyLook } from './legacy-look';
import { PREFERENCES_FORMAT, upgradeStoredPreferences } from './preferences-format';

const PREFIX = 'clickreel:';
const keys = (storage: Storage) => [...Array(storage.length).keys()].map((i) => storage.key(i)).sort();
const upgraded = (entries: Record<string, string>) => {
  const storage = memoryStorage(entries);
  upgradeStoredPreferences(storage, PREFIX);
  return storage;
};
const json = (storage: Storage, name: string) => JSON.parse(storage.getItem(PREFIX + name) ?? 'null');
const storedExport = (storage: Storage) => storedExportOptionsSchema.parse(json(storage, 'export'));

describe('the preferences kept in this browser, one versioned document', () => {
  it('a browser with none gets the current version and nothing else; a current one is not rewritten', () => {
    const fresh = upgraded({});
    expect(keys(fresh)).toEqual(['clickreel:version']);
    expect(fresh.getItem('clickreel:version')).toBe(String(PREFERENCES_FORMAT.current));
    const look = JSON.stringify({ ...DEFAULT_RENDER_SETTINGS, motionBlur: 'Strong' });
    const current = upgraded({ 'clickreel:version': '4', 'clickreel:look': look, 'clickreel:license': '{"key":"k"}' });
    expect(current.getItem('clickreel:look')).toBe(look);
    expect(current.getItem('clickreel:license')).toBe('{"key":"k"}');
  });

  it('preferences from a newer version are left as they are', () => {
    const newer = upgraded({ 'clickreel:version': '9', 'clickreel:shadow': '"Strong"', 'clickreel:look': '{}' });
    expect(keys(newer)).toEqual(['clickreel:look', 'clickreel:shadow', 'clickreel:version']);
    expect(newer.getItem('clickreel:version')).toBe('9');
  });

  it('1 → 2: the four look fields stored twice are folded into the look, the user’s values kept, keys removed', () => {
    const storage = upgraded({
      'clickreel:look': JSON.stringify({ ...DEFAULT_RENDER_SETTINGS, padding: 0.2, shadow: 'None' }),
      'clickreel:shadow': '"Strong"',
      'clickreel:border': JSON.stringify({ width: 6, color: '#ff0000' }),
      'clickreel:zoomDepth': '"Weak"',
      'clickreel:webcamShape': '"Sharp"',
      'clickreel:license': '{"key":"k"}',
    });
    expect(parseRenderSettings(json(storage, 'look'))).toMatchObject({
      padding: 0.2,
      shadow: 'Strong',
      border: { width: 6, color: '#ff0000' },
      zoomDepth: 'Weak',
      webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, shape: 'Sharp' },
    });
    expect(keys(storage)).toEqual(['clickreel:license', 'clickreel:look', 'clickreel:version']);
  });

  it('1 → 2: a look is made from the defaults when only copies were stored; a copy no longer valid is skipped', () => {
    const look = foldLegacyLook(null, { shadow: '"Moderate"', border: '{"width":99}', zoomDepth: 'not json' });
    expect(parseRenderSettings(look)).toEqual({ ...DEFAULT_RENDER_SETTINGS, shadow: 'Moderate' });
    expect(foldLegacyLook('{"padding":0.1}', {})).toBeNull();
  });

  it('2 → 3: the export options kept under keys of their own become one choice; a multiplier a named size', () => {
    expect([1, 2, 3].map((n) => resolutionForLegacyMultiplier(String(n)))).toEqual(['1080p', '4k', null]);
    expect(resolutionForLegacyMultiplier('"1x"')).toBeNull();
    const storage = upgraded({
      'clickreel:version': '2',
      'clickreel:exportMultiplier': '2',
      'clickreel:exportFormat': '"webm"',
      'clickreel:exportFrameRate': '60',
      'clickreel:exportWorkerLimit': '2',
    });
    expect(storedExport(storage)).toEqual({
      format: 'webm',
      quality: 'high',
      resolution: '4k',
      frameRate: 60,
      paintingWorkers: 2,
    });
    expect(keys(storage)).toEqual(['clickreel:export', 'clickreel:version']);
    const sized = upgraded({ 'clickreel:exportMultiplier': '1', 'clickreel:exportResolution': '"720p"' });
    expect(storedExport(sized)).toMatchObject({ resolution: '720p', quality: 'high' });
  });

  it('2 → 3: a stored choice is never overwritten, the old keys still removed', () => {
    const chosen = upgraded({ 'clickreel:export': '{"format":"gif"}', 'clickreel:exportFormat': '"mp4"' });
    expect(chosen.getItem('clickreel:export')).toBe('{"format":"gif"}');
    expect(chosen.getItem('clickreel:exportFormat')).toBeNull();
  });

  it('3 → 4: motion blur stored as a strength level, in the look and in the presets, is the shutter of its rank', () => {
    const preset = { id: 'p-1', name: 'Studio', settings: { padding: 0.1, motionBlur: 'Weak' } };
    const storage = upgraded({
      'clickreel:version': '3',
      'clickreel:look': JSON.stringify({ ...DEFAULT_RENDER_SETTINGS, motionBlur: 'Moderate' }),
      'clickreel:presets': JSON.stringify([preset, 'damaged']),
    });
    expect(json(storage, 'look')).toEqual({ ...DEFAULT_RENDER_SETTINGS, motionBlur: 'Natural' });
    expect(json(storage, 'presets')).toEqual([
      { ...preset, settings: { padding: 0.1, motionBlur: 'Subtle' } },
      'damaged',
    ]);
    expect(storage.getItem('clickreel:version')).toBe('4');
  });
});
