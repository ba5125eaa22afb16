// Text callouts: time-ranged text on the video. No zod here (the export worker imports this module): the schema is
// in callout-schema.ts.

/** The kinds of callout: a title card over the video, a caption line at its foot, a label pointing at the page. */
export const ALL_CALLOUT_KINDS = ['title', 'caption', 'label'] as const;
export type CalloutKind = (typeof ALL_CALLOUT_KINDS)[number];

/**
 * Where a callout sits: a caption at the video's foot or top; a label's box above or below its target, to its left or
 * right. A title card has one place, the middle. Absent: the kind's first place (a caption at the foot, a label
 * towards the middle of the video from its target), as callouts were placed before they could be moved.
 */
export const ALL_CALLOUT_PLACEMENTS = [
  'bottom',
  'top',
  'above-left',
  'above-right',
  'below-left',
  'below-right',
] as const;
export type CalloutPlacement = (typeof ALL_CALLOUT_PLACEMENTS)[number];
export type CaptionPlacement = Extract<CalloutPlacement, 'bottom' | 'top'>;
export type LabelPlacement = Exclude<CalloutPlacement, CaptionPlacement>;

/** The places each kind may take. */
export const CALLOUT_PLACEMENTS: Readonly<Record<CalloutKind, readonly CalloutPlacement[]>> = {
  title: [],
  caption: ['bottom', 'top'],
  label: ['above-left', 'above-right', 'below-left', 'below-right'],
};

/** Time-ranged text on the video. */
export interface Callout {
  readonly id: string;
  readonly kind: CalloutKind;
  readonly text: string;
  /** Source video time, milliseconds: shown from startMs up to endMs. */
  readonly startMs: number;
  readonly endMs: number;
  /** For a label: the point on the page it points at, normalized to the video (0..1); it follows the camera. */
  readonly target: { readonly x: number; readonly y: number } | null;
  /** Where it sits (see CalloutPlacement); absent: the kind's first place. */
  readonly placement?: CalloutPlacement;
}

/** Timings and limits of callouts. */
export const CALLOUT = {
  /** How long a callout takes to come in and to go out. */
  fadeMs: 300,
  /** Shortest callout. */
  minDurationMs: 500,
  /** Longest text, in characters. */
  maxTextLength: 200,
  /** Length of a new callout. */
  defaultDurationMs: 3000,
} as const;
