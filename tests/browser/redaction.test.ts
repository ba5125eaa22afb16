// Automatic redaction, end to end: a page with a password, an email and a card field holding known words, and a
// paragraph the user picks with the controls' "Redact an element", is recorded with the real extension while it
// scrolls (once while its main thread is busy) and the card field slides; the editor exports it to MP4 (planar painter) and GIF (Canvas 2D). In no
// exported frame may OCR read a hidden word (it must read the page's unhidden control text), and no frame may show a
// sensitive field sharp: each field's magenta border, found in the source frames, must never survive the export.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findTesseract } from '../../scripts/lib/system-tools';
import type { Recording } from '../../shared/recording/recording';
import { REDACTION_PAGE } from '../fixtures/redaction-words';
import { exportFromEditor } from '../support/editor-export';
import { probeVideo } from '../support/export-checks';
import { forEachFrame } from '../support/export-timecodes';
import { openRecordablePage, type RecordablePage, stopIntoEditor } from '../support/recorded-page';
import { timedCommand } from '../support/recording-harness';

const execFileAsync = promisify(execFile);
const VIEWPORT = { width: 1280, height: 720 };
/** Frames read by OCR per file (every frame would take minutes); the border check reads every frame. */
const OCR_FRAMES = 8;
/** The hidden words, as OCR would give them (lower case, spaces dropped). */
const HIDDEN = ['walrus', 'hunter', 'quokka', 'zebra', '41111111', 'otter'];

/** Pixels of the fields' magenta border in an RGB frame, and the box around them (to say where a field showed). */
function magentaPixels(rgb: Uint8Array, width: number): { count: number; box: string } {
  let count = 0;
  let [x0, y0, x1, y1] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  for (let i = 0; i < rgb.length; i += 3) {
    if ((rgb[i] ?? 0) > 190 && (rgb[i + 1] ?? 255) < 90 && (rgb[i + 2] ?? 0) > 190) {
      count++;
      const x = (i / 3) % width;
      const y = Math.floor(i / 3 / width);
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  return { count, box: count ? `x ${x0}-${x1}, y ${y0}-${y1}` : '' };
}

/**
 * What tesseract reads in an RGB frame, lower case with spaces dropped. It reads a grey picture made of each pixel's
 * brightest channel: dark text stays dark and the magenta borders turn white (with them, it reads no boxed text).
 * It runs on one thread, beside the decoding of the next frames (its own threads only wait on each other on 2 cores).
 */
async function ocr(dir: string, name: string, rgb: Uint8Array, width: number, height: number): Promise<string> {
  const grey = Buffer.alloc(width * height);
  for (let i = 0; i < grey.length; i++) {
    grey[i] = Math.max(rgb[i * 3] ?? 0, rgb[i * 3 + 1] ?? 0, rgb[i * 3 + 2] ?? 0);
  }
  const path = join(dir, `${name}.pgm`);
  writeFileSync(path, Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), grey]));
  const { stdout } = await execFileAsync(findTesseract() as string, [path, 'stdout', '--psm', '11'], {
    encoding: 'utf8',
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  });
  return stdout.toLowerCase().replace(/\s+/g, '');
}

/** Every frame's magenta count, and the OCR of `ocrCount` frames spread over the file (in frame order). */
async function readFrames(dir: string, path: string, ocrCount: number) {
  const { width, height, frames } = probeVideo(path);
  const step = Math.max(1, Math.floor(frames / ocrCount));
  const magenta: number[] = [];
  /** Where the border showed, in frames with more than a few pixels of it: "frame N (time): count at box". */
  const shown: string[] = [];
  const texts: Promise<string>[] = [];
  await forEachFrame(path, width, height, (index, rgb) => {
    const { count, box } = magentaPixels(rgb, width);
    magenta.push(count);
    if (count > 40) shown.push(`frame ${index}: ${count} px at ${box}`);
    if (index % step === Math.floor(step / 2) && texts.length < ocrCount)
      texts.push(ocr(dir, `frame-${index}`, rgb, width, height));
  });
  return { magenta, shown, texts: await Promise.all(texts) };
}

