import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture, shortcut, typing } from '../../tests/fixtures/builders/recording-fixture';
import type { Rect } from '../geometry/geometry';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../look/render-settings';
import type { Recording } from '../recording/recording';
import { type FrameInput, frameAt, webcamTimeAt } from './frame-at';
import { outputSize } from './output-size';

function input(recording: Recording, settings: Partial<RenderSettings> = {}): FrameInput {
  return {
    recording,
    settings: { ...DEFAULT_RENDER_SETTINGS, ...settings },
    zoomSegments: [],
    output: outputSize(recording.video, settings.aspectRatio ?? 'auto'),
  };
}

/** Moves for 2 s, then the hand rests from 2 s to 12 s, then moves again. */
const resting = recordingFixture({
  cursor: cursorPath([
    { t: 0, x: 0.2, y: 0.2 },
    { t: 2000, x: 0.6, y: 0.5, cursor: 'text' },
    { t: 12_000, x: 0.6, y: 0.5 },
    { t: 12_500, x: 0.7, y: 0.6 },
    { t: 13_000, x: 0.7, y: 0.6 },
  ]),
  clicks: [click(1000, 0.4, 0.35)],
});

describe('frameAt: cursor', () => {
  it('draws no cursor for a video-only source or when the cursor is hidden', () => {
    expect(frameAt(input(recordingFixture()), 1000).cursor).toBeNull();
    expect(
      frameAt(input(resting, { cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hidden: true } }), 1000).cursor,
    ).toBeNull();
  });

  it('puts the cursor where the track says, inside the video', () => {
    const still = { ...DEFAULT_RENDER_SETTINGS.cursor, smoothing: 'None' as const, hideWhenIdle: false };
    const frame = frameAt(input(resting, { cursor: still }), 5000);
    const { video } = frame.layout;
    expect(frame.cursor?.x).toBeCloseTo(video.x + 0.6 * video.width, 6);
    expect(frame.cursor?.y).toBeCloseTo(video.y + 0.5 * video.height, 6);
    expect(frame.cursor?.shape).toBe('beam');
  });

  it('smooths out a shaky hand and still lands where the user clicked', () => {
    // A move to the right with 4 px of up-and-down shake, stopping 150 ms before a click.
    const samples = [];
    for (let t = 0; t <= 1000; t += 16) {
      const shake = ((Math.floor(t / 16) % 2) * 2 - 1) * (4 / 1080);
      samples.push({ t, x: 0.2 + 0.5 * (t / 1000), y: 0.5 + shake, cursor: 'default' as const, buttons: 0 });
    }
    samples.push({ t: 2000, x: 0.7, y: 0.5, cursor: 'default' as const, buttons: 0 });
    const shaky = recordingFixture({ cursor: samples, clicks: [click(1150, 0.7, 0.5)] });
    const wobble = (smoothing: 'None' | 'Strong') => {
      const settings = { cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, smoothing, hideWhenIdle: false } };
      let largest = 0;
      for (let t = 300; t <= 800; t += 5) {
        const frame = frameAt(input(shaky, settings), t);
        const y = ((frame.cursor?.y ?? 0) - frame.layout.video.y) / frame.layout.video.height;
        largest = Math.max(largest, Math.abs(y - 0.5) * 1080);
      }
      return largest;
    };
    expect(wobble('None')).toBeGreaterThan(3);
    expect(wobble('Strong')).toBeLessThan(1.5);
    const settings = { cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, smoothing: 'Strong' as const } };
    const atClick = frameAt(input(shaky, settings), 1150);
    const effect = atClick.clickEffects[0];
    expect(Math.abs((atClick.cursor?.x ?? 0) - (effect?.x ?? 0))).toBeLessThan(atClick.layout.video.width * 0.01);
  });

  it('over a pointer the browser burned into the video, says where to erase it and draws ours as chosen', () => {
    // A steady move to the right: 0.5 of the width per second.
    const moving = recordingFixture({
      cursor: cursorPath([
        { t: 0, x: 0.2, y: 0.5 },
        { t: 1000, x: 0.7, y: 0.5 },
      ]),
    });
    const burned = { ...moving, video: { ...moving.video, pointerInVideo: true } };
    const cursor = { ...DEFAULT_RENDER_SETTINGS.cursor, smoothing: 'Strong' as const, size: 'small' as const };
    const at = (recording: Recording) => frameAt(input(recording, { cursor }), 500);
    expect(at(moving).burnedPointer).toEqual([]);
    const rects = at(burned).burnedPointer;
    expect(rects.length).toBeGreaterThan(0);
    // Around the track's recent path (x = 0.2 + 0.5 t/1000), up to where it is now.
    expect(Math.max(...rects.map((r) => r.x + r.width))).toBeGreaterThan(0.45);
    expect(Math.min(...rects.map((r) => r.x))).toBeLessThan(0.4);
    // The pointer is erased, so ours is the one chosen: smoothed and small, the same as without a burned-in one.
    expect(at(burned).cursor).toEqual(at(moving).cursor);
  });

  it('erases the pointer where a source frame shown past its time has it (no frame came, or a loaded machine dropped them)', () => {
    // The move to the right ends at 1 000 ms; the next source frame the capture sent shows at 1 800 ms, so the frame
    // taken at 700 ms shows until then, with the pointer where it was at 700 ms (x ≈ 0.55).
    const recording = recordingFixture({
      cursor: cursorPath([
        { t: 0, x: 0.2, y: 0.5 },
        { t: 1000, x: 0.7, y: 0.5 },
        { t: 1800, x: 0.7, y: 0.5 },
      ]),
    });
    const burned = { ...recording, video: { ...recording.video, pointerInVideo: true } };
    const covers = (rects: readonly Rect[], x: number) => rects.some((r) => r.x <= x && x <= r.x + r.width);
    const held = frameAt(input(burned), 1500, 700).burnedPointer;
    expect(covers(held, 0.55)).toBe(true);
    expect(covers(held, 0.7)).toBe(false);
    // A frame shown at its own time: only where the track had the pointer around then.
    const own = frameAt(input(burned), 1500).burnedPointer;
    expect(covers(own, 0.7)).toBe(true);
    expect(covers(own, 0.55)).toBe(false);
  });

  it('draws the shape of the recorded CSS cursor', () => {
    const shapeFor = (cursor: 'col-resize' | 'pointer' | 'text' | 'wait' | 'none') => {
      const recording = recordingFixture({ cursor: [{ t: 0, x: 0.5, y: 0.5, cursor, buttons: 0 }] });
      return frameAt(input(recording), 100).cursor?.shape ?? null;
    };
    expect(shapeFor('pointer')).toBe('hand');
    expect(shapeFor('text')).toBe('beam');
    expect(shapeFor('col-resize')).toBe('resize-ew');
    expect(shapeFor('wait')).toBe('arrow');
    expect(shapeFor('none')).toBeNull();
  });

  it('fades out an idle cursor and brings it back when it moves', () => {
    const settings = { cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hideWhenIdle: true } };
    expect(frameAt(input(resting, settings), 2500).cursor?.opacity).toBe(1);
    expect(frameAt(input(resting, settings), 8000).cursor).toBeNull();
    expect(frameAt(input(resting, settings), 12_400).cursor?.opacity).toBe(1);
    const kept = { cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hideWhenIdle: false } };
    expect(frameAt(input(resting, kept), 8000).cursor?.opacity).toBe(1);
  });

  it('plays the chosen click animation once per click', () => {
    for (const clickAnimation of ['pressure', 'ripple', 'orb'] as const) {
      const settings = { cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, clickAnimation } };
      expect(frameAt(input(resting, settings), 990).clickEffects).toEqual([]);
      const [effect] = frameAt(input(resting, settings), 1100).clickEffects;
      expect(effect?.animation).toBe(clickAnimation);
      expect(effect?.progress).toBeGreaterThan(0);
      expect(effect?.progress).toBeLessThan(1);
      expect(frameAt(input(resting, settings), 2000).clickEffects).toEqual([]);
    }
  });

  it('shrinks the cursor during a pressure click', () => {
    const pressure = {
      cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, clickAnimation: 'pressure' as const, smoothing: 'None' as const },
    };
    const before = frameAt(input(resting, pressure), 950).cursor?.height ?? 0;
    const during = frameAt(input(resting, pressure), 1175).cursor?.height ?? 0;
    expect(during).toBeLessThan(before * 0.9);
  });
});

