import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import type { Rect } from '../geometry/geometry';
import type { MotionBlur } from '../look/enumerations';
import { DEFAULT_RENDER_SETTINGS } from '../look/render-settings';
import type { Recording } from '../recording/recording';
import { autoZoomSegments } from '../zoom/auto-zoom';
import { type FrameInput, frameAt } from './frame-at';
import { MOTION_BLUR, shutterSamples, viewTravel } from './motion-blur';
import { outputSize } from './output-size';

/** The user moves to a button at (0.72, 0.64) over 3 s, clicks it at 4 s (a zoom), then rests. */
function clickRecording(): Recording {
  return recordingFixture({
    cursor: cursorPath([
      { t: 0, x: 0.2, y: 0.2 },
      { t: 3000, x: 0.72, y: 0.64 },
      { t: 12_000, x: 0.72, y: 0.64 },
    ]),
    clicks: [click(4000, 0.72, 0.64)],
  });
}

function inputFor(motionBlur: MotionBlur): FrameInput {
  const recording = clickRecording();
  return {
    recording,
    settings: {
      ...DEFAULT_RENDER_SETTINGS,
      motionBlur,
      cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hideWhenIdle: false },
    },
    zoomSegments: autoZoomSegments(recording, { depth: 'Strong' }),
    output: outputSize(recording.video, 'auto'),
  };
}

describe('motion blur, a shutter', () => {
  const zoomStart = inputFor('Natural').zoomSegments[0]?.startMs ?? 0;

  it('draws a moving camera as equal sub-frame views close enough together that no edge shows twice', () => {
    const input = inputFor('Natural');
    const frame = frameAt(input, zoomStart + 150);
    const views = frame.motionBlur;
    expect(views.length).toBeGreaterThanOrEqual(MOTION_BLUR.minSamples);
    expect(views.length).toBeLessThanOrEqual(MOTION_BLUR.maxSamples);
    // Neighbouring views move the picture by at most the spacing wherever it moves most (unless the move needs more
    // views than the most allowed).
    const steps = views
      .slice(1)
      .map((view, i) => viewTravel(views[i] as Rect, view, frame.camera.rect, frame.layout.video));
    if (views.length < MOTION_BLUR.maxSamples)
      expect(Math.max(...steps)).toBeLessThanOrEqual(MOTION_BLUR.spacingPx * 1.05);
    // Centred on the frame's time: the middle of the shutter is the camera's view then.
    const middle = (views[views.length / 2 - 1] as Rect).width + (views[views.length / 2] as Rect).width;
    expect(middle / 2).toBeCloseTo(frame.camera.rect.width, 3);
  });

  it('costs nothing where the camera stands still, and nothing when off', () => {
    expect(frameAt(inputFor('Natural'), 500).motionBlur).toEqual([]);
    expect(frameAt(inputFor('Natural'), 9000).motionBlur).toEqual([]);
    expect(frameAt(inputFor('Off'), zoomStart + 150).motionBlur).toEqual([]);
  });

  it('opens the shutter longer for a stronger setting: a longer streak from more views', () => {
    const spread = (motionBlur: MotionBlur) => {
      const frame = frameAt(inputFor(motionBlur), zoomStart + 150);
      const views = frame.motionBlur;
      return viewTravel(views[0] as Rect, views[views.length - 1] as Rect, frame.camera.rect, frame.layout.video);
    };
    expect(spread('Strong')).toBeGreaterThan(spread('Natural'));
    expect(spread('Natural')).toBeGreaterThan(spread('Subtle'));
    expect(frameAt(inputFor('Strong'), zoomStart + 150).motionBlur.length).toBeGreaterThanOrEqual(
      frameAt(inputFor('Subtle'), zoomStart + 150).motionBlur.length,
    );
  });

  it('streaks the cursor along its path while it moves, and draws it sharp at rest', () => {
    const moving = frameAt(inputFor('Natural'), 1500).cursor;
    expect(moving?.path.length).toBeGreaterThanOrEqual(MOTION_BLUR.minSamples);
    const path = moving?.path ?? [];
    // The path runs through the cursor's own position at the frame's time, evenly.
    const mid = { x: ((path[3]?.x ?? 0) + (path[4]?.x ?? 0)) / 2, y: ((path[3]?.y ?? 0) + (path[4]?.y ?? 0)) / 2 };
    if (path.length === 8) expect(Math.hypot(mid.x - (moving?.x ?? 0), mid.y - (moving?.y ?? 0))).toBeLessThan(0.5);
    expect(frameAt(inputFor('Natural'), 11_000).cursor?.path).toEqual([]);
    expect(frameAt(inputFor('Off'), 1500).cursor?.path).toEqual([]);
  });

  it('takes as many views as the move needs, between the fewest and the most', () => {
    expect(shutterSamples(0.5)).toBe(0);
    expect(shutterSamples(1)).toBe(MOTION_BLUR.minSamples);
    expect(shutterSamples(20.2)).toBe(14);
    expect(shutterSamples(30.2)).toBe(22);
    expect(shutterSamples(500)).toBe(MOTION_BLUR.maxSamples);
  });
});
