import type { QualityPreset } from './export-enumerations';

export type { ExportFormat, ExportFrameRate, ExportResolution, QualityPreset } from './export-enumerations';
export { ALL_EXPORT_FRAME_RATES, ALL_EXPORT_RESOLUTIONS, ALL_QUALITY_PRESETS } from './export-enumerations';

export { DEFAULT_EXPORT_OPTIONS, type ExportFileOptions, type ExportOptions } from './export-option-table';

/**
 * Bits per pixel per frame for each preset; H.264 at 'high' gives ~11 Mbit/s for 1080p30. The encoder spends less on
 * still pages (it is a ceiling, not a fill); on a scroll of text 8 Mbit/s was too little (bench:export's SSIM).
 */
const BITS_PER_PIXEL: Record<QualityPreset, number> = { low: 0.05, medium: 0.1, high: 0.18, best: 0.28 };

/** Target video bitrate (bit/s) for a size, frame rate and preset. VP9 needs about 30 % less for the same picture. */
export function videoBitrate(
  width: number,
  height: number,
  frameRate: number,
  quality: QualityPreset,
  codec: 'avc' | 'vp9' | 'vp8' | 'av1' = 'avc',
): number {
  const codecFactor = codec === 'vp9' || codec === 'av1' ? 0.7 : 1;
  // Frame rate counts less than linearly: consecutive frames of a screen recording are alike.
  const rateFactor = Math.sqrt(frameRate / 30) * 30;
  return Math.round(width * height * rateFactor * BITS_PER_PIXEL[quality] * codecFactor);
}

/**
 * Constant-quality quantizer per preset and codec (lower is better; H.264 0–51, VP9 and AV1 0–63). The encoder
 * spends what the picture needs: little on a still page, much more on a scroll of text, which a bitrate target
 * starved (measured by bench:export's SSIM). The bitrate is the fallback where an encoder has no quantizer mode
 * (Chromium's software H.264 encoder has none; its VP9 encoder has).
 */
const QUANTIZER: Record<QualityPreset, { readonly avc: number; readonly vp: number }> = {
  low: { avc: 32, vp: 50 },
  medium: { avc: 27, vp: 44 },
  high: { avc: 22, vp: 38 },
  best: { avc: 18, vp: 30 },
};

/** The quantizer for a preset and codec (see QUANTIZER). */
export function videoQuantizer(quality: QualityPreset, codec: 'avc' | 'vp9' | 'vp8' | 'av1' = 'avc'): number {
  return codec === 'avc' ? QUANTIZER[quality].avc : QUANTIZER[quality].vp;
}

/** Audio bitrate (bit/s) per preset. */
export function audioBitrate(quality: QualityPreset): number {
  return { low: 64_000, medium: 96_000, high: 128_000, best: 192_000 }[quality];
}

/** GIFs are large: they play at most this frame rate and this width. */
export const GIF_MAX_FRAME_RATE = 15;
export const GIF_MAX_WIDTH = 960;

/** Size and rate of a GIF made from a composition of `width`×`height`. */
export function gifOutput(
  width: number,
  height: number,
  frameRate: number,
): { width: number; height: number; frameRate: number } {
  const scale = Math.min(1, GIF_MAX_WIDTH / width);
  return {
    width: even(width * scale),
    height: even(height * scale),
    frameRate: Math.min(frameRate, GIF_MAX_FRAME_RATE),
  };
}

/**
 * How long GIF frame `index` shows, in ms (GIF stores centiseconds): the frame's end and start rounded to the
 * centisecond, so at 15 fps delays alternate 70 and 60 ms (7, 6, 7, 7, 6, ...) and the GIF keeps the video's pace
 * instead of drifting 5 % slow.
 */
export function gifFrameDelayMs(index: number, frameRate: number): number {
  const centisecondsAt = (frame: number) => Math.round((frame * 100) / frameRate);
  return (centisecondsAt(index + 1) - centisecondsAt(index)) * 10;
}

/** Rounds to an even number of pixels (H.264 with 4:2:0 chroma needs even sizes). */
export function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}
