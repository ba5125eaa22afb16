import { describe, expect, it } from 'vitest';
import type { Rect } from '../geometry/geometry';
import { ALL_ASPECT_RATIOS, ALL_SIZES, ALL_WEBCAM_POSITIONS } from '../look/enumerations';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../look/render-settings';
import { layoutFrame } from './layout';
import { outputSize } from './output-size';

const source = { width: 1920, height: 1080 };

function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x - 1e-9 &&
    inner.y >= outer.y - 1e-9 &&
    inner.x + inner.width <= outer.x + outer.width + 1e-9 &&
    inner.y + inner.height <= outer.y + outer.height + 1e-9
  );
}

function layout(change: Partial<RenderSettings>, hasWebcam = true) {
  const settings = { ...DEFAULT_RENDER_SETTINGS, ...change };
  return layoutFrame(settings, source, outputSize(source, settings.aspectRatio), hasWebcam);
}

describe('layout', () => {
  it('fits the whole video, at its own shape, inside every aspect ratio', () => {
    for (const aspectRatio of ALL_ASPECT_RATIOS) {
      const { canvas, window, video } = layout({ aspectRatio });
      expect(inside(window, { x: 0, y: 0, ...canvas })).toBe(true);
      expect(video.width / video.height).toBeCloseTo(16 / 9, 2);
      // Fitted: it touches the padding on one axis.
      const padding = DEFAULT_RENDER_SETTINGS.padding * Math.min(canvas.width, canvas.height);
      const slackX = canvas.width - 2 * padding - window.width;
      const slackY = canvas.height - 2 * padding - window.height;
      expect(Math.min(Math.abs(slackX), Math.abs(slackY))).toBeLessThanOrEqual(2);
    }
  });

  it('puts the browser frame above the video, and nothing when hidden', () => {
    const framed = layout({ frame: 'Default' });
    expect(framed.chrome?.y).toBe(framed.window.y);
    expect(framed.video.y).toBe(framed.window.y + (framed.chrome?.height ?? 0));
    expect(layout({ frame: 'Minimal' }).chrome?.height).toBeLessThan(framed.chrome?.height ?? 0);
    expect(layout({ frame: 'Hidden' }).chrome).toBeNull();
  });

  it('ignores padding and shadow when the background is hidden', () => {
    const hidden = layout({ background: { ...DEFAULT_RENDER_SETTINGS.background, type: 'Hidden' }, frame: 'Hidden' });
    expect(hidden.video).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
    expect(hidden.shadow).toBeNull();
  });

  it('places the webcam in the chosen corner at the chosen size and shape', () => {
    for (const position of ALL_WEBCAM_POSITIONS) {
      const { webcam, canvas } = layout({ webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, position } });
      const centreX = (webcam?.rect.x ?? 0) + (webcam?.rect.width ?? 0) / 2;
      const centreY = (webcam?.rect.y ?? 0) + (webcam?.rect.height ?? 0) / 2;
      expect(centreX < canvas.width / 2).toBe(position.endsWith('Left'));
      expect(centreY < canvas.height / 2).toBe(position.startsWith('Top'));
    }
    const sides = ALL_SIZES.map(
      (size) => layout({ webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, size } }).webcam?.rect.width ?? 0,
    );
    expect([...sides].sort((a, b) => a - b)).toEqual(sides);
    expect(new Set(sides).size).toBe(ALL_SIZES.length);
    const circle = layout({ webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, shape: 'Circular' } }).webcam;
    expect(circle?.radius).toBeCloseTo((circle?.rect.width ?? 0) / 2, 6);
    expect(layout({ webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, shape: 'Sharp' } }).webcam?.radius).toBe(0);
  });

  it('has no webcam bubble without a webcam recording or when it is switched off', () => {
    expect(layout({}, false).webcam).toBeNull();
    expect(layout({ webcam: { ...DEFAULT_RENDER_SETTINGS.webcam, visible: false } }).webcam).toBeNull();
  });
});
