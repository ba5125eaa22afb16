import type { ExportResolution } from './export-enumerations';

/** What an output size is called and how tall it is. */
export interface ExportResolutionInfo {
  /** The buyer's name of it, as the export dialog, the home page and the licenses page write it. */
  readonly label: string;
  /** Pixels of the picture's shorter side ("the p of 1080p"); null: the recording's own size (output-size.ts). */
  readonly shortSide: number | null;
}

/**
 * The output sizes, declared once. A named size keeps its shorter side whatever the aspect ratio: 16:9 1080p is
 * 1920×1080, 9:16 1080×1920, 1:1 1080×1080, 4:3 1440×1080, 4:5 1080×1350, and 'auto' (the recording's own shape)
 * a 1280×744 tab at 1858×1080. Which a plan may use is plans.ts's rule (shared/plans).
 */
export const EXPORT_RESOLUTIONS: Readonly<Record<ExportResolution, ExportResolutionInfo>> = {
  '720p': { label: '720p', shortSide: 720 },
  '1080p': { label: '1080p', shortSide: 1080 },
  '1440p': { label: '1440p', shortSide: 1440 },
  '4k': { label: '4K', shortSide: 2160 },
  source: { label: 'Source size', shortSide: null },
};

/** A picture height as buyers say it: 4K, else its lines (1080p). */
export function heightName(shortSide: number): string {
  return shortSide >= 2160 ? '4K' : `${shortSide}p`;
}
