import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type OpenTestPage, openTestPage } from '../support/test-page';

/** Reference images, committed so a reviewer can look at them. `npm run golden:update -- <case>` rewrites them. */
export const GOLDEN_DIR = resolve('tests/golden/references');

/** The golden page open in headless Chromium (see golden-page.ts for what it can do). */
export type GoldenSession = Pick<OpenTestPage, 'page' | 'close'>;

/** Serves the golden page and its worker, and opens it in Chromium. */
export function openGoldenPage(): Promise<GoldenSession> {
  return openTestPage(
    resolve('tests/golden/golden-page.ts'),
    { '/golden-worker.js': resolve('tests/golden/golden-worker.ts') },
    () => typeof globalThis.compareGoldens === 'function',
  );
}

/** The reference PNGs on disk, base64 by file name (without `.png`). */
export async function readReferences(): Promise<Record<string, string>> {
  const references: Record<string, string> = {};
  for (const file of (await readdir(GOLDEN_DIR)).filter((f) => f.endsWith('.png'))) {
    references[file.replace(/\.png$/, '')] = (await readFile(join(GOLDEN_DIR, file))).toString('base64');
  }
  return references;
}
