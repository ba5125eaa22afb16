import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Recording } from '../../shared/recording/recording';
import { writeForeignExtension } from '../fixtures/builders/foreign-extension';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import {
  openAndRecord,
  openInEditor,
  openPages,
  readSiteRecording,
  type SiteRecording,
  timedCommand,
  waitForEditor,
} from '../support/recording-harness';
import { serveTestPage, type TestPageServer } from '../support/test-page-server';

/** Fields that hold secrets or text, two of them inside shadow roots (one closed: the page alone can reach in). */
const FIELDS_PAGE = `<!doctype html><title>Fields</title>
<body style="margin:0;font:16px sans-serif">
<div id="open-host" style="position:absolute;left:40px;top:40px"></div>
<div id="closed-host" style="position:absolute;left:40px;top:110px"></div>
<input id="card" autocomplete="cc-number" style="position:absolute;left:40px;top:180px;width:240px">
<input id="otp" autocomplete="one-time-code" style="position:absolute;left:40px;top:250px;width:240px">
<div id="editable" contenteditable="true" style="position:absolute;left:40px;top:320px;width:300px;height:40px;border:1px solid #888"></div>
<input id="plain" style="position:absolute;left:40px;top:400px;width:240px">
<script>
  const openRoot = document.getElementById('open-host').attachShadow({ mode: 'open' });
  openRoot.innerHTML = '<input type="password" style="width:240px">';
  const closedRoot = document.getElementById('closed-host').attachShadow({ mode: 'closed' });
  closedRoot.innerHTML = '<input type="password" style="width:240px">';
  window.fieldValues = () => ({
    open: openRoot.querySelector('input').value,
    closed: closedRoot.querySelector('input').value,
    card: document.getElementById('card').value,
    otp: document.getElementById('otp').value,
    editable: document.getElementById('editable').textContent,
    plain: document.getElementById('plain').value,
  });
</script>
</body>`;

/** What is typed where: none of it may be stored. */
const TYPED = {
  open: 'hunter2',
  closed: 'swordfish',
  card: '4242424242424242',
  otp: '913577',
  editable: 'secret plans',
  // Capitals: the stored ids are random lower-case letters and digits ('794jor-1'), which could spell 'jo' by chance.
  plain: 'Jo Doe',
} as const;

