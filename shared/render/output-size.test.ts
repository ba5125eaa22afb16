import { describe, expect, it } from 'vitest';
import { ALL_ASPECT_RATIOS } from '../look/enumerations';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../look/render-settings';
import { layoutFrame } from './layout';
import { exportSize, outputSize } from './output-size';

const source = { width: 1920, height: 1080 };

describe('output size', () => {
  it('keeps a 1080p recording at 1080p in every aspect ratio', () => {
    expect(outputSize(source, 'auto')).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(source, '16:9')).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(source, '9:16')).toEqual({ width: 1080, height: 1920 });
    expect(outputSize(source, '1:1')).toEqual({ width: 1080, height: 1080 });
    expect(outputSize(source, '4:3')).toEqual({ width: 1440, height: 1080 });
    expect(outputSize(source, '4:5')).toEqual({ width: 1080, height: 1350 });
  });

  it('doubles with the 2x multiplier up to the cap', () => {
    expect(outputSize(source, '16:9', 2, 2160)).toEqual({ width: 3840, height: 2160 });
    expect(outputSize(source, '16:9', 2, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(outputSize({ width: 2560, height: 1440 }, '16:9', 2, 2160)).toEqual({ width: 3840, height: 2160 });
  });

  it('always gives even sizes', () => {
    for (const ratio of ALL_ASPECT_RATIOS) {
      const size = outputSize({ width: 1367, height: 767 }, ratio, 1);
      expect(size.width % 2).toBe(0);
      expect(size.height % 2).toBe(0);
    }
  });
});

describe('export size', () => {
  const capture = { width: 1280, height: 744 };
  const plain: RenderSettings = { ...DEFAULT_RENDER_SETTINGS, padding: 0, frame: 'Hidden', aspectRatio: 'auto' };
  /** Output pixels per recorded pixel where the layout draws the video. */
  const drawnScale = (size: { width: number; height: number }, settings: RenderSettings) => {
    const video = layoutFrame(settings, capture, size, false).video;
    return Math.min(video.width / capture.width, video.height / capture.height);
  };

  it('keeps a capture 1:1 inside the default padding and browser frame, just barely larger', () => {
    const size = exportSize(capture, DEFAULT_RENDER_SETTINGS, 1, 1080);
    expect(size.width).toBeGreaterThan(capture.width);
    expect(drawnScale(size, DEFAULT_RENDER_SETTINGS)).toBeGreaterThanOrEqual(1);
    expect(size.videoScale).toBeLessThan(1.01);
    expect(size.capped).toBe(false);
  });

  it('is the capture itself when nothing surrounds it', () => {
    expect(exportSize(capture, plain, 1, 1080)).toEqual({ ...capture, videoScale: 1, capped: false });
  });

  it('in every aspect ratio and at 2x, the recording keeps its pixels; sides stay even', () => {
    for (const aspectRatio of ALL_ASPECT_RATIOS) {
      for (const multiplier of [1, 2] as const) {
        const settings = { ...DEFAULT_RENDER_SETTINGS, aspectRatio };
        const size = exportSize({ width: 801, height: 451 }, settings, multiplier, 2160);
        expect(size.videoScale).toBeGreaterThanOrEqual(multiplier);
        expect((size.width % 2) + (size.height % 2)).toBe(0);
      }
    }
  });

  it('stops at the plan’s cap and says so', () => {
    const size = exportSize({ width: 1920, height: 1080 }, DEFAULT_RENDER_SETTINGS, 1, 1080);
    expect(size.height).toBe(1080);
    expect(size.capped).toBe(true);
    expect(size.videoScale).toBeLessThan(1);
  });
});
