import { describe, expect, test } from 'vitest';
import { DEFAULT_RENDER_SETTINGS, renderSettingsSchema } from './render-settings';
import { STARTER_LOOKS, usesStarterLook, withStarterLook } from './starter-looks';

describe('starter looks', () => {
  test('four to six looks, each named once, each valid settings, no two alike', () => {
    expect(STARTER_LOOKS.length).toBeGreaterThanOrEqual(4);
    expect(STARTER_LOOKS.length).toBeLessThanOrEqual(6);
    expect(new Set(STARTER_LOOKS.map((look) => look.name)).size).toBe(STARTER_LOOKS.length);
    expect(new Set(STARTER_LOOKS.map((look) => look.id)).size).toBe(STARTER_LOOKS.length);
    const applied = STARTER_LOOKS.map((look) => withStarterLook(DEFAULT_RENDER_SETTINGS, look));
    for (const settings of applied) expect(renderSettingsSchema.parse(settings)).toEqual(settings);
    expect(new Set(applied.map((settings) => JSON.stringify(settings))).size).toBe(STARTER_LOOKS.length);
  });

  test('a new recording starts with the first; the others are not in use then', () => {
    expect(STARTER_LOOKS.map((look) => usesStarterLook(DEFAULT_RENDER_SETTINGS, look))).toEqual(
      STARTER_LOOKS.map((_, i) => i === 0),
    );
  });

  test("a look changes the look and keeps the recording's sounds, webcam, timing and watermark", () => {
    const mine = {
      ...DEFAULT_RENDER_SETTINGS,
      sounds: { clicks: true, keys: true, volume: 0.3 },
      webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, position: 'TopLeft' as const },
      zoomTiming: { ...DEFAULT_RENDER_SETTINGS.zoomTiming, holdMs: 1500 },
      cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, smoothing: 'Strong' as const },
      watermark: true,
    };
    for (const look of STARTER_LOOKS) {
      const applied = withStarterLook(mine, look);
      expect(usesStarterLook(applied, look)).toBe(true);
      expect(applied.sounds).toEqual(mine.sounds);
      expect(applied.webcam).toEqual(mine.webcam);
      expect(applied.zoomTiming).toEqual(mine.zoomTiming);
      expect(applied.cursor.smoothing).toBe('Strong');
      expect(applied.watermark).toBe(true);
    }
  });
});
