import { expect, test } from 'vitest';
import { DEFAULT_RENDER_SETTINGS } from '../look/render-settings';
import { RECORDING_FORMAT_VERSION, type Recording } from '../recording/recording';
import { setSpeed } from '../timeline/speed-edits';
import { addCut } from '../timeline/timeline';
import { fromSavedEdits, newEditDocument, toSavedEdits } from './edit-document';
import { trackMismatch } from './track-match';

test('edits survive a save and a load, settings filled from defaults', () => {
  const document = {
    ...newEditDocument(5000),
    timeline: setSpeed(
      addCut(newEditDocument(5000).timeline, { startMs: 1000, endMs: 2000 }),
      { startMs: 2500, endMs: 4000 },
      1.5,
    ),
    zoomSegments: [
      {
        id: 'a',
        startMs: 100,
        endMs: 900,
        depth: 'Strong' as const,
        focus: { kind: 'cursor' as const },
        origin: 'user' as const,
      },
    ],
  };
  const saved = JSON.parse(JSON.stringify(toSavedEdits('rec-1', document)));
  expect(fromSavedEdits(saved)).toEqual(document);
  const { shadow: _dropped, ...olderSettings } = DEFAULT_RENDER_SETTINGS;
  expect(fromSavedEdits({ ...saved, settings: olderSettings })?.settings.shadow).toBe(DEFAULT_RENDER_SETTINGS.shadow);
});

test('saves from before speed-ups have none; a damaged speed-up refuses the save', () => {
  const saved = JSON.parse(JSON.stringify(toSavedEdits('rec-1', newEditDocument(5000))));
  const { speeds: _none, ...olderTimeline } = saved.timeline;
  expect(fromSavedEdits({ ...saved, timeline: olderTimeline })?.timeline.speeds).toEqual([]);
  const damaged = { ...saved.timeline, speeds: [{ startMs: 100, endMs: 900, rate: 1.1 }] };
  expect(fromSavedEdits({ ...saved, timeline: damaged })).toBeNull();
});

test('a version 1 save, whose motion blur was a strength level, opens with the shutter of the same rank', () => {
  const saved = JSON.parse(JSON.stringify(toSavedEdits('rec-1', newEditDocument(5000))));
  const older = { ...saved, formatVersion: 1, settings: { ...saved.settings, motionBlur: 'Weak' } };
  expect(fromSavedEdits(older)?.settings).toEqual({ ...DEFAULT_RENDER_SETTINGS, motionBlur: 'Subtle' });
  expect(saved.formatVersion).toBe(2);
});

test('unreadable saves are ignored instead of breaking the editor; a newer version’s are refused, not replaced', () => {
  expect(fromSavedEdits(null)).toBeNull();
  expect(fromSavedEdits({ formatVersion: 2, timeline: 'damaged' })).toBeNull();
  expect(() => fromSavedEdits({ formatVersion: 99 })).toThrow(
    expect.objectContaining({ domain: 'storage', kind: 'newer-version' }),
  );
});

const recording = {
  formatVersion: RECORDING_FORMAT_VERSION,
  video: { mimeType: 'video/webm', width: 1280, height: 720, frameRate: 30, durationMs: 10_000, size: 1 },
  cursor: [{ t: 9_900, x: 0.5, y: 0.5, cursor: 'default', buttons: 0 }],
} as unknown as Recording;

test('a track that matches its video is accepted', () => {
  expect(trackMismatch(recording, { width: 1280, height: 720, durationMs: 10_033 })).toBeNull();
});

test('a track of another video is refused with a reason', () => {
  expect(trackMismatch(recording, { width: 640, height: 360, durationMs: 10_000 })).toMatch(/1280×720.*640×360/);
  expect(trackMismatch(recording, { width: 1280, height: 720, durationMs: 3_000 })).toMatch(/10\.0 s.*3\.0 s/);
});