describe('redaction of a recorded page', () => {
  let recordable: RecordablePage;
  let dir: string;
  let editor: Page;
  let recording: Recording;
  let source: Awaited<ReturnType<typeof readFrames>>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-redaction-'));
    recordable = await openRecordablePage('tests/fixtures/redaction-page.ts', VIEWPORT);
    const { browser, page, tabId } = recordable;
    // "Redact an element" in the controls, then a click on the notes paragraph: kept for this site.
    const controls = await browser.context.newPage();
    await controls.goto(`chrome-extension://${browser.extensionId}/controls.html`);
    await controls.getByRole('button', { name: 'Redact an element' }).click();
    await page.bringToFront();
    await page.getByRole('status').filter({ hasText: 'Click the element to hide' }).waitFor();
    await page.getByText(REDACTION_PAGE.picked).click();
    await page.getByRole('status').filter({ hasText: 'Click the element to hide' }).waitFor({ state: 'detached' });
    await controls.close().catch(() => undefined);
    await page.mouse.move(1100, 600);
    expect((await timedCommand(browser, 'toggle', tabId)).phase).toBe('recording');
    await page.waitForTimeout(600);
    await page.evaluate(() => (window as unknown as { moveCard: () => void }).moveCard());
    await page.waitForTimeout(900);
    for (let i = 0; i < 4; i++) {
      await page.mouse.wheel(0, 90);
      // One turn lands on a busy page: the compositor scrolls it while its scripts (the tracker's too) wait.
      if (i === 1) await page.evaluate(() => (window as unknown as { longTask: (ms: number) => void }).longTask(400));
      await page.waitForTimeout(200);
    }
    await page.waitForTimeout(600);
    await page.mouse.wheel(0, -200);
    await page.waitForTimeout(900);
    ({ editor, recording } = await stopIntoEditor(browser, tabId, join(dir, 'recording.webm')));
    writeFileSync(join(dir, 'recording.json'), JSON.stringify(recording));
    source = await readFrames(dir, join(dir, 'recording.webm'), 3);
  }, 180_000);
  afterAll(async () => {
    await recordable?.close();
    // CLICKREEL_KEEP_REDACTION_OUTPUT=1 keeps the recording and its exports to look at (the folder is printed).
    if (dir && process.env.CLICKREEL_KEEP_REDACTION_OUTPUT) console.log(`Recording and exports kept in ${dir}`);
    else if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the recording tracks each sensitive field, as the page scrolls and the card field moves', () => {
    const tracks = recording.redactions ?? [];
    expect(tracks.map((track) => track.kind).sort()).toEqual(['card', 'email', 'password', 'picked']);
    const card = tracks.find((track) => track.kind === 'card');
    const xs = new Set(card?.boxes.flatMap((entry) => (entry.box ? [entry.box.x.toFixed(3)] : [])));
    const ys = new Set(tracks[0]?.boxes.flatMap((entry) => (entry.box ? [entry.box.y.toFixed(3)] : [])));
    console.log(`redaction tracks: ${tracks.map((t) => `${t.kind} ${t.boxes.length} boxes`).join(', ')}`);
    expect(xs.size).toBeGreaterThan(5);
    expect(ys.size).toBeGreaterThan(2);
    // The source shows the fields sharp: the border is in most frames, and OCR reads a hidden word.
    const withBorder = source.magenta.filter((count) => count > 500).length;
    expect(withBorder).toBeGreaterThan(source.magenta.length * 0.8);
    console.log(`source OCR: ${source.texts.join(' | ')}`);
    expect(HIDDEN.filter((word) => source.texts.some((text) => text.includes(word))).length).toBeGreaterThan(1);
  });

  for (const format of ['mp4', 'gif'] as const) {
    test(`the ${format.toUpperCase()} export hides every field in every frame; the control text stays legible`, async () => {
      const path = join(dir, `export.${format}`);
      await exportFromEditor(editor, format, path);

      const { magenta, shown, texts } = await readFrames(dir, path, OCR_FRAMES);
      console.log(`${format}: ${magenta.length} frames, most border pixels in one ${Math.max(...magenta)}`);
      console.log(`${format} OCR: ${texts.map((text) => text.slice(0, 60)).join(' | ')}`);
      // No frame shows a field's border sharp (a few pixels of codec noise aside).
      expect(shown, `${format}: frames of ${magenta.length} that show a field's border`).toEqual([]);
      for (const text of texts) for (const word of HIDDEN) expect(text).not.toContain(word);
      // The control text is read while it is on screen (the page scrolls it away for a while).
      const control = REDACTION_PAGE.control.split(' ')[0]?.toLowerCase() ?? '';
      expect(texts.filter((text) => text.includes(control)).length).toBeGreaterThanOrEqual(2);
    }, 240_000);
  }

  test('the editor names each hidden field, shows one again on request, and draws a blur box on the preview', async () => {
    for (const name of ['Password field', 'Email field', 'Card number field']) {
      await expect.poll(() => editor.getByRole('switch', { name: `Hide ${name}` }).isChecked()).toBe(true);
    }
    await editor.getByRole('switch', { name: 'Hide Card number field' }).click();
    await expect.poll(() => editor.getByRole('switch', { name: 'Hide Card number field' }).isChecked()).toBe(false);

    await editor.getByRole('button', { name: 'Draw a blur box' }).click();
    const preview = (await editor.getByTestId('preview').boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    await editor.mouse.move(preview.x + preview.width * 0.4, preview.y + preview.height * 0.4);
    await editor.mouse.down();
    await editor.mouse.move(preview.x + preview.width * 0.6, preview.y + preview.height * 0.55, { steps: 5 });
    await editor.mouse.up();
    await expect.poll(() => editor.getByRole('button', { name: 'Remove blur box 1' }).count()).toBe(1);

    // A label's arrow is placed by clicking the preview.
    await editor.getByRole('button', { name: 'Add label' }).click();
    await editor.getByRole('button', { name: 'Point on the preview' }).click();
    await editor.mouse.click(preview.x + preview.width * 0.5, preview.y + preview.height * 0.5);
    await expect
      .poll(() => editor.getByRole('status').filter({ hasText: 'Click where the label points' }).count())
      .toBe(0);
    const across = Number(
      await editor.getByRole('slider', { name: 'Label 1 points across' }).getAttribute('aria-valuenow'),
    );
    expect(across).toBeGreaterThan(0.1);
    expect(across).toBeLessThan(0.9);
  });
});
