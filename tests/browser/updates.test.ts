import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from '../support/browser';
import { startSiteInstance } from '../support/site-instance';

/** A copy of this run's built site, served by its own server on a port of its own: a deploy replaces it. */
interface Deployment {
  readonly url: string;
  readonly buildId: string;
  /**
   * Deploys a new build as a real deploy does: the server stops, the files change (a new id on every page and in
   * /builds/latest.json, a changed service worker), and a server starts on the same origin. The server indexes its
   * files and their precompressed copies when it starts, so files changed under a running one are not served.
   */
  deploy(newId: string): Promise<void>;
  remove(): Promise<void>;
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** Writes a built file anew; its precompressed copies, now stale, go (the server then sends the file itself). */
async function rewrite(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  await Promise.all([rm(`${file}.br`, { force: true }), rm(`${file}.gz`, { force: true })]);
}

async function startDeployment(): Promise<Deployment> {
  // Inside the repository: the built server resolves its packages from node_modules.
  const dir = await mkdtemp(resolve('dist/test-builds/deploy-'));
  await cp(join(inject('buildDir'), 'site'), join(dir, 'site'), { recursive: true });
  const clientDir = join(dir, 'site/client');
  const latest = JSON.parse(await readFile(join(clientDir, 'builds/latest.json'), 'utf8')) as { id: string };
  let site = await startSiteInstance(dir, inject('siteEnv'), {});
  const port = Number(new URL(site.url).port);
  return {
    url: site.url,
    buildId: latest.id,
    async deploy(newId) {
      await site.stop();
      const info = { id: newId, timestamp: Date.now() };
      await rewrite(join(clientDir, 'builds/latest.json'), JSON.stringify(info));
      await rewrite(join(clientDir, `builds/meta/${newId}.json`), JSON.stringify({ ...info, routes: ['/install'] }));
      for (const file of await htmlFiles(clientDir)) {
        const html = await readFile(file, 'utf8');
        await rewrite(file, html.replaceAll(`data-build-id="${latest.id}"`, `data-build-id="${newId}"`));
      }
      // New pages mean new precache revisions: the browser sees a new service worker.
      const sw = await readFile(join(clientDir, 'sw.js'), 'utf8');
      await rewrite(join(clientDir, 'sw.js'), sw.replace(/"revision":"([^"]+)"/g, `"revision":"$1-${newId}"`));
      site = await startSiteInstance(dir, inject('siteEnv'), {}, port);
    },
    async remove() {
      await site.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once the page is controlled by an active service worker. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

/** Marks the page's document, so a reload (a new document) is seen. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { marked: boolean }).marked = true;
  });
}
const isMarked = (page: Page) => page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);
const buildIdOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.buildId);

/** What the tab does when the user comes back to it: the page checks for a new build. */
const comeBack = (page: Page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

describe('updates, prefetch and offline', () => {
  let browser: Browser;
  let context: BrowserContext;
  let deployment: Deployment | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  });
  afterEach(async () => {
    await context?.close();
    await deployment?.remove();
    deployment = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('an update deployed while a page is open offers "A new version is available"; Reload brings it in', async () => {
    deployment = await startDeployment();
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${deployment.url}/`);
    await controlled(page);
    await markDocument(page);

    await deployment.deploy('build-two');
    await comeBack(page);
    const notice = page.locator('#update-notice');
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toContain('A new version is available');
    await notice.getByRole('button', { name: 'Reload' }).waitFor({ state: 'visible' });
    // Nothing happened under the user: the same document, the old build.
    await expect(isMarked(page)).resolves.toBe(true);
    await expect(buildIdOf(page)).resolves.toBe(deployment.buildId);

    await Promise.all([page.waitForEvent('load'), notice.getByRole('button', { name: 'Reload' }).click()]);
    await expect.poll(() => buildIdOf(page)).toBe('build-two');
    await expect(isMarked(page)).resolves.toBe(false);
    const active = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    expect(active).toBe('activated');
  });

  test('a new build id loads the new build on the next navigation, and not before', async () => {
    deployment = await startDeployment();
    context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${deployment.url}/`);
    await controlled(page);
    await markDocument(page);

    await deployment.deploy('build-three');
    await comeBack(page);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.newBuild), { timeout: 30_000 })
      .toBe('build-three');
    await expect(isMarked(page)).resolves.toBe(true);
    await expect(buildIdOf(page)).resolves.toBe(deployment.buildId);

    await page.locator('a[href="/install"]').first().click();
    // The limit guards against a hang only (a loaded machine once took over 30 s to load the page).
    await page.waitForURL(/\/install$/, { timeout: 60_000 });
    await expect.poll(() => buildIdOf(page), { timeout: 30_000 }).toBe('build-three');
    // The new page installs the new version, which takes control: the site still works offline after the update.
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    await expect(buildIdOf(page)).resolves.toBe('build-three');
    await context.setOffline(false);
  }, 150_000);

  test('a chunk that fails to load reloads the page once, not in a loop', async () => {
    context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await context.route(/\/_astro\/open-recording\.[^/]+\.js$/, (route) => route.fulfill({ status: 404 }));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${inject('siteUrl')}/editor`);
    await page.getByText('No recording yet').waitFor();
    const clip = { name: 'clip.webm', mimeType: 'video/webm', buffer: Buffer.from('not read: its code never loads') };
    // Opening a file needs the opening code, whose chunk fails: the page reloads once to fetch the current build.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('open-files').setInputFiles(clip)]);
    await page.getByText('No recording yet').waitFor();
    // Failing again right away is shown, not reloaded again.
    await page.getByTestId('open-files').setInputFiles(clip);
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .textContent()
            .catch(() => ''),
        { timeout: 30_000 },
      )
      .toMatch(/dynamically imported module/i);
    expect(loads).toBe(2);
    const reloads = await page.evaluate(() => sessionStorage.getItem('clickreel:chunk-reloads'));
    expect(Object.keys(JSON.parse(reloads ?? '{}'))).toEqual(['/editor']);
  });

  test('save-data suppresses prefetch; otherwise pages linked are preloaded about a second after load', async () => {
    context = await browser.newContext({ serviceWorkers: 'block' });
    const siteUrl = inject('siteUrl');
    const preloads = (page: Page) => {
      const seen = { manifest: 0, routes: 0, inFlight: 0, mostInFlight: 0 };
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/builds/meta/')) seen.manifest++;
        else if (request.resourceType() === 'fetch' && !path.startsWith('/builds/')) {
          seen.routes++;
          seen.mostInFlight = Math.max(seen.mostInFlight, ++seen.inFlight);
        }
      });
      const done = (request: { url(): string; resourceType(): string }) => {
        const path = new URL(request.url()).pathname;
        if (request.resourceType() === 'fetch' && !path.startsWith('/builds/')) seen.inFlight--;
      };
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      return seen;
    };
    const prefetchOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.prefetch ?? '');

    const normal = await context.newPage();
    const normalSeen = preloads(normal);
    await normal.goto(`${siteUrl}/`);
    await expect.poll(() => prefetchOf(normal), { timeout: 30_000 }).toMatch(/^done: [1-9]/);
    expect(normalSeen.manifest).toBe(1);
    expect(normalSeen.routes).toBeGreaterThan(0);
    expect(normalSeen.mostInFlight).toBeLessThanOrEqual(5);

    const sparing = await context.newPage();
    await sparing.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => ({ saveData: true, effectiveType: '4g' }),
      }),
    );
    const sparingSeen = preloads(sparing);
    await sparing.goto(`${siteUrl}/`);
    await expect.poll(() => prefetchOf(sparing), { timeout: 30_000 }).toBe('skipped: save-data');
    expect(sparingSeen).toMatchObject({ manifest: 0, routes: 0 });
  });

  test('/editor and /recordings open offline after one visit; the landing page installs only the shell, which runs the other pages offline', async () => {
    context = await browser.newContext();
    const siteUrl = inject('siteUrl');
    const page = await context.newPage();
    await page.goto(`${siteUrl}/`);
    await controlled(page);
    const appCached = () =>
      page.evaluate(async () => {
        const cache = await caches.open('clickreel-app');
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      });
    expect((await appCached()).filter((path) => path.includes('export-worker'))).toEqual([]);
    // The shell holds what the other pages start with: offline, /install still runs its script (the status line).
    await context.setOffline(true);
    const install = await context.newPage();
    await install.goto(`${siteUrl}/install`);
    await expect
      .poll(() => install.locator('[data-extension-status]').getAttribute('data-extension-status'))
      .toBe('not-installed');
    await install.close();
    await context.setOffline(false);

    await page.goto(`${siteUrl}/editor`);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.offlineCache), { timeout: 60_000 })
      .toBe('ready');
    expect((await appCached()).some((path) => path.includes('export-worker'))).toBe(true);

    await context.setOffline(true);
    const editor = await context.newPage();
    await editor.goto(`${siteUrl}/editor`);
    // The empty editor's own button (the navigation has one too, shown before the island runs).
    await editor
      .getByRole('region', { name: 'No recording yet' })
      .getByRole('button', { name: 'Open a video…' })
      .waitFor({ timeout: 30_000 });
    const library = await context.newPage();
    await library.goto(`${siteUrl}/recordings`);
    await library.getByText('No recordings yet').waitFor({ timeout: 30_000 });
    await context.setOffline(false);
  });
});
