import { describe, expect, it } from 'vitest';
import { RecordingError } from '../../shared/errors/domain-errors';
import { capCaptureSize, pickMimeType, tabCaptureSize, tabRecorderMimeType, WEBCAM_MIME_PREFERENCES } from './codecs';

const supports =
  (...types: string[]) =>
  (type: string) =>
    types.includes(type);

describe('the recorder’s codec choice', () => {
  it('takes the best supported type, without the audio codec when there is no sound', () => {
    const all = supports('video/webm;codecs=vp9,opus', 'video/webm;codecs=h264,opus', 'video/webm');
    expect(tabRecorderMimeType(all, true)).toBe('video/webm;codecs=vp9,opus');
    expect(tabRecorderMimeType(all, false)).toBe('video/webm;codecs=vp9');
    expect(tabRecorderMimeType(supports('video/webm;codecs=h264,opus'), true)).toBe('video/webm;codecs=h264,opus');
    expect(pickMimeType(WEBCAM_MIME_PREFERENCES, supports('video/webm;codecs=vp8'))).toBe('video/webm;codecs=vp8');
  });

  it('says so when the browser records no WebM at all', () => {
    expect(() => tabRecorderMimeType(supports('video/mp4'), true)).toThrow(RecordingError);
    expect(() => tabRecorderMimeType(supports(), true)).toThrow('This browser cannot record WebM video.');
  });

  it('caps the capture at 4K with even sides', () => {
    expect(capCaptureSize(1280, 720)).toEqual({ width: 1280, height: 720 });
    expect(capCaptureSize(7680, 4320)).toEqual({ width: 3840, height: 2160 });
    expect(capCaptureSize(1001, 601)).toEqual({ width: 1002, height: 602 });
  });

  it('captures a small tab above its pixels, up to a 1080p frame and twice its size, so zoomed text stays sharp', () => {
    expect(tabCaptureSize(1280, 720, 1)).toEqual({ width: 1920, height: 1080 });
    expect(tabCaptureSize(800, 600, 1)).toEqual({ width: 1600, height: 1200 });
    expect(tabCaptureSize(1440, 900, 1)).toEqual({ width: 1822, height: 1138 });
    // A tab at 1080p or more, or already at a higher device pixel ratio, keeps its own pixels.
    expect(tabCaptureSize(1920, 1080, 1)).toEqual({ width: 1920, height: 1080 });
    expect(tabCaptureSize(2560, 1440, 1)).toEqual({ width: 2560, height: 1440 });
    expect(tabCaptureSize(1440, 900, 2)).toEqual({ width: 2880, height: 1800 });
    expect(tabCaptureSize(2560, 1440, 2)).toEqual({ width: 3840, height: 2160 });
  });
});
