import { describe, expect, it } from 'vitest';
import { FileError, StorageError } from '../errors/domain-errors';
import {
  addPreset,
  applyPreset,
  deletePreset,
  importPresets,
  type LookPreset,
  matchesPreset,
  PRESET_NAME_MAX_LENGTH,
  parsePresetFile,
  presetFileText,
  presetFromSettings,
  readStoredPresets,
  renamePreset,
} from './look-presets';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from './render-settings';

/** A look far from the defaults in every part a preset keeps. */
const STUDIO: RenderSettings = {
  background: {
    type: 'Gradient',
    image: { kind: 'user', id: 'picture-1' },
    gradient: {
      kind: 'custom',
      custom: {
        angle: 135,
        stops: [
          { offset: 0, color: '#ff0055' },
          { offset: 1, color: '#2200ff' },
        ],
      },
    },
    color: '#123456',
  },
  padding: 0.17,
  corners: 'Sharp',
  shadow: 'Strong',
  border: { width: 6, color: '#abcdef' },
  frame: 'Minimal',
  aspectRatio: '9:16',
  webcam: { visible: false, shape: 'Sharp', position: 'TopLeft', size: 'large' },
  cursor: {
    hidden: false,
    size: 'large',
    smoothing: 'Strong',
    hideWhenIdle: false,
    clickAnimation: 'orb',
    constantSize: true,
    returnToStart: true,
  },
  sounds: { clicks: true, keys: false, volume: 0.4 },
  zoomDepth: 'Strong',
  zoomTiming: { leadInMs: 400, holdMs: 1200, speed: 10 },
  motionBlur: 'Off',
  keystrokes: true,
  watermark: false,
};

function expectRefused(text: string, message: RegExp) {
  expect(() => parsePresetFile(text)).toThrow(FileError);
  expect(() => parsePresetFile(text)).toThrow(message);
}

describe('look presets', () => {
  const studio = presetFromSettings('p-1', '  Studio demo ', STUDIO);

  it('keeps the look, camera and cursor, not the watermark, and applies them back exactly', () => {
    expect(studio.name).toBe('Studio demo');
    expect('watermark' in studio.settings).toBe(false);
    const applied = applyPreset({ ...DEFAULT_RENDER_SETTINGS, watermark: true }, studio);
    expect(applied).toEqual({ ...STUDIO, watermark: true });
    expect(matchesPreset(applied, studio)).toBe(true);
    expect(matchesPreset(DEFAULT_RENDER_SETTINGS, studio)).toBe(false);
  });

  it('round-trips exactly through a file', () => {
    const other = presetFromSettings('p-2', 'Plain', DEFAULT_RENDER_SETTINGS);
    const text = presetFileText([studio, other]);
    expect(parsePresetFile(text)).toEqual([studio, other]);
    // Imported into a browser without them, they arrive as they were, ids and all.
    const { presets, added } = importPresets([], parsePresetFile(text), () => 'fresh');
    expect(presets).toEqual([studio, other]);
    expect(added).toEqual([studio, other]);
    expect(presetFileText(presets)).toBe(text);
  });

  it('imports into a list that has them: the same preset is not doubled, a clash is kept under a new id and name', () => {
    const changed: LookPreset = { ...studio, settings: { ...studio.settings, padding: 0.02 } };
    const { presets, added } = importPresets([studio], [studio, changed], () => 'fresh');
    expect(added).toEqual([{ ...changed, id: 'fresh', name: 'Studio demo (2)' }]);
    expect(presets).toHaveLength(2);
  });

  it('fills a setting an older file lacks with its default', () => {
    const file = JSON.parse(presetFileText([studio]));
    delete file.presets[0].settings.motionBlur;
    delete file.presets[0].settings.cursor.clickAnimation;
    const [read] = parsePresetFile(JSON.stringify(file));
    expect(read?.settings.motionBlur).toBe(DEFAULT_RENDER_SETTINGS.motionBlur);
    expect(read?.settings.cursor).toEqual({ ...studio.settings.cursor, clickAnimation: 'ripple' });
  });

  it('reads a version 1 file, whose motion blur was a strength level, with the shutter of the same rank', () => {
    const file = { ...JSON.parse(presetFileText([studio])), version: 1 };
    file.presets[0].settings.motionBlur = 'Moderate';
    expect(parsePresetFile(JSON.stringify(file))[0]?.settings).toEqual({ ...studio.settings, motionBlur: 'Natural' });
    expect(JSON.parse(presetFileText([studio])).version).toBe(2);
  });

  it('refuses a damaged file with a message naming what is wrong', () => {
    const good = presetFileText([studio]);
    expectRefused(good.slice(0, good.length / 2), /^it is not JSON/);
    expectRefused('{"recording": 1}', /^it is not a Clickreel preset file\.$/);
    expectRefused(
      good.replace('"version": 2', '"version": 7'),
      /made by a newer version of Clickreel \(preset format 7\)/,
    );
    expectRefused(
      good.replace('"padding": 0.17', '"padding": 3'),
      /^it is damaged: preset 1 \(“Studio demo”\), settings\.padding: /,
    );
    expectRefused(
      good.replace('"frame": "Minimal"', '"frame": "Neon"'),
      /preset 1 \(“Studio demo”\), settings\.frame: /,
    );
    expectRefused(
      good.replace('"name": "Studio demo"', '"name": "  "'),
      /preset 1 \(“ {2}”\), name: a preset needs a name/,
    );
    expectRefused(
      good.replace(/"presets": \[[\s\S]*\]/, '"presets": []'),
      /^it is damaged: presets: it holds no presets\.$/,
    );
    expectRefused(presetFileText([studio, { ...studio, name: 'Twin' }]), /two presets have the id “p-1”/);
  });

  it('adds, renames and deletes, refusing a name that is taken, empty or too long', () => {
    const plain = presetFromSettings('p-2', 'Plain', DEFAULT_RENDER_SETTINGS);
    let list = addPreset(addPreset([], studio), plain);
    expect(() => addPreset(list, presetFromSettings('p-3', 'studio DEMO', STUDIO))).toThrow(
      /already have a preset named “Studio demo”/,
    );
    expect(() => renamePreset(list, 'p-2', 'Studio demo')).toThrow(StorageError);
    expect(() => renamePreset(list, 'p-2', '   ')).toThrow(/needs a name/);
    expect(() => renamePreset(list, 'p-2', 'x'.repeat(PRESET_NAME_MAX_LENGTH + 1))).toThrow(/at most 60 characters/);
    list = renamePreset(list, 'p-2', ' Clean ');
    expect(list.map((p) => p.name)).toEqual(['Studio demo', 'Clean']);
    // Renaming to its own name (another case) is fine.
    expect(renamePreset(list, 'p-1', 'STUDIO DEMO')[0]?.name).toBe('STUDIO DEMO');
    expect(deletePreset(list, 'p-1').map((p) => p.id)).toEqual(['p-2']);
  });

  it('reads the stored list, filling settings saved before they existed and leaving out only a damaged entry', () => {
    const older = JSON.parse(JSON.stringify(studio));
    delete older.settings.keystrokes;
    const read = readStoredPresets([older, { id: 'p-9', name: 'Broken', settings: { padding: 'wide' } }, 'junk']);
    expect(read).toEqual([{ ...studio, settings: { ...studio.settings, keystrokes: false } }]);
    expect(readStoredPresets(null)).toEqual([]);
  });
});