describe('frameAt: overlays and chrome', () => {
  const keyboard = recordingFixture({
    typing: [typing(1000), typing(6000)],
    shortcuts: [shortcut(3000, 'k', { ctrl: true, shift: true })],
    pages: [{ t: 4000, url: 'https://example.com/settings', title: 'Settings' }],
  });

  it('shows shortcuts, not typing, when keystrokes are on', () => {
    const on = input(keyboard, { keystrokes: true });
    expect(frameAt(on, 1100).shortcut).toBeNull();
    expect(frameAt(on, 3200).shortcut?.label).toBe('Ctrl + Shift + K');
    expect(frameAt(on, 6100).shortcut).toBeNull();
    expect(frameAt(input(keyboard, { keystrokes: false }), 3200).shortcut).toBeNull();
  });

  it('shows the page the tab was on in the browser frame', () => {
    expect(frameAt(input(keyboard), 1000).page.url).toBe('https://app.example.com/dashboard');
    expect(frameAt(input(keyboard), 5000).page).toEqual({ url: 'https://example.com/settings', title: 'Settings' });
  });

  it('asks for the webcam frame at the right time, only when there is one to show', () => {
    const withWebcam = recordingFixture({
      webcam: { mimeType: 'video/webm', width: 640, height: 480, size: 1, offsetMs: 300 },
    });
    expect(frameAt(input(withWebcam), 1000).webcamTimeMs).toBe(700);
    expect(frameAt(input(withWebcam), 100).webcamTimeMs).toBeNull();
    expect(
      frameAt(input(withWebcam, { webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, visible: false } }), 1000).webcamTimeMs,
    ).toBeNull();
    expect(frameAt(input(recordingFixture()), 1000).webcamTimeMs).toBeNull();
  });

  it('gives the preview and the export the webcam time the frame carries (one timing for the webcam layer)', () => {
    const withWebcam = recordingFixture({
      webcam: { mimeType: 'video/webm', width: 640, height: 480, size: 1, offsetMs: 300 },
    });
    const hidden = { ...DEFAULT_RENDER_SETTINGS, webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, visible: false } };
    for (const settings of [DEFAULT_RENDER_SETTINGS, hidden]) {
      for (const t of [0, 299, 300, 1000, 4321.5]) {
        expect(webcamTimeAt(withWebcam, settings, t)).toBe(frameAt(input(withWebcam, settings), t).webcamTimeMs);
      }
    }
  });

  it('carries the watermark flag from the settings', () => {
    expect(frameAt(input(keyboard, { watermark: true }), 0).watermark).toBe(true);
    expect(frameAt(input(keyboard, { watermark: false }), 0).watermark).toBe(false);
  });
});
