/**
 * Lighthouse (mobile, simulated throttling) on the built site served on a real port: every page of the site.
 * Prints the four category scores of each page, the JavaScript each page loads before interaction (requested before
 * the later of its load event and its largest paint; bytes as transferred, and gzipped as the files would be
 * served compressed), and the bytes a first visit to `/` downloads in all (page, service worker and what it
 * installs). Goals: every score ≥ 95; `/` ≤ 20 KB of JavaScript (gzipped), `/editor` ≤ 120 KB, `/recordings` ≤ 90 KB;
 * a first visit to `/` ≤ 300 KB.
 *
 *   npm run bench:site -- [--skip-build] [--pages /recordings,/editor] [--runs 3]
 *
 * Performance scores come from Lighthouse's simulated throttling, yet it scales the main thread's tasks as they ran:
 * on a loaded machine one run's total blocking time can cost a page ten points, so each page is audited `--runs`
 * times (3) and the median run by performance is reported. The byte counts do not depend on the machine at all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { bin, freePort, run, waitForHttp } from '../../scripts/lib/processes';
import { findBrowser } from '../../scripts/lib/system-tools';
import { SITE_ROUTES } from '../../shared/site/route-guards';
import { CHROMIUM_FLAGS } from '../../tests/support/browser';
import { benchOptions, numberOption, stringOption } from '../bench-options';

/** Every page of the site (SITE_ROUTES). */
const PAGES = SITE_ROUTES;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS = { score: 95, firstVisitKb: 300 };
/**
 * JavaScript before interaction, KB gzipped, where a page has a budget: the home page stays light; the editor's is its
 * React shell; the library's is React and the page's shell: its store (zod, idb) loads once it has painted and
 * mediabunny (thumbnails) only when there is a recording to look at.
 */
const SCRIPT_GOALS_KB: Partial<Record<(typeof PAGES)[number], number>> = { '/': 20, '/editor': 120, '/recordings': 90 };

const USAGE =
  'Usage: npm run bench:site -- [--skip-build] [--pages /a,/b] [--runs 3]   (reuses dist/bench-site with --skip-build; --pages audits only those; each page is audited --runs times and its median run by performance reported)';
const values = benchOptions(USAGE, {
  'skip-build': { type: 'boolean' },
  pages: { type: 'string' },
  runs: { type: 'string', default: '3' },
});
const runs = numberOption(values, 'runs', { min: 1, whole: true });
const chosen = stringOption(values, 'pages')?.split(',') ?? PAGES;
const unknownPage = chosen.find((page) => !(PAGES as readonly string[]).includes(page));
if (unknownPage !== undefined) {
  console.error(`--pages: ${unknownPage} is not a page of the site (${PAGES.join(', ')})\n${USAGE}`);
  process.exit(2);
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
  networkRequestTime?: number;
}

const buildDir = resolve('dist/bench-site');
const clientDir = join(buildDir, 'site/client');
const env: NodeJS.ProcessEnv = { ...process.env, BUILD_DIR: buildDir, ASTRO_TELEMETRY_DISABLED: '1' };
if (!values['skip-build'] && !run(bin('astro'), ['build'], env)) process.exit(1);

const port = await freePort();
const siteUrl = `http://localhost:${port}`;
const site: ChildProcess = spawn(process.execPath, [join(buildDir, 'site/server/entry.mjs')], {
  env: { ...env, PORT: String(port), HOST: 'localhost', SITE_URL: siteUrl },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The file's size gzipped (level 6, what compression middleware uses), or null when it is not a built file. */
async function gzippedSize(url: string): Promise<number | null> {
  const path = new URL(url).pathname;
  try {
    return gzipSync(await readFile(join(clientDir, path)), { level: 6 }).length;
  } catch {
    return null;
  }
}

/** Bytes of a response body as the server sends it to a browser (compressed when it compresses). */
function servedBytes(url: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolvePromise(bytes));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * What installing the service worker downloads on a first visit (Lighthouse's trace leaves the worker's own requests
 * out): /sw.js and the entries it precaches, as served.
 */
async function serviceWorkerInstallBytes(): Promise<{ bytes: number; files: number }> {
  const sw = await readFile(join(clientDir, 'sw.js'), 'utf8');
  // The manifest's entries, as injected ({"revision":…,"url":…}); the editor's code is marked onDemand.
  const urls = [...sw.matchAll(/\{[^{}]*"url":"([^"]+)"[^{}]*\}/g)]
    .filter((match) => !match[0].includes('"onDemand":true'))
    .map((match) => match[1] ?? '');
  let bytes = await servedBytes(`${siteUrl}/sw.js`);
  for (const url of new Set(urls)) bytes += await servedBytes(new URL(url, `${siteUrl}/`).href);
  return { bytes, files: new Set(urls).size + 1 };
}

/** Lighthouse on one page in a fresh browser (a first visit); a run the loaded machine timed out is tried again. */
async function audit(chromePath: string, url: string) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
      return result.lhr;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`Lighthouse on ${url} failed (${String(error)}), trying again.`);
    } finally {
      await chrome.kill();
    }
  }
}