describe('privacy and trust', () => {
  let browser: ExtensionBrowser;
  let server: TestPageServer;
  let workDir: string;
  let foreign: { dir: string; id: string };
  /** The recording the first test makes: the one others try to replace. */
  let victim: SiteRecording;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'clickreel-trust-'));
    foreign = await writeForeignExtension(workDir);
    browser = await launchWithExtension(inject('extensionDir'), [], undefined, [foreign.dir]);
    server = await serveTestPage('tests/fixtures/pages/marker-page.ts', {
      '/fields': { type: 'text/html', body: FIELDS_PAGE },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /** Clicks into the middle of an element (a shadow host too), then types. */
  async function typeInto(page: Page, selector: string, text: string): Promise<void> {
    const box = await page.locator(selector).boundingBox();
    if (!box) throw new Error(`no ${selector}`);
    await page.mouse.click(box.x + Math.min(box.width / 2, 60), box.y + Math.min(box.height / 2, 10));
    await page.keyboard.type(text, { delay: 15 });
  }

  test('nothing typed is stored: passwords in open and closed shadow roots, a card number, a one-time code, a contenteditable, a text field', async () => {
    const { page } = await openAndRecord(browser, server.url('/fields'));
    await typeInto(page, '#open-host', TYPED.open);
    await typeInto(page, '#closed-host', TYPED.closed);
    await typeInto(page, '#card', TYPED.card);
    // A shortcut in a card field is kept as typing too: nothing of a secret field is kept.
    await page.keyboard.press('Control+Shift+KeyZ');
    await typeInto(page, '#otp', TYPED.otp);
    await typeInto(page, '#editable', TYPED.editable);
    await typeInto(page, '#plain', TYPED.plain);
    await page.keyboard.press('Control+KeyK');
    // The text really went into each field.
    expect(await page.evaluate(() => (globalThis as unknown as { fieldValues(): unknown }).fieldValues())).toEqual(
      TYPED,
    );
    const earlier = openPages(browser);
    expect((await timedCommand(browser, 'stop')).phase).toBe('idle');
    const editor = await waitForEditor(browser, earlier);
    const id = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
    victim = await readSiteRecording(editor, id);
    const { recording } = victim;

    // Only the one shortcut typed outside a secret field keeps its key; every other press is a time alone.
    expect(recording.shortcuts).toEqual([
      { t: expect.any(Number), key: 'k', code: 'KeyK', ctrl: true, alt: false, shift: false, meta: false },
    ]);
    const presses = Object.values(TYPED).join('').length + 1;
    expect(recording.typing).toHaveLength(presses);
    for (const marker of recording.typing) expect(Object.keys(marker)).toEqual(['t']);
    const stored = JSON.stringify(recording);
    for (const text of Object.values(TYPED)) {
      expect(stored).not.toContain(text);
      for (const word of text.split(' ')) expect(stored).not.toContain(word);
    }
    expect(stored.match(/"Key[A-Z]"|"Digit\d"/g) ?? []).toEqual(['"KeyK"']);
    console.log(
      `typed ${presses} keys in six fields: stored ${recording.typing.length} typing times, shortcuts ${JSON.stringify(recording.shortcuts.map((s) => s.key))}`,
    );
    await editor.close();
    await page.close();
  });

  /** The victim as the site stores it now. */
  async function victimNow(page: Page): Promise<SiteRecording> {
    return readSiteRecording(page, victim.recording.id);
  }

  /** Ids of every recording the site stores. */
  async function storedIds(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('clickreel-recordings');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const keys = await new Promise<IDBValidKey[]>((resolve) => {
        const request = db.transaction('recordings').objectStore('recordings').getAllKeys();
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      return keys.map(String).sort();
    });
  }

  for (const claim of ['its own id', 'Clickreel’s id'] as const) {
    test(`another extension with no permissions cannot hand over a recording (naming ${claim}): the victim stays as it was`, async () => {
      const attacker = await browser.context.newPage();
      await attacker.goto(`chrome-extension://${foreign.id}/attack.html`);
      const earlier = openPages(browser);
      const forged: Recording = { ...victim.recording, name: 'Replaced by another extension' };
      await attacker.evaluate(
        (attack) => {
          (globalThis as unknown as { attackWith: unknown }).attackWith = attack;
        },
        {
          site: inject('siteUrl'),
          recording: forged,
          claimedId: claim === 'its own id' ? foreign.id : browser.extensionId,
        },
      );
      await attacker.getByRole('button', { name: 'Go' }).click();
      await expect.poll(() => browser.context.pages().find((p) => !earlier.has(p) && p !== attacker)).toBeTruthy();
      const editor = browser.context.pages().find((p) => !earlier.has(p) && p !== attacker) as Page;
      await editor.waitForLoadState();
      // It pushed its port unasked too; the site took none of it.
      const report = () =>
        attacker.evaluate(() => (globalThis as unknown as { report: { ready: number; pushed: number } }).report);
      await expect.poll(async () => (await report()).pushed, { timeout: 10_000 }).toBe(1);
      if (claim === 'its own id') {
        await expect
          .poll(() => editor.getByRole('alert').textContent())
          .toMatch(new RegExp(`extension that is not Clickreel \\(${foreign.id}\\).*nothing was received`));
      }
      // The editor only ever says it is ready to the extension it trusts, never to this one.
      expect((await report()).ready).toBe(0);
      const after = await victimNow(editor);
      expect(after.recording).toEqual(victim.recording);
      expect(after.video.equals(victim.video)).toBe(true);
      expect(await storedIds(editor)).toEqual([victim.recording.id]);
      await editor.close();
      await attacker.close();
    });
  }

  test('our extension handing over a recording whose id is stored already keeps both', async () => {
    const page = await browser.context.newPage();
    await page.goto(`chrome-extension://${browser.extensionId}/handoff.html`);
    // A finished recording under the victim's id, as the recorder leaves it in the extension.
    await page.evaluate(
      async ({ recording, video }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('clickreel-extension');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tx = db.transaction(['sessions', 'chunks'], 'readwrite');
        tx.objectStore('chunks').put({
          sessionId: recording.id,
          stream: 'video',
          index: 0,
          wall: Date.now(),
          size: video.length,
          blob: new Blob([new Uint8Array(video)]),
        });
        tx.objectStore('sessions').put({
          id: recording.id,
          tabId: 1,
          state: 'finished',
          createdAt: recording.createdAt,
          page: recording.page,
          viewport: recording.viewport,
          clock: null,
          video: null,
          webcam: null,
          audio: recording.audio,
          recording: { ...recording, name: 'Second take' },
          recovered: false,
        });
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { recording: victim.recording, video: [...victim.video] },
    );
    await page.close();
    const earlier = openPages(browser);
    await openInEditor(browser, victim.recording.id);
    const editor = await waitForEditor(browser, earlier);
    const copyId = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
    expect(copyId).toMatch(new RegExp(`^${victim.recording.id}-copy-[0-9a-f]{8}$`));
    expect((await readSiteRecording(editor, copyId)).recording.name).toBe('Second take');
    const after = await victimNow(editor);
    expect(after.recording).toEqual(victim.recording);
    expect(after.video.equals(victim.video)).toBe(true);
    expect(await storedIds(editor)).toEqual([victim.recording.id, copyId].sort());
    await editor.close();
  });
});
