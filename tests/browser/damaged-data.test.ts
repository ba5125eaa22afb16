import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Recording } from '../../shared/recording/recording';
import { type SyntheticEditorSetup, syntheticEditorSetup } from '../support/synthetic-editor';

/** A row as a damaged disk, a browser bug or an older or newer version may leave it in the site database. */
interface RawRow {
  readonly id: string;
  readonly recording: unknown;
  readonly chunkCounts: { video: number; webcam: number };
  /** Media bytes of video chunk 0 (none: the chunk is missing). */
  readonly video: number[] | string | null;
}

/** Writes rows straight into the site's IndexedDB, bypassing the site's code (which would refuse them). */
async function plantRows(page: Page, rows: RawRow[]): Promise<void> {
  await page.evaluate(async (planted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clickreel-recordings');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = db.transaction(['recordings', 'chunks'], 'readwrite');
    for (const row of planted) {
      tx.objectStore('recordings').put({
        id: row.id,
        recording: row.recording,
        chunkCounts: row.chunkCounts,
        storedAt: new Date().toISOString(),
      });
      if (row.video !== null) {
        const bytes = typeof row.video === 'string' ? row.video : new Uint8Array(row.video);
        tx.objectStore('chunks').put({ id: row.id, stream: 'video', index: 0, blob: new Blob([bytes]) });
      }
    }
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, rows);
}

describe('damaged data gets a clear message, and nothing else breaks', () => {
  let setup: SyntheticEditorSetup;
  let dir: string;
  let videoPath: string;
  let trackPath: string;
  let recording: Recording;

  beforeAll(async () => {
    setup = await syntheticEditorSetup('damaged', {
      width: 640,
      height: 360,
      frameRate: 30,
      durationMs: 3000,
      container: 'webm',
      audio: true,
    });
    ({ dir, recording, videoPath, trackPath } = setup);
  });
  afterAll(async () => {
    await setup?.close();
  });

  function editorWithGoodRecording(): Promise<{ context: BrowserContext; page: Page }> {
    return setup.openEditor({ width: 1400, height: 1000 });
  }

  test('each kind of damaged recording gets its message in the library and the editor, while the others list and open', async () => {
    const { context, page } = await editorWithGoodRecording();
    const video = [...(await readFile(videoPath))];
    const named = (id: string, name: string, change: Partial<Record<keyof Recording, unknown>> = {}) => ({
      ...recording,
      id,
      name,
      ...change,
    });
    const one = { video: 1, webcam: 0 };
    await plantRows(page, [
      { id: 'zero-byte', recording: named('zero-byte', 'Zero bytes'), chunkCounts: one, video: [] },
      { id: 'text', recording: named('text', 'Text as video'), chunkCounts: one, video: 'this is not a video' },
      { id: 'missing', recording: named('missing', 'Missing video'), chunkCounts: one, video: null },
      { id: 'cursor', recording: named('cursor', 'Bad cursor', { cursor: 'not a list' }), chunkCounts: one, video },
      { id: 'null-video', recording: named('null-video', 'No video info', { video: null }), chunkCounts: one, video },
      { id: 'newer', recording: named('newer', 'From the future', { formatVersion: 99 }), chunkCounts: one, video },
      {
        id: 'truncated',
        recording: named('truncated', 'Cut short'),
        chunkCounts: one,
        video: video.slice(0, Math.floor(video.length * 0.45)),
      },
    ]);

    // The library lists every one of them: the damaged ones as damaged, with what is wrong.
    await page.goto(`${inject('siteUrl')}/recordings`);
    const card = (id: string) => page.locator(`.recording-card[data-recording-id="${id}"]`);
    await expect.poll(() => page.locator('.recording-card').count()).toBe(8);
    const damage = (id: string) => card(id).getByTestId('damage').textContent({ timeout: 15_000 });
    await expect.poll(() => damage('zero-byte'), { timeout: 15_000 }).toMatch(/video is empty \(0 bytes\)/);
    await expect.poll(() => damage('text'), { timeout: 15_000 }).toMatch(/stored as its video is not a video/);
    await expect(damage('missing')).resolves.toMatch(/video is missing from this browser’s storage/);
    await expect(damage('cursor')).resolves.toMatch(/data is damaged \(cursor: /);
    await expect(damage('null-video')).resolves.toMatch(/damaged \(video: /);
    await expect(damage('newer')).resolves.toMatch(/made by a newer version of Clickreel \(format 99\)/);
    for (const id of ['cursor', 'null-video', 'newer'])
      expect(await card(id).getByRole('link', { name: 'Open video only' }).count()).toBe(1);
    for (const id of ['zero-byte', 'text', 'missing'])
      expect(await card(id).getByRole('link', { name: 'Open video only' }).count()).toBe(0);
    await expect.poll(() => card(recording.id).locator('img').count(), { timeout: 15_000 }).toBe(1);
    await expect(card(recording.id).getAttribute('data-state')).resolves.toBe('valid');

    // The editor says the same, and opens what can be opened.
    const open = async (id: string) => {
      await page.goto(`${inject('siteUrl')}/editor#recording=${id}`);
      await page.locator(`[data-recording-id="${id}"]`).waitFor();
    };
    const alert = () => page.getByRole('alert').first().textContent();
    await open('zero-byte');
    await expect.poll(alert).toMatch(/^“Zero bytes” cannot be opened: its video is empty \(0 bytes\)/);
    await open('text');
    await expect.poll(alert).toMatch(/^“Text as video” cannot be opened: what is stored as its video is not a video/);
    await open('missing');
    await expect.poll(alert).toMatch(/^“Missing video” cannot be opened\. Its video is missing/);
    await open('newer');
    await expect.poll(alert).toMatch(/newer version of Clickreel \(format 99\); update Clickreel to open it/);
    await open('null-video');
    await expect.poll(alert).toMatch(/^“No video info” cannot be opened\. Its data is damaged/);
    await open('cursor');
    await expect.poll(alert).toMatch(/^“Bad cursor” cannot be opened\. Its data is damaged/);
    await page.getByRole('button', { name: 'Open video only' }).click();
    await expect.poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id')).toBe('cursor');
    await expect(page.locator('.editor-title').textContent()).resolves.toBe('Bad cursor');

    // Cut short: it opens, says where the video ends, and offers to end the edit there.
    await page.goto(`${inject('siteUrl')}/editor#recording=truncated`);
    await expect.poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id')).toBe('truncated');
    const cutShort = page.getByTestId('video-cut-short');
    await expect
      .poll(() => cutShort.textContent())
      .toMatch(/The video ends at 0:0\d\.\d, but this recording’s track goes on to 0:03\.0/);
    await cutShort.getByRole('button', { name: 'Trim to where the video ends' }).click();
    const trimEnd = Number(await page.getByLabel('Trim end (s)').inputValue());
    console.log(`cut short: the video ends at ${trimEnd} s of 3 s`);
    expect(trimEnd).toBeGreaterThan(0.3);
    expect(trimEnd).toBeLessThan(2.5);

    // The good one still opens, with no warning.
    await page.goto(`${inject('siteUrl')}/editor#recording=${recording.id}`);
    await expect.poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id')).toBe(recording.id);
    expect(await page.getByTestId('video-cut-short').count()).toBe(0);

    // A damaged one is deleted from the library like any other.
    await page.goto(`${inject('siteUrl')}/recordings`);
    await card('cursor').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => page.locator('.recording-card').count()).toBe(7);
    await context.close();
  });

  test('picking several files says which one was opened and why the others were not; an id clash keeps both', async () => {
    const { context, page } = await editorWithGoodRecording();
    const second = join(dir, 'second.webm');
    await copyFile(videoPath, second);
    await page.getByTestId('open-files').setInputFiles([videoPath, second, trackPath]);
    const notes = page.getByTestId('open-notes');
    await expect
      .poll(() => notes.locator('li').allTextContents())
      .toEqual([
        'Opened “marker.webm” with its cursor track “marker.json”.',
        '“second.webm” was not opened: the editor opens one video at a time; open it on its own.',
        'A recording with this track’s id was already in your library; both are kept, this one as a copy.',
      ]);
    const copyId = await page.locator('[data-state=showing]').getAttribute('data-recording-id');
    expect(copyId).toMatch(new RegExp(`^${recording.id}-copy-[0-9a-f]{8}$`));

    await page.goto(`${inject('siteUrl')}/recordings`);
    await expect
      .poll(() =>
        page
          .locator('.recording-card')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-recording-id')).sort()),
      )
      .toEqual([recording.id, copyId].sort());
    await context.close();
  });
});
