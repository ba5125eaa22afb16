// The editor under the site's Content-Security-Policy: a real recording handed over by the extension opens,
// exports and reopens offline, and the browser reports no violation in the page or in its workers.
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type ExtensionBrowser, exportToDownloads, launchWithExtension } from '../support/browser';
import { probeVideo } from '../support/export-checks';
import { openAndRecord, openPages, timedCommand, waitForEditor, wander } from '../support/recording-harness';
import { serveTestPage, type TestPageServer } from '../support/test-page-server';

interface Violation {
  readonly directive: string;
  readonly blocked: string;
  readonly page: string;
}

/** Violations the page saw (`securitypolicyviolation`), gathered from the first script on. */
function collectViolations(): void {
  const seen: Violation[] = [];
  (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
  document.addEventListener('securitypolicyviolation', (event) => {
    seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, page: location.pathname });
  });
}

const violationsIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations?: Violation[] }).cspViolations ?? []);

const CSP_MESSAGE = /Content Security Policy|Refused to/i;

/**
 * CSP messages logged inside the page's workers (the export worker), which neither the page's events nor
 * Playwright's console see: a DevTools session attaches to each worker and reads its log (entries logged
 * before it attached are replayed by Log.enable).
 */
async function watchWorkerLogs(browser: ExtensionBrowser, page: Page) {
  const cdp = await browser.context.newCDPSession(page);
  const messages: string[] = [];
  const workers: string[] = [];
  let id = 1000;
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type !== 'worker') return;
    workers.push(event.targetInfo.url);
    void cdp
      .send('Target.sendMessageToTarget', {
        sessionId: event.sessionId,
        message: JSON.stringify({ id: id++, method: 'Log.enable', params: {} }),
      })
      .catch(() => undefined);
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { method?: string; params?: { entry?: { text?: string } } };
    if (message.method === 'Log.entryAdded') messages.push(message.params?.entry?.text ?? '');
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return { messages, workers, stop: () => cdp.detach().catch(() => undefined) };
}

describe('the editor under the Content-Security-Policy', () => {
  let browser: ExtensionBrowser;
  let server: TestPageServer;
  let dir: string;
  let editor: Page;
  let recordingId: string;
  const consoleMessages: string[] = [];

  // A real recording of a test page, handed to the editor by the extension.
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-csp-'));
    browser = await launchWithExtension(inject('extensionDir'));
    await browser.context.addInitScript(collectViolations);
    // The test cannot answer a save dialog: exports go to the downloads (the private-file path).
    await exportToDownloads(browser.context);
    const listen = (page: Page) =>
      page.on('console', (message) => {
        if (CSP_MESSAGE.test(message.text())) consoleMessages.push(`${page.url()}: ${message.text()}`);
      });
    browser.context.pages().forEach(listen);
    browser.context.on('page', listen);
    server = await serveTestPage('tests/fixtures/pages/marker-page.ts');
    const { page } = await openAndRecord(browser, server.url('/'));
    await wander(page, 30, 100, 200);
    const earlier = openPages(browser);
    expect((await timedCommand(browser, 'stop')).phase).toBe('idle');
    editor = await waitForEditor(browser, earlier);
    recordingId = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
    expect(recordingId).toBeTruthy();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the editor compiles WebAssembly (the painter kernels) and exports, with no violation in its worker', async () => {
    await expect(
      editor.evaluate(() => WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(() => 'compiled')),
    ).resolves.toBe('compiled');

    const workerLogs = await watchWorkerLogs(browser, editor);
    await editor.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = editor.getByRole('dialog');
    await dialog.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: 'mp4' }).check();
    await dialog
      .getByRole('radiogroup', { name: 'Size' })
      .getByLabel(/^Source size \(/)
      .check();
    const download = editor.waitForEvent('download', { timeout: 120_000 });
    await dialog.getByRole('button', { name: 'Export MP4' }).click();
    const file = await download;
    const path = join(dir, 'export.mp4');
    await file.saveAs(path);
    await expect.poll(() => dialog.getAttribute('data-export-state'), { timeout: 60_000 }).toBe('done');
    expect(statSync(path).size).toBeGreaterThan(1000);
    // The tab's sound went in as MP3 (this Chromium has no AAC encoder): the export worker started the MP3
    // encoder's worker from a blob: URL, and it compiled its WebAssembly, under the worker's policy.
    expect(['mp3', 'aac']).toContain(probeVideo(path).audioCodec);
    expect(workerLogs.workers.some((url) => /\/_astro\/export-worker[.-]/.test(url))).toBe(true);
    await workerLogs.stop();
    expect(workerLogs.messages.filter((text) => CSP_MESSAGE.test(text))).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, 180_000);

  test('the editor reopens the recording offline, and no page saw a violation', async () => {
    await expect
      .poll(() => editor.evaluate(() => document.documentElement.dataset.swState), { timeout: 60_000 })
      .toMatch(/^(activated|offline ready)$/);
    const violationsOnline = await violationsIn(editor);
    await browser.context.setOffline(true);
    try {
      await editor.reload();
      await editor.locator(`[data-state=showing][data-recording-id="${recordingId}"]`).waitFor({ timeout: 60_000 });
    } finally {
      await browser.context.setOffline(false);
    }
    expect([...violationsOnline, ...(await violationsIn(editor))]).toEqual([]);
    expect(consoleMessages).toEqual([]);
  }, 150_000);

  test('pages other than the editor may not compile WebAssembly', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${inject('siteUrl')}/recordings`);
    const outcome = await page.evaluate(() =>
      WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(
        () => 'compiled',
        (error: Error) => error.name,
      ),
    );
    expect(outcome).toBe('CompileError');
    await expect
      .poll(() => violationsIn(page))
      .toEqual([expect.objectContaining({ directive: 'script-src', blocked: 'wasm-eval' })]);
    await page.close();
  });
});
