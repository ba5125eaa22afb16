// Redaction: parts of the page that must not be seen in the video. No zod here (the export worker imports this
// module): the schemas are in redaction-schema.ts and ../recording/recording.ts.

/**
 * Why an element is hidden: a password field; a field whose autocomplete or type marks it as an email, a phone number,
 * a card number or a one-time code; an element the page marked `data-clickreel-redact`; one the user picked.
 */
export const ALL_REDACTION_KINDS = ['password', 'email', 'phone', 'card', 'one-time-code', 'marked', 'picked'] as const;
export type RedactionKind = (typeof ALL_REDACTION_KINDS)[number];

/** What the editor calls each kind of redaction track. */
export const REDACTION_KIND_LABELS: Readonly<Record<RedactionKind, string>> = {
  password: 'Password field',
  email: 'Email field',
  phone: 'Phone field',
  card: 'Card number field',
  'one-time-code': 'One-time code field',
  marked: 'Element marked by the page',
  picked: 'Element you picked',
};

/**
 * The editor's name of each recorded track, in order: its kind's label, numbered by order of appearance when several
 * share a kind ("Password field 1", "Password field 2"), so each "Hide" switch has a name of its own.
 */
export function redactionTrackNames(tracks: readonly { readonly kind: RedactionKind }[]): string[] {
  const total = new Map<RedactionKind, number>();
  for (const { kind } of tracks) total.set(kind, (total.get(kind) ?? 0) + 1);
  const seen = new Map<RedactionKind, number>();
  return tracks.map(({ kind }) => {
    const number = (seen.get(kind) ?? 0) + 1;
    seen.set(kind, number);
    const label = REDACTION_KIND_LABELS[kind];
    return (total.get(kind) ?? 0) > 1 ? `${label} ${number}` : label;
  });
}

/** How a hidden area is drawn: smoothed out, or in coarse squares. */
export const ALL_REDACTION_STYLES = ['blur', 'pixelate'] as const;
export type RedactionStyle = (typeof ALL_REDACTION_STYLES)[number];

/** A rectangle normalized to the video (0..1), as recording boxes are. */
export interface RedactionBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A box drawn by hand on the video, hidden from startMs up to endMs (source video time). */
export interface BlurBox {
  readonly id: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly box: RedactionBox;
}

/** The user's redaction choices for one recording. */
export interface RedactionEdits {
  readonly style: RedactionStyle;
  /** Ids of recorded redaction tracks switched off (those elements are shown). */
  readonly off: readonly string[];
  /** Boxes drawn by hand. */
  readonly boxes: readonly BlurBox[];
}

/** Everything recorded hidden, blurred, no boxes drawn. */
export const DEFAULT_REDACTION_EDITS: RedactionEdits = { style: 'blur', off: [], boxes: [] };

/** Limits of hand-drawn boxes. */
export const BLUR_BOX = {
  /** Length of a new box. */
  defaultDurationMs: 3000,
  /** Shortest box. */
  minDurationMs: 100,
  /** Smallest side, normalized: a click without a drag makes no box. */
  minSide: 0.01,
} as const;
