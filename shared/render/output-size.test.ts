import { describe, expect, it } from 'vitest';
import { ALL_EXPORT_RESOLUTIONS, type ExportResolution } from '../export/export-options';
import { ALL_ASPECT_RATIOS, type AspectRatio } from '../look/enumerations';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../look/render-settings';
import { planLimits } from '../plans/plans';
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

  it('caps the shorter side', () => {
    expect(outputSize({ width: 2560, height: 1440 }, '16:9', 1080)).toEqual({ width: 1920, height: 1080 });
    expect(outputSize(source, '9:16', 720)).toEqual({ width: 720, height: 1280 });
  });

  it('always gives even sizes', () => {
    for (const ratio of ALL_ASPECT_RATIOS) {
      const size = outputSize({ width: 1367, height: 767 }, ratio);
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
  const sizeOf = (resolution: ExportResolution, aspectRatio: AspectRatio) => {
    const { width, height } = exportSize(capture, { ...DEFAULT_RENDER_SETTINGS, aspectRatio }, resolution);
    return `${width}×${height}`;
  };

  it('is the named size in every aspect ratio, whatever the recording’s shape: the shorter side is the height', () => {
    const table = Object.fromEntries(
      ALL_EXPORT_RESOLUTIONS.filter((r) => r !== 'source').map((r) => [
        r,
        Object.fromEntries(ALL_ASPECT_RATIOS.map((a) => [a, sizeOf(r, a)])),
      ]),
    );
    expect(table).toEqual({
      '720p': {
        auto: '1238×720',
        '16:9': '1280×720',
        '9:16': '720×1280',
        '1:1': '720×720',
        '4:3': '960×720',
        '4:5': '720×900',
      },
      '1080p': {
        auto: '1858×1080',
        '16:9': '1920×1080',
        '9:16': '1080×1920',
        '1:1': '1080×1080',
        '4:3': '1440×1080',
        '4:5': '1080×1350',
      },
      '1440p': {
        auto: '2478×1440',
        '16:9': '2560×1440',
        '9:16': '1440×2560',
        '1:1': '1440×1440',
        '4:3': '1920×1440',
        '4:5': '1440×1800',
      },
      '4k': {
        auto: '3716×2160',
        '16:9': '3840×2160',
        '9:16': '2160×3840',
        '1:1': '2160×2160',
        '4:3': '2880×2160',
        '4:5': '2160×2700',
      },
    });
  });

  it('fits the recording inside the padding and frame at the named size, drawn at the scale that gives', () => {
    // A 1280×744 tab in a 16:9 1080p frame with the default padding and browser frame: larger than its own pixels.
    const size = exportSize(capture, { ...DEFAULT_RENDER_SETTINGS, aspectRatio: '16:9' }, '1080p');
    expect(size).toMatchObject({ width: 1920, height: 1080, capped: false });
    expect(size.videoScale).toBeCloseTo(drawnScale(size, { ...DEFAULT_RENDER_SETTINGS, aspectRatio: '16:9' }));
    expect(size.videoScale).toBeGreaterThan(1.1);
    // With nothing around it, 1080p of a 16:9 1080p recording is the recording, pixel for pixel.
    expect(exportSize(source, { ...plain, aspectRatio: '16:9' }, '1080p')).toEqual({
      ...source,
      videoScale: 1,
      capped: false,
    });
  });

  it('a named size above the plan’s tallest is lowered to it and says so', () => {
    const free = planLimits('free').maxHeight;
    expect(exportSize(capture, DEFAULT_RENDER_SETTINGS, '4k', free)).toMatchObject({ height: 1080, capped: true });
    expect(exportSize(capture, DEFAULT_RENDER_SETTINGS, '1080p', free)).toMatchObject({ height: 1080, capped: false });
  });

  it('source size keeps a capture 1:1 inside the default padding and browser frame, just barely larger', () => {
    const size = exportSize(capture, DEFAULT_RENDER_SETTINGS, 'source', 1080);
    expect(size.width).toBeGreaterThan(capture.width);
    expect(drawnScale(size, DEFAULT_RENDER_SETTINGS)).toBeGreaterThanOrEqual(1);
    expect(size.videoScale).toBeLessThan(1.01);
    expect(size.capped).toBe(false);
  });

  it('source size is the capture itself when nothing surrounds it', () => {
    expect(exportSize(capture, plain, 'source', 1080)).toEqual({ ...capture, videoScale: 1, capped: false });
  });

  it('source size keeps the recording’s pixels in every aspect ratio; sides stay even', () => {
    for (const aspectRatio of ALL_ASPECT_RATIOS) {
      const settings = { ...DEFAULT_RENDER_SETTINGS, aspectRatio };
      const size = exportSize({ width: 801, height: 451 }, settings, 'source', 2160);
      expect(size.videoScale).toBeGreaterThanOrEqual(1);
      expect((size.width % 2) + (size.height % 2)).toBe(0);
    }
  });

  it('source size stops at the plan’s cap and says so', () => {
    const size = exportSize({ width: 1920, height: 1080 }, DEFAULT_RENDER_SETTINGS, 'source', 1080);
    expect(size.height).toBe(1080);
    expect(size.capped).toBe(true);
    expect(size.videoScale).toBeLessThan(1);
  });
});
