import type { CursorType } from '../../recording/cursor-types';
import type { Click, CursorSample, Recording, Scroll, Shortcut, Typing } from '../../recording/recording';
import { RECORDING_FORMAT_VERSION } from '../../recording/recording';
import { emptyTrack } from '../../recording/track';

/** A recording of a 1920×1080 tab (viewport 1280×720 at 1.5x) with empty tracks; override what a test needs. */
export function recordingFixture(overrides: Partial<Recording> = {}): Recording {
  return {
    formatVersion: RECORDING_FORMAT_VERSION,
    id: 'fixture',
    name: 'Fixture',
    createdAt: '2026-11-22T00:00:00.000Z',
    page: { url: 'https://app.example.com/dashboard', title: 'Dashboard · Example' },
    viewport: { width: 1280, height: 720, devicePixelRatio: 1.5 },
    video: { mimeType: 'video/webm;codecs=vp9', width: 1920, height: 1080, frameRate: 30, durationMs: 20_000, size: 1 },
    audio: { tab: false, microphone: false },
    webcam: null,
    ...emptyTrack(),
    pauses: [],
    recovered: false,
    ...overrides,
  };
}

/** Cursor samples every `stepMs` along straight moves between waypoints (times in ms, positions normalized). */
export function cursorPath(
  waypoints: readonly { t: number; x: number; y: number; cursor?: CursorType }[],
  stepMs = 16,
): CursorSample[] {
  const samples: CursorSample[] = [];
  for (let i = 0; i < waypoints.length; i++) {
    const from = waypoints[i];
    const to = waypoints[i + 1];
    if (!from) break;
    if (!to) {
      samples.push({ t: from.t, x: from.x, y: from.y, cursor: from.cursor ?? 'default', buttons: 0 });
      break;
    }
    for (let t = from.t; t < to.t; t += stepMs) {
      const a = (t - from.t) / (to.t - from.t);
      samples.push({
        t,
        x: from.x + (to.x - from.x) * a,
        y: from.y + (to.y - from.y) * a,
        cursor: from.cursor ?? 'default',
        buttons: 0,
      });
    }
  }
  return samples;
}

/** A left click. */
export function click(t: number, x: number, y: number): Click {
  return { t, x, y, button: 'left', durationMs: 90 };
}

/** A shortcut: `key` with the given modifiers held (all off unless given). */
export function shortcut(
  t: number,
  key: string,
  modifiers: Partial<Pick<Shortcut, 'ctrl' | 'alt' | 'shift' | 'meta'>> = {},
): Shortcut {
  return { t, key, code: '', ctrl: false, alt: false, shift: false, meta: false, ...modifiers };
}

/** A key press while typing (its time only, as recordings keep it). */
export function typing(t: number): Typing {
  return { t };
}

/** A wheel scroll of `deltaY` CSS pixels. */
export function wheel(t: number, deltaY: number, scrollY: number): Scroll {
  return { t, x: 0.5, y: 0.5, deltaX: 0, deltaY, scrollX: 0, scrollY };
}
