import { describe, expect, it } from 'vitest';
import { DEFAULT_RENDER_SETTINGS, parseRenderSettings, renderSettingsSchema } from './render-settings';
import { settingsWithShutterBlur } from './render-settings-migration';

describe('render settings', () => {
  it('has valid defaults', () => {
    expect(renderSettingsSchema.parse(DEFAULT_RENDER_SETTINGS)).toEqual(DEFAULT_RENDER_SETTINGS);
  });

  it('loads an older save that lacks newer fields, keeping what it has', () => {
    const loaded = parseRenderSettings({
      shadow: 'Strong',
      cursor: { size: 'large' },
      background: { type: 'Color', color: '#112233' },
    });
    expect(loaded.shadow).toBe('Strong');
    expect(loaded.cursor).toEqual({ ...DEFAULT_RENDER_SETTINGS.cursor, size: 'large' });
    expect(loaded.background).toEqual({ ...DEFAULT_RENDER_SETTINGS.background, type: 'Color', color: '#112233' });
    expect(parseRenderSettings(undefined)).toEqual(DEFAULT_RENDER_SETTINGS);
  });

  it('maps motion blur stored as a strength level (before it was a shutter) to the shutter of the same rank', () => {
    const levels = { None: 'Off', Weak: 'Subtle', Moderate: 'Natural', Strong: 'Strong' } as const;
    for (const [stored, shutter] of Object.entries(levels)) {
      expect(parseRenderSettings(settingsWithShutterBlur({ padding: 0.12, motionBlur: stored }))).toEqual({
        ...DEFAULT_RENDER_SETTINGS,
        padding: 0.12,
        motionBlur: shutter,
      });
    }
    const current = { motionBlur: 'Natural' };
    expect(settingsWithShutterBlur(current)).toBe(current);
    expect(() => parseRenderSettings(settingsWithShutterBlur({ motionBlur: 'Blurry' }))).toThrow();
  });

  it('refuses values outside the enumerations', () => {
    expect(() => parseRenderSettings({ frame: 'Fancy' })).toThrow();
    expect(() => parseRenderSettings({ webcam: { position: 'Center' } })).toThrow();
    expect(() => parseRenderSettings({ padding: 2 })).toThrow();
  });
});
