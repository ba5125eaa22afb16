import { describe, expect, test } from 'vitest';
import { buildManifestUrl, isNewBuild, latestBuildUrl, parseBuildInfo, parseBuildManifest } from './builds';
import { importedScripts, offlineFillTiming, pageScripts, scriptsReached } from './offline-cache';
import { isFastConnection, prefetchSkipReason, routesToPreload, runLimited } from './prefetch';
import { onTakeover, reloadQuestion, serviceWorkerNotice } from './service-worker-states';
import { clampTimerDelay, MAX_TIMER_DELAY_MS } from './timers';

describe('timers', () => {
  test('a delay beyond 2147483647 ms is clamped instead of firing at once', () => {
    expect(MAX_TIMER_DELAY_MS).toBe(2147483647);
    expect(clampTimerDelay(30 * 24 * 60 * 60 * 1000)).toBe(2147483647);
    expect(clampTimerDelay(-5)).toBe(0);
    expect(clampTimerDelay(Number.NaN)).toBe(0);
    expect(clampTimerDelay(1000)).toBe(1000);
  });
});

describe('build checks', () => {
  test('the latest build info is asked with a cache-busting timestamp', () => {
    expect(latestBuildUrl(1234)).toBe('/builds/latest.json?t=1234');
    expect(latestBuildUrl(1234)).not.toBe(latestBuildUrl(1235));
    expect(buildManifestUrl('a b')).toBe('/builds/meta/a%20b.json');
  });

  test('only a readable, different build id counts as a new build', () => {
    expect(isNewBuild('one', parseBuildInfo({ id: 'two', timestamp: 5 }))).toBe(true);
    expect(isNewBuild('one', parseBuildInfo({ id: 'one', timestamp: 5 }))).toBe(false);
    expect(isNewBuild('one', parseBuildInfo('<!doctype html>'))).toBe(false);
    expect(isNewBuild('one', parseBuildInfo({ id: '' }))).toBe(false);
    expect(parseBuildManifest({ id: 'x', timestamp: 1, routes: ['/', 3, '/editor'] })?.routes).toEqual([
      '/',
      '/editor',
    ]);
    expect(parseBuildManifest({ id: 'x' })).toBeNull();
  });
});

describe('prefetch', () => {
  test('is left out on save-data and 2g connections', () => {
    expect(prefetchSkipReason({ saveData: true, effectiveType: '4g' })).toBe('save-data');
    expect(prefetchSkipReason({ effectiveType: '2g' })).toBe('2g');
    expect(prefetchSkipReason({ effectiveType: 'slow-2g' })).toBe('2g');
    expect(prefetchSkipReason({ effectiveType: '3g' })).toBeNull();
    expect(prefetchSkipReason(undefined)).toBeNull();
    expect(isFastConnection({ effectiveType: '3g' })).toBe(false);
    expect(isFastConnection(undefined)).toBe(true);
  });

  test('preloads the other prerendered routes a page links to, each once', () => {
    const origin = 'https://clickreel.test';
    const links = ['/install', '/licenses/', 'https://other.test/editor', '/install', '/', '/nowhere', '/editor#x'].map(
      (href) => new URL(href, origin),
    );
    expect(routesToPreload(links, origin, '/', ['/', '/install', '/licenses', '/editor'])).toEqual([
      '/install',
      '/licenses',
      '/editor',
    ]);
  });

  test('never runs more than the limit at once, and a failure does not stop the rest', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const failed: number[] = [];
    await runLimited(
      Array.from({ length: 12 }, (_, i) => i),
      5,
      async (i) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 1 + (i % 3)));
        running--;
        if (i === 4) throw new Error('404');
        done.push(i);
      },
      (i) => failed.push(i),
    );
    expect(most).toBe(5);
    expect(failed).toEqual([4]);
    expect(done).toHaveLength(11);
  });
});

describe('offline cache', () => {
  test('the editor and library fill it at once; other pages only when idle on a fast connection', () => {
    expect(offlineFillTiming('/editor', { saveData: true })).toBe('now');
    expect(offlineFillTiming('/recordings/', undefined)).toBe('now');
    expect(offlineFillTiming('/', { effectiveType: '4g' })).toBe('when idle');
    expect(offlineFillTiming('/', { effectiveType: '4g', saveData: true })).toBe('never');
    expect(offlineFillTiming('/', { effectiveType: '3g' })).toBe('never');
  });

  test('a page starts with its module scripts, what an inline one imports, and its islands; not classic scripts', () => {
    const html = `<script>window.zod = 1</script>
      <script type="module" src="/_astro/Default.a1.js"></script>
      <script type="module">import "/_astro/inline.b2.js"; import { x } from './rel.c3.js';</script>
      <astro-island component-url="/_astro/Editor.d4.js" renderer-url="/_astro/client.e5.js"></astro-island>`;
    expect(pageScripts(html)).toEqual([
      '/_astro/Default.a1.js',
      '/_astro/inline.b2.js',
      './rel.c3.js',
      '/_astro/Editor.d4.js',
      '/_astro/client.e5.js',
    ]);
  });

  test('the shell follows imports (minified or not, static or dynamic) to the end, and nothing else', () => {
    expect(
      importedScripts('import"./a.js";import{b as c}from"./b.js";const w=import("./lazy.js");"./named.js"'),
    ).toEqual(['./a.js', './b.js', './lazy.js']);
    const code: Record<string, string> = {
      '/_astro/install.js': 'import{s}from"./status.js";s()',
      '/_astro/status.js': 'import"./schemas.js";export const s=()=>import("./workbox.js")',
      '/_astro/schemas.js': 'import "../_astro/status.js"; export {}',
      '/_astro/workbox.js': 'export {}',
      '/_astro/Editor.js': 'import "./export.js"',
    };
    expect([...scriptsReached(['/_astro/install.js'], (path) => code[path])].sort()).toEqual([
      '/_astro/install.js',
      '/_astro/schemas.js',
      '/_astro/status.js',
      '/_astro/workbox.js',
    ]);
  });
});

describe('updates and the user', () => {
  test('offline ready and a waiting version are told; a new version offers Reload', () => {
    expect(serviceWorkerNotice('offline ready')).toEqual({ text: 'Ready to work offline', reload: false });
    expect(serviceWorkerNotice('need refresh')).toEqual({ text: 'A new version is available', reload: true });
    expect(serviceWorkerNotice('waiting')?.reload).toBe(true);
    expect(serviceWorkerNotice('activated')).toBeNull();
  });

  test('a page in the middle of editing or exporting is never reloaded under the user', () => {
    expect(onTakeover(new Set())).toBe('reload');
    expect(onTakeover(new Set(['editing']))).toBe('ask');
    expect(onTakeover(new Set(['exporting']))).toBe('ask');
    expect(reloadQuestion(new Set(['exporting']))).toMatch(/export is running/);
    expect(reloadQuestion(new Set(['editing']))).toBeNull();
  });
});
