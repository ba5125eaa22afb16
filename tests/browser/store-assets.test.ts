// npm run store:assets against this run's site and extension: every image at the store's exact size and not blank,
// the listing's short description within the store's limit, a reason for every permission.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, expect, inject, test } from 'vitest';
import { spawnTree } from '../../scripts/lib/process-tree';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { PERMISSION_JUSTIFICATIONS, STORE_SHORT_DESCRIPTION_MAX } from '../../shared/config/store-listing';

const IMAGES = [
  ['screenshot-editor.png', 1280, 800],
  ['screenshot-welcome.png', 1280, 800],
  ['promo-small.png', 440, 280],
  ['promo-marquee.png', 1400, 560],
  ['icon-128.png', 128, 128],
] as const;

let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(join(inject('buildDir'), 'store-assets-'));
  const args = ['--out', outDir, '--site-url', inject('siteUrl'), '--extension-dir', inject('extensionDir')];
  const code = await new Promise<number | null>((resolve) => {
    // A tree of its own (builds, a browser): stopped with this test file's process if the test gives up on it.
    const { child } = spawnTree(process.execPath, ['--import', 'tsx', 'scripts/store-assets.ts', ...args], {
      stdio: 'inherit',
    });
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`npm run store:assets exited with ${code}`);
}, 300_000);

/** A PNG's size, from its header. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The variance of an image's gray levels (0 for a blank one), decoded by ffmpeg. */
function grayVariance(file: string): number {
  const ffmpeg = findFfmpeg()?.ffmpeg as string;
  const decoded = spawnSync(ffmpeg, ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const pixels = decoded.stdout;
  expect(pixels.length).toBeGreaterThan(0);
  let sum = 0;
  for (const value of pixels) sum += value;
  const mean = sum / pixels.length;
  let squares = 0;
  for (const value of pixels) squares += (value - mean) ** 2;
  return squares / pixels.length;
}

test.each(IMAGES)('%s is %ix%i and not blank', async (name, width, height) => {
  const file = join(outDir, name);
  expect(pngSize(await readFile(file))).toEqual({ width, height });
  expect(grayVariance(file)).toBeGreaterThan(100);
});

test('the listing text: the short description within the store’s limit; a sentence for every permission', async () => {
  const listing = await readFile(join(outDir, 'listing.txt'), 'utf8');
  const short = /^Short description \(\d+ of 132 characters\): (.*)$/m.exec(listing)?.[1] ?? '';
  expect(short.length).toBeGreaterThan(20);
  expect(short.length).toBeLessThanOrEqual(STORE_SHORT_DESCRIPTION_MAX);
  expect(listing).toMatch(/^Category: \S/m);
  const permissions = await readFile(join(outDir, 'permissions.txt'), 'utf8');
  for (const permission of Object.keys(PERMISSION_JUSTIFICATIONS)) {
    expect(permissions).toMatch(new RegExp(`^${permission}: [A-Z]`, 'm'));
  }
});
