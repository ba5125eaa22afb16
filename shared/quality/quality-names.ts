/**
 * Quality in the words a buyer reads, one ladder from the smallest file to the sharpest picture, used by the
 * extension (how sharp the recording is) and the editor (how sharp the export is) alike. The stored values
 * (`low`…`best` for exports, `standard`…`maximum` for recordings) stay as they are; only these words are shown.
 */
export const ALL_QUALITY_LEVELS = ['compact', 'standard', 'high', 'maximum'] as const;
export type QualityLevel = (typeof ALL_QUALITY_LEVELS)[number];
/** The levels a recording is made at (the extension's Quality setting): the top three. */
export const ALL_RECORDING_QUALITIES = ['standard', 'high', 'maximum'] as const satisfies readonly QualityLevel[];

/** How each level is named on screen. */
export const QUALITY_LEVEL_NAMES: Readonly<Record<QualityLevel, string>> = {
  compact: 'Compact',
  standard: 'Standard',
  high: 'High',
  maximum: 'Maximum',
};

/** What each level is for, in a few words (tooltips and hints). */
export const QUALITY_LEVEL_HINTS: Readonly<Record<QualityLevel, string>> = {
  compact: 'Smallest file, for quick shares',
  standard: 'Good for most videos',
  high: 'Sharp text and detail',
  maximum: 'Sharpest picture, largest file',
};
