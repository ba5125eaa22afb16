import { describe, expect, test } from 'vitest';
import { capCaptureSize, pickMimeType, VIDEO_MIME_PREFERENCES, withoutAudioCodec } from '../offscreen/codecs';
import { DEFAULT_RECORDER_SETTINGS, readRecorderSettings, videoBitrate } from './recorder-settings';

describe('recorder settings', () => {
  test('fall back to defaults field by field', () => {
    expect(readRecorderSettings(undefined)).toEqual(DEFAULT_RECORDER_SETTINGS);
    expect(readRecorderSettings({ frameRate: 60, quality: 'bogus', countdown: false })).toEqual({
      ...DEFAULT_RECORDER_SETTINGS,
      frameRate: 60,
      countdown: false,
    });
  });

  test('bitrate grows with size, rate and quality, within bounds', () => {
    const hd = videoBitrate(1920, 1080, 30, 'standard');
    expect(hd).toBeGreaterThan(6_000_000);
    expect(videoBitrate(1920, 1080, 60, 'standard')).toBeGreaterThan(hd);
    expect(videoBitrate(1920, 1080, 30, 'maximum')).toBeGreaterThan(hd);
    expect(videoBitrate(3840, 2160, 60, 'maximum')).toBe(80_000_000);
    expect(videoBitrate(100, 100, 30, 'standard')).toBe(1_000_000);
  });
});

describe('capture format', () => {
  test('takes the best supported codec, and drops the audio codec without audio', () => {
    expect(pickMimeType(VIDEO_MIME_PREFERENCES, () => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType(VIDEO_MIME_PREFERENCES, (type) => !type.includes('vp9'))).toBe('video/webm;codecs=h264,opus');
    expect(() => pickMimeType(VIDEO_MIME_PREFERENCES, () => false)).toThrow();
    expect(withoutAudioCodec('video/webm;codecs=vp9,opus')).toBe('video/webm;codecs=vp9');
  });

  test('captures device pixels up to 4K, even sizes, aspect kept', () => {
    expect(capCaptureSize(2560, 1440)).toEqual({ width: 2560, height: 1440 });
    expect(capCaptureSize(1281, 721)).toEqual({ width: 1282, height: 722 });
    expect(capCaptureSize(5120, 2880)).toEqual({ width: 3840, height: 2160 });
    expect(capCaptureSize(2880, 5120)).toEqual({ width: 2160, height: 3840 });
  });
});
