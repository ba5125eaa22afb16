import { describe, expect, it } from 'vitest';
import { DEFAULT_RENDER_SETTINGS, parseRenderSettings } from '../../../shared/look/render-settings';
import { memoryStorage } from '../../../tests/fixtures/builders/memory-storage';
import { foldLegacyLook, migrateLegacyLook } from './legacy-look';

describe('the four look fields older versions stored twice', () => {
  it('are folded into the stored look, the user’s values kept, and their keys removed', () => {
    const look = { ...DEFAULT_RENDER_SETTINGS, padding: 0.2, shadow: 'None' };
    const storage = memoryStorage({
      'clickreel:look': JSON.stringify(look),
      'clickreel:shadow': '"Strong"',
      'clickreel:border': JSON.stringify({ width: 6, color: '#ff0000' }),
      'clickreel:zoomDepth': '"Weak"',
      'clickreel:webcamShape': '"Sharp"',
      'clickreel:exportFormat': '"gif"',
    });
    migrateLegacyLook(storage, 'clickreel:');
    const migrated = parseRenderSettings(JSON.parse(storage.getItem('clickreel:look') ?? 'null'));
    expect(migrated).toMatchObject({
      padding: 0.2,
      shadow: 'Strong',
      border: { width: 6, color: '#ff0000' },
      zoomDepth: 'Weak',
      webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, shape: 'Sharp' },
    });
    expect(['shadow', 'border', 'zoomDepth', 'webcamShape'].map((k) => storage.getItem(`clickreel:${k}`))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(storage.getItem('clickreel:exportFormat')).toBe('"gif"');
  });

  it('make a look from the defaults when only the copies were stored, and skip a copy that is no longer valid', () => {
    const look = foldLegacyLook(null, { shadow: '"Moderate"', border: '{"width":99}', zoomDepth: 'not json' });
    expect(parseRenderSettings(look)).toEqual({ ...DEFAULT_RENDER_SETTINGS, shadow: 'Moderate' });
  });

  it('change nothing when there are none', () => {
    expect(foldLegacyLook('{"padding":0.1}', {})).toBeNull();
    const storage = memoryStorage({ 'clickreel:look': '{"padding":0.1}' });
    migrateLegacyLook(storage, 'clickreel:');
    expect(storage.getItem('clickreel:look')).toBe('{"padding":0.1}');
  });
});
