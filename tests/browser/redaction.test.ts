// Automatic redaction, end to end: a sign-up page with a password, an email and a card field holding known words, a
// paragraph the user picks with the controls' "Redact an element", a password field (no autocomplete) that a "Show"
// button clicked mid-recording turns into a text field, and a password and a marked recovery code inside open shadow
// roots (the code two roots deep, added and scrolled inside its root mid-recording), under a fixed opaque header and
// over a half-transparent footer, is recorded with the real extension while it scrolls (once while its main thread
// is busy) and the card field slides; the editor exports it to MP4 (planar painter) and GIF (Canvas 2D). In no
// exported frame may OCR read a hidden word (it must read the page's unhidden control text, and the header's word in
// every frame: fields passing under the header must not blur it), and no frame may show a sensitive field sharp:
// each field's magenta border, found in the source frames, must never survive the export.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findTesseract } from '../../scripts/lib/system-tools';
import { planCamera } from '../../shared/camera/camera';
import { cameraAt } from '../../shared/camera/camera-view';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { autoZoomSegments } from '../../shared/zoom/auto-zoom';
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
const HIDDEN = ['walrus', 'hunter', 'quokka', 'zebra', '41111111', 'otter', 'puffin', 'kazoo', 'bison', 'mango'];
/** The fields' names in the editor, each with its "Hide" switch (the three password fields numbered in order). */
const TRACK_NAMES = [
  'Password field 1',
  'Email field',
  'Card number field',
  'Password field 2',
  'Password field 3',
  'Element marked by the page',
  'Element you picked',
];

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
  /** The index of each OCR'd frame, in the order of `texts`. */
  const ocrFrames: number[] = [];
  await forEachFrame(path, width, height, (index, rgb) => {
    const { count, box } = magentaPixels(rgb, width);
    magenta.push(count);
    if (count > 40) shown.push(`frame ${index}: ${count} px at ${box}`);
    if (index % step === Math.floor(step / 2) && texts.length < ocrCount) {
      texts.push(ocr(dir, `frame-${index}`, rgb, width, height));
      ocrFrames.push(index);
    }
  });
  return { magenta, shown, texts: await Promise.all(texts), ocrFrames };
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
    const call = (name: string) =>
      page.evaluate((fn) => (window as unknown as Record<string, () => void>)[fn]?.(), name);
    await page.waitForTimeout(600);
    await call('moveCard');
    await page.waitForTimeout(900);
    // Six turns down (540 px): every field passes under the header, one turn landing on a busy page (the compositor
    // scrolls it while its scripts, the tracker's too, wait). After two, "Show" turns the password field into text.
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, 90);
      if (i === 1) await page.evaluate(() => (window as unknown as { longTask: (ms: number) => void }).longTask(400));
      await page.waitForTimeout(200);
      if (i === 1) {
        await page.getByRole('button', { name: 'Show' }).click();
        await page.mouse.move(1100, 600);
        await page.waitForTimeout(300);
      }
    }
    await page.waitForTimeout(300);
    // The recovery code appears inside the nested shadow root, then that root's box scrolls it up.
    await call('revealCode');
    await page.waitForTimeout(500);
    await call('scrollCodes');
    await page.waitForTimeout(600);
    await page.mouse.wheel(0, -540);
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
    expect(tracks.map((track) => track.kind).sort()).toEqual([
      'card',
      'email',
      'marked',
      'password',
      'password',
      'password',
      'picked',
    ]);
    const card = tracks.find((track) => track.kind === 'card');
    const xs = new Set(card?.boxes.flatMap((entry) => (entry.box ? [entry.box.x.toFixed(3)] : [])));
    const ys = new Set(tracks[0]?.boxes.flatMap((entry) => (entry.box ? [entry.box.y.toFixed(3)] : [])));
    console.log(`redaction tracks: ${tracks.map((t) => `${t.kind} ${t.boxes.length} boxes`).join(', ')}`);
    // The password field "Show" turned into text, on screen all along, is one track with no gap; the others leave.
    const unbroken = tracks.filter((track) => track.kind === 'password' && track.boxes.every((entry) => entry.box));
    expect(unbroken.length, 'password tracks on screen from start to end').toBe(1);
    expect(xs.size).toBeGreaterThan(5);
    expect(ys.size).toBeGreaterThan(2);
    // The source shows the fields sharp: the border is in most frames, and OCR reads a hidden word.
    const withBorder = source.magenta.filter((count) => count > 500).length;
    expect(withBorder).toBeGreaterThan(source.magenta.length * 0.8);
    console.log(`source OCR: ${source.texts.join(' | ')}`);
    expect(HIDDEN.filter((word) => source.texts.some((text) => text.includes(word))).length).toBeGreaterThan(1);
  });

  for (const format of ['mp4', 'gif'] as const) {
    test(`the ${format.toUpperCase()} export hides every field in every frame; the control text and the header stay legible`, async () => {
      const path = join(dir, `export.${format}`);
      await exportFromEditor(editor, format, path);

      const { magenta, shown, texts, ocrFrames } = await readFrames(dir, path, OCR_FRAMES);
      console.log(`${format}: ${magenta.length} frames, most border pixels in one ${Math.max(...magenta)}`);
      console.log(`${format} OCR: ${texts.map((text) => text.slice(0, 60)).join(' | ')}`);
      // No frame shows a field's border sharp (a few pixels of codec noise aside).
      expect(shown, `${format}: frames of ${magenta.length} that show a field's border`).toEqual([]);
      for (const text of texts) for (const word of HIDDEN) expect(text).not.toContain(word);
      // The control text is read while it is on screen (the page scrolls it away for a while).
      const control = REDACTION_PAGE.control.split(' ')[0]?.toLowerCase() ?? '';
      expect(texts.filter((text) => text.includes(control)).length).toBeGreaterThanOrEqual(2);
      // The header is on screen all along, fields passing under it: its word is read in every frame the automatic
      // camera shows the whole page in (around the "Show" click it zooms into the fields, away from the header).
      const header = REDACTION_PAGE.header.split(' ')[0]?.toLowerCase() ?? '';
      const zooms = autoZoomSegments(recording, {
        depth: DEFAULT_RENDER_SETTINGS.zoomDepth,
        timing: DEFAULT_RENDER_SETTINGS.zoomTiming,
      });
      const frameMs = format === 'mp4' ? 1000 / 30 : 1000 / 15;
      const camera = planCamera(recording, zooms, DEFAULT_RENDER_SETTINGS.zoomTiming);
      // The whole page, still: no zoom at the frame nor a motion blur's shutter before it (a moving camera's frames are
      // blurred along its motion, as they should be, and OCR reads no word there).
      const wholePage = (index: number) =>
        [0, 50, 100].every((before) => cameraAt(camera, Math.max(0, index * frameMs - before)).scale < 1.01);
      expect(
        texts.filter((text, i) => wholePage(ocrFrames[i] ?? 0) && !text.includes(header)),
        `${format}: OCR'd frames showing the whole page without "${header}"`,
      ).toEqual([]);
      expect(texts.filter((text) => text.includes(header)).length).toBeGreaterThanOrEqual(2);
    }, 240_000);
  }

  test('the editor names each hidden field, shows one again on request, and draws a blur box on the preview', async () => {
    const hide = (name: string) => editor.getByRole('switch', { name: `Hide ${name}`, exact: true });
    // The fields it hid are bands on the timeline's blur lane (on top of each other where they are on screen at once):
    // the one on top selected, the inspector lists them all.
    await editor.getByTestId('hidden-field').last().click();
    for (const name of TRACK_NAMES) await expect.poll(() => hide(name).isChecked()).toBe(true);
    await expect.poll(() => editor.getByRole('switch', { name: /^Hide / }).count()).toBe(TRACK_NAMES.length);
    await hide('Card number field').click();
    await expect.poll(() => hide('Card number field').isChecked()).toBe(false);

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
    await editor.getByRole('button', { name: 'Add text' }).click();
    await editor.getByRole('menuitem', { name: 'Add label' }).click();
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
