import { expect, test } from 'vitest';
import { avcCodecString, codecCandidates, exportAudioCodec } from './codecs';
import { gifOutput, videoBitrate, videoQuantizer } from './export-options';
import { exportFileName } from './file-name';

test('file names are safe, dated and carry the extension', () => {
  const at = new Date(2026, 10, 22, 9, 5);
  expect(exportFileName('Pricing: page / demo?', 'mp4', at)).toBe('Pricing page demo 2026-11-22 09.05.mp4');
  expect(exportFileName('   ', 'gif', at)).toBe('Clickreel recording 2026-11-22 09.05.gif');
  expect(exportFileName('..hidden', 'webm', at)).toBe('hidden 2026-11-22 09.05.webm');
});

test('better presets, bigger sizes and VP9 bitrates are ordered as a user expects', () => {
  const high1080 = videoBitrate(1920, 1080, 30, 'high');
  expect(high1080).toBeGreaterThan(5_000_000);
  expect(high1080).toBeLessThan(12_000_000);
  expect(videoBitrate(1920, 1080, 30, 'low')).toBeLessThan(videoBitrate(1920, 1080, 30, 'medium'));
  expect(videoBitrate(3840, 2160, 30, 'high')).toBeGreaterThan(high1080);
  expect(videoBitrate(1920, 1080, 60, 'high')).toBeGreaterThan(high1080);
  expect(videoBitrate(1920, 1080, 30, 'high', 'vp9')).toBeLessThan(high1080);
});

test('MP4 carries AAC, else MP3, never Opus; WebM is VP9 with Opus', () => {
  expect(codecCandidates('mp4')).toEqual({ video: ['avc'], audio: ['aac', 'mp3'] });
  expect(codecCandidates('webm')).toEqual({ video: ['vp9', 'vp8'], audio: ['opus'] });
  expect(exportAudioCodec('mp4', true)).toBe('aac');
  expect(exportAudioCodec('mp4', false)).toBe('mp3');
  expect(exportAudioCodec('webm', true)).toBe('opus');
  expect(exportAudioCodec('gif', true)).toBeNull();
});

test('GIFs are limited in width and frame rate', () => {
  expect(gifOutput(1920, 1080, 60)).toEqual({ width: 960, height: 540, frameRate: 15 });
  expect(gifOutput(640, 360, 30)).toEqual({ width: 640, height: 360, frameRate: 15 });
});

test('quantizers: better presets quantize less, within each codec’s range', () => {
  expect(videoQuantizer('best', 'avc')).toBeLessThan(videoQuantizer('high', 'avc'));
  expect(videoQuantizer('high', 'vp9')).toBeLessThan(videoQuantizer('low', 'vp9'));
  for (const preset of ['low', 'medium', 'high', 'best'] as const) {
    expect(videoQuantizer(preset, 'avc')).toBeLessThanOrEqual(51);
    expect(videoQuantizer(preset, 'vp9')).toBeLessThanOrEqual(63);
  }
});

test('the H.264 level allows each size at its frame rate and bitrate (4K is level 5.1, 4K60 5.2)', () => {
  const at = (width: number, height: number, frameRate: number) =>
    avcCodecString(width, height, frameRate, videoBitrate(width, height, frameRate, 'best'));
  expect(at(1280, 720, 30)).toBe('avc1.64001f');
  expect(at(1920, 1080, 30)).toBe('avc1.640028');
  expect(at(1920, 1080, 60)).toBe('avc1.64002a');
  expect(at(2560, 1440, 30)).toBe('avc1.640032');
  expect(at(2560, 1440, 60)).toBe('avc1.640033');
  expect(at(3840, 2160, 30)).toBe('avc1.640033');
  expect(at(3840, 2160, 60)).toBe('avc1.640034');
  expect(at(1080, 1920, 30)).toBe('avc1.640028');
  expect(at(640, 360, 30)).toBe('avc1.64001e');
});

test('the bitrate grows with the pixels: 4K gets four times 1080p’s', () => {
  expect(videoBitrate(3840, 2160, 30, 'high')).toBe(4 * videoBitrate(1920, 1080, 30, 'high'));
  expect(videoBitrate(1280, 720, 30, 'high') / videoBitrate(1920, 1080, 30, 'high')).toBeCloseTo(4 / 9);
});
