import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Where the committed reference screenshots live (one PNG per case). */
export const SCREENS_DIR = resolve('tests/fixtures/screens');

/**
 * How different a screenshot may be and still match. pixelmatch's `threshold` ignores small colour shifts and its
 * anti-aliasing detection ignores the edge pixels fonts smooth differently; what is left must stay under
 * `MAX_CHANGED_PIXELS`: a missing 16 px icon or a switch that lost its thumb changes several hundred.
 */
export const PIXEL_THRESHOLD = 0.15;
export const MAX_CHANGED_PIXELS = 120;

export interface ScreenDifference {
  readonly name: string;
  /** False when there is no reference yet or it has another size. */
  readonly comparable: boolean;
  readonly changedPixels: number;
}

/** The case names `CLICKREEL_SCREENS_UPDATE` (comma-separated, or `--all`) asks to rewrite. */
export function screensToUpdate(env: string | undefined, all: readonly string[]): ReadonlySet<string> {
  if (!env) return new Set();
  const named = env.split(',').map((name) => name.trim());
  if (named.includes('--all')) return new Set(all);
  const unknown = named.filter((name) => !all.includes(name));
  if (unknown.length > 0) throw new Error(`No screenshot case named ${unknown.join(', ')}; cases: ${all.join(', ')}`);
  return new Set(named);
}

/** Compares a screenshot with its reference (pixels changed beyond anti-aliasing), without writing anything. */
export async function compareWithReference(name: string, png: Buffer): Promise<ScreenDifference> {
  let reference: PNG;
  try {
    reference = PNG.sync.read(await readFile(join(SCREENS_DIR, `${name}.png`)));
  } catch {
    return { name, comparable: false, changedPixels: Number.POSITIVE_INFINITY };
  }
  const actual = PNG.sync.read(png);
  if (actual.width !== reference.width || actual.height !== reference.height)
    return { name, comparable: false, changedPixels: Number.POSITIVE_INFINITY };
  const changedPixels = pixelmatch(actual.data, reference.data, undefined, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
    includeAA: false,
  });
  return { name, comparable: true, changedPixels };
}

export async function writeReference(name: string, png: Buffer): Promise<void> {
  await mkdir(SCREENS_DIR, { recursive: true });
  await writeFile(join(SCREENS_DIR, `${name}.png`), png);
}

export function screenMatches(difference: ScreenDifference): boolean {
  return difference.comparable && difference.changedPixels <= MAX_CHANGED_PIXELS;
}
