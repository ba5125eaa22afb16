// The benchmark's source, made the way the extension records: the page records its own tab (getDisplayMedia of the
// current tab into MediaRecorder VP9, 500 ms chunks) while the benchmark scrolls, moves and clicks on it, and the
// pointer, clicks and scrolls it logged become the recording's track. Read back in slices and served to the harness
// page over its own origin, so a source of minutes (hundreds of MB) travels as well as one of seconds.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import type { Recording } from '../../shared/recording/recording';
import type { ExportHarness } from '../../tests/support/export/export-harness';
import type { TestPageServer } from '../../tests/support/test-page-server';
import { stringOption } from '../bench-options';
import { HEIGHT, OPTIONS, WIDTH } from './bench-setup';

export const SOURCE_TITLE = 'Clickreel bench source';

/** A recorded source: its file and the track the page logged while it was recorded. */
export interface RecordedSource {
  readonly bytes: Buffer;
  readonly mimeType: string;
  readonly track: Pick<Recording, 'cursor' | 'clicks' | 'scrolls'>;
}

/** How much of a recording one call reads back from the page (a few minutes of 1080p are hundreds of MB). */
const SLICE_BYTES = 8 * 1024 * 1024;

/** Where the harness page reads the recorded source from (served by the benchmark through the page's own origin). */
const SOURCE_PATH = '/bench-source';

/** Records the benchmark page in its own tab while moving, clicking and scrolling on it; returns file and track. */
export async function recordRealisticSource(page: Page, seconds: number): Promise<RecordedSource> {
  await page.mouse.click(300, 300);
  const recorded = page.evaluate(
    (s) =>
      (
        globalThis as unknown as {
          recordSelf(s: number): Promise<{
            size: number;
            mimeType: string;
            startedAt: number;
            events: { type: string; t: number; x: number; y: number; scrollY: number; deltaY: number }[];
          }>;
        }
      ).recordSelf(s),
    seconds,
  );
  // What a user does on a report page: scroll through it, stop to click the sidebar's three buttons (one automatic
  // zoom), scroll on. Timed from the start, so every run records the same story.
  const begin = Date.now();
  const until = (ms: number) => page.waitForTimeout(Math.max(0, begin + ms - Date.now()));
  const share = (fraction: number) => fraction * seconds * 1000;
  await page.mouse.move(600, 400, { steps: 5 });
  while (Date.now() - begin < share(0.3)) {
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(200);
  }
  await until(share(0.3) + 300);
  for (const [i, button] of [
    { x: 1560, y: 520 },
    { x: 1680, y: 520 },
    { x: 1790, y: 520 },
  ].entries()) {
    await page.mouse.move(button.x, button.y, { steps: 12 });
    await page.mouse.click(button.x, button.y);
    await until(share(0.3) + 1300 * (i + 1));
  }
  await until(share(0.3) + 4500);
  await page.mouse.move(700, 500, { steps: 8 });
  while (Date.now() - begin < share(1) - 400) {
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(200);
  }
  const result = await recorded;
  const at = (t: number) => Math.max(0, t - result.startedAt);
  const inRange = result.events.filter((e) => e.t >= result.startedAt);
  const slices: Buffer[] = [];
  for (let start = 0; start < result.size; start += SLICE_BYTES) {
    const base64 = await page.evaluate(
      ([from, to]) =>
        (globalThis as unknown as { recordedSlice(from: number, to: number): Promise<string> }).recordedSlice(from, to),
      [start, start + SLICE_BYTES] as const,
    );
    slices.push(Buffer.from(base64, 'base64'));
  }
  return {
    bytes: Buffer.concat(slices),
    mimeType: result.mimeType,
    track: {
      cursor: inRange
        .filter((e) => e.type !== 'wheel')
        .map((e) => ({ t: at(e.t), x: e.x, y: e.y, cursor: 'default' as const, buttons: 0 })),
      clicks: inRange
        .filter((e) => e.type === 'pointerdown')
        .map((e) => ({ t: at(e.t), x: e.x, y: e.y, button: 'left' as const })),
      scrolls: inRange
        .filter((e) => e.type === 'wheel')
        .map((e) => ({ t: at(e.t), x: e.x, y: e.y, deltaX: 0, deltaY: e.deltaY, scrollX: 0, scrollY: e.scrollY })),
    },
  };
}

/**
 * The recording the benchmark exports, loaded into the harness page as its source: recorded now on a page of
 * `sourceUrl` (in `context`, a tab the page captures itself), or the one kept in --source; kept in --save-source.
 * The harness page reads it from `harnessServer`, its own origin.
 */
export async function openRealisticSource(
  context: BrowserContext,
  harness: Page,
  harnessServer: TestPageServer,
  sourceUrl: string,
  seconds: number,
): Promise<Recording> {
  const sourceDir = stringOption(OPTIONS, 'source');
  let made: RecordedSource;
  if (sourceDir) {
    // A saved recording: before/after comparisons export the very same source.
    const saved = JSON.parse(await readFile(join(sourceDir, 'source.json'), 'utf8')) as Omit<RecordedSource, 'bytes'>;
    made = { ...saved, bytes: await readFile(join(sourceDir, 'source.webm')) };
    console.log(`Realistic source from ${sourceDir}`);
  } else {
    console.log(
      `Recording ${seconds} s of a ${WIDTH}x${HEIGHT} page that scrolls and moves (MediaRecorder VP9, 500 ms chunks)...`,
    );
    const sourcePage = await context.newPage();
    await sourcePage.goto(sourceUrl);
    await sourcePage.waitForFunction(() => (globalThis as { sourcePageReady?: boolean }).sourcePageReady === true);
    made = await recordRealisticSource(sourcePage, seconds);
    await sourcePage.close();
  }
  const saveDir = stringOption(OPTIONS, 'save-source');
  if (saveDir) {
    await mkdir(saveDir, { recursive: true });
    await writeFile(join(saveDir, 'source.json'), JSON.stringify({ mimeType: made.mimeType, track: made.track }));
    await writeFile(join(saveDir, 'source.webm'), made.bytes);
  }
  // Served over HTTP: a body passed through the DevTools protocol (page.route) is limited to 100 MB.
  harnessServer.serve(SOURCE_PATH, { body: made.bytes, type: made.mimeType });
  const sourceFile = { url: SOURCE_PATH, type: made.mimeType };
  const imported = await harness.evaluate((file) => (globalThis as unknown as ExportHarness).importFile(file), {
    ...sourceFile,
    name: 'Recorded page',
  });
  const recording: Recording = {
    ...imported,
    viewport: { width: imported.video.width, height: imported.video.height, devicePixelRatio: 1 },
    ...made.track,
  };
  await harness.evaluate((file) => (globalThis as unknown as ExportHarness).loadSource(file), {
    ...sourceFile,
    recording,
  });
  return recording;
}
