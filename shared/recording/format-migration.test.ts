import { describe, expect, test } from 'vitest';
import { recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import { parseRecording, RECORDING_FORMAT_VERSION, readRecording } from './recording';

/** A recording as version 1 stored it: every key press with its key. */
function versionOne(keys: unknown): unknown {
  const { shortcuts: _shortcuts, typing: _typing, ...rest } = recordingFixture();
  return { ...rest, formatVersion: 1, keys };
}

const key = (t: number, k: string, code: string, held: Record<string, boolean> = {}) => ({
  t,
  key: k,
  code,
  ctrl: false,
  alt: false,
  shift: false,
  meta: false,
  ...held,
});

describe('reading recordings made by older versions', () => {
  test('version 1 keeps its shortcuts and loses every typed key, leaving only when typing happened', () => {
    const old = versionOne([
      key(100, 'h', 'KeyH'),
      key(200, 'i', 'KeyI'),
      key(250, 'Shift', 'ShiftLeft', { shift: true }),
      key(300, '', '', { redacted: true }),
      key(400, 'k', 'KeyK', { ctrl: true }),
      key(500, '@', 'KeyQ', { ctrl: true, alt: true }),
    ]);
    const recording = parseRecording(old);
    expect(recording.formatVersion).toBe(RECORDING_FORMAT_VERSION);
    expect(recording.shortcuts).toEqual([key(400, 'k', 'KeyK', { ctrl: true })]);
    expect(recording.typing).toEqual([{ t: 100 }, { t: 200 }, { t: 300 }, { t: 500 }]);
    expect(JSON.stringify(recording)).not.toMatch(/"h"|"i"|KeyH|KeyI|"@"|"keys"|redacted/);
  });

  test('version 2 recordings were of a tab, or of a video opened alone: their captured surface is said so', () => {
    const { capture: _none, ...tab } = recordingFixture();
    expect(parseRecording({ ...tab, formatVersion: 2 }).capture).toEqual({ source: 'tab', width: 1280, height: 720 });
    const file = { ...tab, formatVersion: 2, page: { url: '', title: 'demo.mp4' } };
    expect(parseRecording(file).capture).toEqual({ source: 'file', width: 1280, height: 720 });
    expect(parseRecording({ ...tab, formatVersion: 2 })).toEqual(parseRecording(recordingFixture()));
  });

  test('a damaged version 1 recording is reported, not migrated into something else', () => {
    const read = readRecording(versionOne('not a list'));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toMatch(/^Not a valid recording: shortcuts:/);
  });

  test('a newer format is refused with a message saying so', () => {
    const read = readRecording({ ...recordingFixture(), formatVersion: RECORDING_FORMAT_VERSION + 1 });
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error.kind).toBe('newer-format');
      expect(read.error.message).toMatch(/made by a newer version of Clickreel.*update Clickreel/);
    }
  });
});
