import { RecordingError } from '../../shared/errors/domain-errors';

/**
 * Containers and codecs the recorder tries, best first. VP9 gives the sharpest screen content per bit
 * and WebM stays playable when cut short by a crash (no index at the end); H.264 is next because real
 * Chrome often encodes it in hardware; VP8 plays everywhere. Opus is the one audio codec every
 * Chromium encodes.
 */
export const VIDEO_MIME_PREFERENCES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=h264,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

/** Same list for the webcam file, which has no audio (its sound is in the microphone mix). */
export const WEBCAM_MIME_PREFERENCES = [
  'video/webm;codecs=vp9',
  'video/webm;codecs=h264',
  'video/webm;codecs=vp8',
  'video/webm',
] as const;

/** The first type in `preferences` that `isSupported` accepts. */
export function pickMimeType(preferences: readonly string[], isSupported: (type: string) => boolean): string {
  const found = preferences.find((type) => isSupported(type));
  if (!found)
    throw new RecordingError('no-codec', 'This browser cannot record WebM video.', {
      tried: preferences.join(' '),
    });
  return found;
}

/** Without audio tracks, the audio codec is dropped from the MIME type (a recorder refuses a codec it has no track for). */
export function withoutAudioCodec(mimeType: string): string {
  return mimeType.replace(/,opus/, '');
}

/** The tab recorder's type: the best one supported, without its audio codec when there is no sound to record. */
export function tabRecorderMimeType(isSupported: (type: string) => boolean, withAudio: boolean): string {
  const picked = pickMimeType(VIDEO_MIME_PREFERENCES, isSupported);
  return withAudio ? picked : withoutAudioCodec(picked);
}

/**
 * The recorder captures a tab above its own pixel size up to these: twice its pixels at most, and no more pixels
 * than a 1080p frame (the size whose frame rate and memory the recorder is measured at, bench:record). Chromium then
 * renders the captured page at that higher scale, so text stays sharp when the editor zooms in.
 */
const CAPTURE_SCALE_LIMITS = { maxScale: 2, maxPixels: 1920 * 1080 } as const;

/**
 * The capture size of a tab of `width` × `height` CSS px at device pixel ratio `dpr`: its device pixels, or more
 * (up to CAPTURE_SCALE_LIMITS) when those are fewer than a 1080p frame; never above 4K (capCaptureSize).
 */
export function tabCaptureSize(width: number, height: number, dpr: number): { width: number; height: number } {
  const { maxScale, maxPixels } = CAPTURE_SCALE_LIMITS;
  const upscale = Math.min(maxScale, Math.sqrt(maxPixels / (width * height)));
  const scale = Math.max(dpr, upscale);
  return capCaptureSize(Math.round(width * scale), Math.round(height * scale));
}

/** Largest capture the recorder asks for: 4K on the long side, aspect kept. */
export function capCaptureSize(
  width: number,
  height: number,
  maxLong = 3840,
  maxShort = 2160,
): { width: number; height: number } {
  const scale = Math.min(1, maxLong / Math.max(width, height), maxShort / Math.min(width, height));
  // Encoders want even sizes.
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}
