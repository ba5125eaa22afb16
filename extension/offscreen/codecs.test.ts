import { describe, expect, it } from 'vitest';
import { RecordingError } from '../../shared/errors/domain-errors';
import { capCaptureSize, pickMimeType, tabRecorderMimeType, WEBCAM_MIME_PREFERENCES } from './codecs';

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
});