try {
  await waitForHttp(`${siteUrl}/`);
  const chromePath = findBrowser();
  if (!chromePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH.');
  const rows: string[][] = [];
  let failed = false;
  for (const page of chosen) {
    // Several runs, the median by performance reported: a loaded machine lengthens the main thread's tasks, which
    // Lighthouse scales up, so one run's total blocking time can cost a page ten points.
    const audits = [];
    for (let i = 0; i < runs; i++) audits.push(await audit(chromePath, `${siteUrl}${page}`));
    const byPerformance = audits.sort(
      (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
    );
    const lhr = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
    if (!lhr) throw new Error(`No Lighthouse run for ${page}`);
    {
      const scores = CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
      const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
        []) as NetworkItem[];
      const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
      const cutoff = Math.max(observed?.observedLoad ?? 0, observed?.observedLargestContentfulPaint ?? 0);
      const scripts = requests.filter(
        (request) => request.resourceType === 'Script' && (request.networkRequestTime ?? 0) <= cutoff,
      );
      const scriptTransferred = scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      let scriptGzipped = 0;
      for (const request of scripts) scriptGzipped += (await gzippedSize(request.url)) ?? request.transferSize ?? 0;
      let total = requests.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      let totalNote = `${requests.length} requests`;
      if (page === '/') {
        const install = await serviceWorkerInstallBytes();
        total += install.bytes;
        totalNote += ` + service worker install ${kb(install.bytes)} KB in ${install.files} files`;
      }
      const row = [
        page,
        ...scores.map(String),
        `${kb(scriptTransferred)} (${kb(scriptGzipped)} gz)`,
        `${kb(total)} (${totalNote})`,
      ];
      rows.push(row);
      const scriptGoal = SCRIPT_GOALS_KB[page as (typeof PAGES)[number]] ?? Infinity;
      if (scores.some((score) => score < GOALS.score) || scriptGzipped / 1024 > scriptGoal) failed = true;
      if (page === '/' && total / 1024 > GOALS.firstVisitKb) failed = true;
      if (process.env.BENCH_SITE_VERBOSE) {
        // What moves the performance score: each metric's value and score, and where the main thread went.
        const metricIds = [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ];
        console.log(
          page,
          metricIds
            .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'} (${lhr.audits[id]?.score ?? '?'})`)
            .join(', '),
        );
        const bootup = (lhr.audits['bootup-time']?.details as { items?: Record<string, unknown>[] } | undefined)?.items;
        for (const item of bootup ?? []) console.log(page, 'bootup', JSON.stringify(item));
        await writeFile(join(buildDir, `lighthouse${page.replaceAll('/', '-')}.json`), JSON.stringify(lhr));
        for (const request of requests)
          console.log(page, request.resourceType, request.transferSize, request.networkRequestTime, request.url);
      }
    }
  }
  const header = [
    'page',
    'perf',
    'a11y',
    'best practices',
    'SEO',
    'JS before interaction KB',
    'everything downloaded KB',
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  console.log(
    `\nGoals: every score ≥ ${GOALS.score}; JS before interaction (gzipped) ${Object.entries(SCRIPT_GOALS_KB)
      .map(([page, goal]) => `${page} ≤ ${goal} KB`)
      .join(', ')}; first visit to / ≤ ${GOALS.firstVisitKb} KB in all.`,
  );
  console.log(failed ? 'Some goals are missed.' : 'All goals met.');
} finally {
  site.kill('SIGTERM');
}
