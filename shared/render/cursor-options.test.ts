import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../look/render-settings';
import { setTrim, untrimmedEdits } from '../timeline/timeline';
import type { ZoomSegment } from '../zoom/zoom-segment';
import { type FrameInput, frameAt } from './frame-at';

const recording = recordingFixture({
  cursor: cursorPath([
    { t: 0, x: 0.2, y: 0.3 },
    { t: 8000, x: 0.8, y: 0.7 },
    { t: 20_000, x: 0.6, y: 0.5 },
  ]),
  clicks: [click(5000, 0.5, 0.5)],
});
const ZOOM: ZoomSegment = {
  id: 'z',
  startMs: 2000,
  endMs: 9000,
  depth: 'Strong',
  focus: { kind: 'cursor' },
  origin: 'user',
};

function input(cursor: Partial<RenderSettings['cursor']>, extra: Partial<FrameInput> = {}): FrameInput {
  const settings = {
    ...DEFAULT_RENDER_SETTINGS,
    cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hideWhenIdle: false, ...cursor },
  };
  return { recording, settings, zoomSegments: [ZOOM], output: { width: 1280, height: 720 }, ...extra };
}

describe('cursor options', () => {
  it('keep the cursor’s size on screen under zoom when asked, else magnify it with the page', () => {
    const wide = frameAt(input({ constantSize: true }), 1000).cursor?.height ?? 0;
    const zoomed = frameAt(input({ constantSize: true }), 6000);
    expect(zoomed.camera.scale).toBeGreaterThan(2);
    expect(zoomed.cursor?.height).toBeCloseTo(wide, 6);
    const magnified = frameAt(input({ constantSize: false }), 6000).cursor?.height ?? 0;
    expect(magnified / wide).toBeCloseTo(zoomed.camera.scale, 6);
  });

  it('bring the cursor back to where the video starts over its last second, when asked', () => {
    const timeline = setTrim(untrimmedEdits(20_000), 20_000, { startMs: 1000, endMs: 15_000 });
    const looped = input({ returnToStart: true, smoothing: 'None' }, { zoomSegments: [], timeline });
    const first = frameAt(looped, 1000).cursor;
    const last = frameAt(looped, 15_000).cursor;
    expect(last?.x).toBeCloseTo(first?.x ?? 0, 6);
    expect(last?.y).toBeCloseTo(first?.y ?? 0, 6);
    // A second before the end it has not started back; without the option it stays where the track is.
    const plain = input({ smoothing: 'None' }, { zoomSegments: [], timeline });
    expect(frameAt(looped, 14_000).cursor).toEqual(frameAt(plain, 14_000).cursor);
    expect(frameAt(plain, 15_000).cursor?.x).not.toBeCloseTo(first?.x ?? 0, 2);
  });
});
