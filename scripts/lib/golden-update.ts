// The rules of `npm run golden:update`: which reference images it may rewrite, and how it reports a change.
// Pure, so the rules are unit-tested without a browser (scripts/golden-update.ts runs them).

/** A golden case as the rules see it: its name and the reference image (`<reference>.png`) it is checked against. */
export interface GoldenCaseName {
  readonly name: string;
  readonly reference: string;
}

/**
 * What the golden test accepts as the same picture: at most this fraction of pixels differing beyond the per-pixel
 * tolerance (room for a few glyphs of the small chrome text, not for a missing cursor: about 150 pixels of 130 000),
 * and at most this mean channel difference (0-255) over the whole image.
 */
export const GOLDEN_TOLERANCE = { differentPixels: 0.0005, meanDifference: 0.5 } as const;

/** How a fresh rendering differs from the reference it would replace. */
export interface GoldenDifference {
  /** Fraction of pixels differing beyond the per-pixel tolerance (anti-aliasing, text rendering). */
  readonly differentPixels: number;
  /** Pixels with any channel different. */
  readonly changedPixels: number;
  /** Largest channel difference (0-255). */
  readonly maxDifference: number;
  /** Mean channel difference over the image (0-255). */
  readonly meanDifference: number;
  readonly sizeMatches: boolean;
}

/** A case rendered now: how it differs from its reference, or null when it has none yet. */
export interface GoldenRenderingResult {
  readonly name: string;
  readonly difference: GoldenDifference | null;
}

/** What the command was asked: the named cases, or every case (`--all`). */
export type GoldenUpdateRequest =
  | { readonly all: true; readonly names: readonly string[] }
  | { readonly all: false; readonly names: readonly string[] };

/** What the command writes, refuses and leaves alone. */
export interface GoldenUpdatePlan {
  readonly write: readonly string[];
  /** Named cases whose picture did not change: rewriting them would hide a mistaken name. */
  readonly refused: readonly string[];
  /** Unchanged cases under `--all`: nothing to write. */
  readonly unchanged: readonly string[];
}

/** A request the command refuses, with what to type instead. */
export class GoldenUpdateError extends Error {}

export const ALL_FLAG = '--all';

/** Reads the command line (`<case> …` or `--all`) against the known cases. */
export function parseGoldenUpdateArgs(args: readonly string[], cases: readonly GoldenCaseName[]): GoldenUpdateRequest {
  const flags = args.filter((arg) => arg.startsWith('-'));
  const unknownFlags = flags.filter((flag) => flag !== ALL_FLAG);
  if (unknownFlags.length > 0) throw new GoldenUpdateError(`Unknown option ${unknownFlags.join(', ')}.`);
  const names = [...new Set(args.filter((arg) => !arg.startsWith('-')))];
  const all = flags.includes(ALL_FLAG);
  if (all && names.length > 0) throw new GoldenUpdateError(`Name cases or pass ${ALL_FLAG}, not both.`);
  if (all) return { all: true, names: cases.filter((c) => c.reference === c.name).map((c) => c.name) };
  if (names.length === 0) {
    throw new GoldenUpdateError(
      `Name the case(s) to rewrite: npm run golden:update -- <case> [<case> …]. Every reference at once only with ${ALL_FLAG}.`,
    );
  }
  const byName = new Map(cases.map((c) => [c.name, c]));
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0) {
    throw new GoldenUpdateError(
      `No golden case ${unknown.join(', ')}. The cases: ${cases.map((c) => c.name).join(', ')}.`,
    );
  }
  const borrowed = names.flatMap((name) => {
    const golden = byName.get(name);
    return golden && golden.reference !== name ? [`${name} (its reference is ${golden.reference})`] : [];
  });
  if (borrowed.length > 0) {
    throw new GoldenUpdateError(
      `${borrowed.join(', ')}: these cases are checked against another case's picture; update that case instead.`,
    );
  }
  return { all: false, names };
}

/** Whether a rendering matches its reference as the golden test judges it (same size, within the tolerance). */
export function goldenMatches(difference: GoldenDifference): boolean {
  return (
    difference.sizeMatches &&
    difference.differentPixels <= GOLDEN_TOLERANCE.differentPixels &&
    difference.meanDifference <= GOLDEN_TOLERANCE.meanDifference
  );
}

/**
 * Whether a rendering changed its reference: it no longer passes the golden test against it (rendering noise of a
 * few pixels by one level does not count: rewriting for it would only churn the file); a case without one is new.
 */
export function goldenChanged(difference: GoldenDifference | null): boolean {
  return difference === null || !goldenMatches(difference);
}

/**
 * What to write: named cases are all rewritten, unless one of them is unchanged, in which case nothing is written
 * (a name typed by mistake must not pass silently). Under `--all`, the changed and new cases are written and the
 * unchanged ones left alone.
 */
export function planGoldenUpdate(
  request: GoldenUpdateRequest,
  renderings: readonly GoldenRenderingResult[],
): GoldenUpdatePlan {
  const changed = renderings.filter((r) => goldenChanged(r.difference)).map((r) => r.name);
  const unchanged = renderings.filter((r) => !goldenChanged(r.difference)).map((r) => r.name);
  if (request.all) return { write: changed, refused: [], unchanged };
  return unchanged.length > 0
    ? { write: [], refused: unchanged, unchanged: [] }
    : { write: changed, refused: [], unchanged };
}

/** One line per case: what changed, in numbers a reviewer can judge. */
export function describeGoldenDifference(rendering: GoldenRenderingResult): string {
  const { name, difference } = rendering;
  if (difference === null) return `${name}: new reference`;
  if (!difference.sizeMatches) return `${name}: size changed`;
  const numbers = `${difference.changedPixels} pixels changed (${(difference.differentPixels * 100).toFixed(3)}% beyond the tolerance), max difference ${difference.maxDifference}, mean ${difference.meanDifference.toFixed(3)}`;
  return `${name}: ${goldenChanged(difference) ? '' : 'unchanged (within the tolerance): '}${numbers}`;
}
