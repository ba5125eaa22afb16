// The export dialog's sentences about the file it will make: its size, why it has that size, and its sound.
import type { ExportOptions, ExportResolution } from '../../../shared/export/export-options';
import { heightName } from '../../../shared/export/export-resolutions';
import { planLimits } from '../../../shared/plans/plans';
import type { ExportSize } from '../../../shared/render/output-size';

/** A picture's size as it reads: "1920×1080". */
export function sizeText(size: { readonly width: number; readonly height: number }): string {
  return `${size.width}×${size.height}`;
}

/**
 * What the file's sound will be, in a buyer's words: with its sound (an MP4's plays in every player, whichever codec
 * this browser encodes it with: AAC, else MP3), or why there is none. The codec is the export's business.
 */
export function audioLine(format: ExportOptions['format'], encodesAac: boolean | null, hasSound: boolean): string {
  if (format === 'gif') return 'GIFs have no sound.';
  if (!hasSound) return 'The recording has no sound.';
  if (format === 'mp4' && encodesAac === null) return 'Sound: checking this browser…';
  return format === 'mp4' ? 'With its sound, which plays in every player.' : 'With its sound.';
}

/** Why the export has its size, in a sentence: the recording fitted at a named size, its pixels kept, or the cap. */
export function sizeReason(
  size: ExportSize,
  source: { readonly width: number; readonly height: number },
  resolution: ExportResolution,
  maxHeight: number,
  free: boolean,
): string {
  const recorded = `${source.width}×${source.height}`;
  const percent = Math.round(size.videoScale * 100);
  if (resolution !== 'source') {
    if (percent === 100) return `The ${recorded} recording is drawn pixel for pixel inside the padding and frame.`;
    return percent > 100
      ? `The ${recorded} recording is fitted inside the padding and frame, drawn at ${percent} % of its size.`
      : `The ${recorded} recording is fitted inside the padding and frame at ${percent} % of its pixels (Source size keeps them all).`;
  }
  if (size.capped) {
    const upgrade = free ? ` on the free plan (Pro goes up to ${heightName(planLimits('pro').maxHeight)})` : '';
    return `Capped at ${heightName(maxHeight)}${upgrade}: the ${recorded} recording is drawn at ${Math.floor(size.videoScale * 100)} % of its pixels.`;
  }
  if (size.width === source.width && size.height === source.height) return `The recording’s own size (${recorded}).`;
  return `Sized so the ${recorded} recording keeps every pixel sharp inside the padding and frame.`;
}
