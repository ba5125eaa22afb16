import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { type ExtensionBrowser, launchWithExtension } from './support/browser';

/** A recording the extension made of a settings form (24 s, 1280x720, six clicks): its track, without its video. */
const TRACK = 'tests/fixtures/recordings/account-settings-form.json';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core (the engine Lighthouse's accessibility audit runs) over the whole page as it is now: every WCAG 2.x A and
 * AA rule and axe's best practices. Evaluated through the DevTools protocol, so the pages' strict CSPs (the extension's
 * included) do not stand in its way.
 */
async function violationsOn(page: Page, axeSource: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(() =>
    (
      globalThis as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe
      .run(document, { resultTypes: ['violations'] })
      .then((result) => result.violations),
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((node) => `${JSON.stringify(node.target)} ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
        .join(' | ')}`,
  );
}

describe('accessibility (axe-core): no violations', () => {
  let browser: ExtensionBrowser;
  let axeSource: string;
  let dir: string;
  let videoPath: string;

  beforeAll(async () => {
    axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    dir = await mkdtemp(join(tmpdir(), 'clickreel-axe-'));
    // A video as long and as large as the track's recording, so the editor opens the two as one recording.
    const track = JSON.parse(await readFile(TRACK, 'utf8')) as {
      video: { width: number; durationMs: number; height: number };
    };
    videoPath = join(dir, 'account-settings-form.webm');
    const ffmpeg = findFfmpeg()?.ffmpeg ?? 'ffmpeg';
    const made = spawnSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', `testsrc2=size=${track.video.width}x${track.video.height}:rate=30`],
      ...['-t', (track.video.durationMs / 1000).toFixed(3), '-c:v', 'libvpx', '-deadline', 'realtime'],
      ...['-cpu-used', '8', '-b:v', '200k', videoPath],
    ]);
    if (made.status !== 0) throw new Error(`ffmpeg could not make the test video: ${made.stderr}`);
    browser = await launchWithExtension(inject('extensionDir'));
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function pageAt(url: string, ready: (page: Page) => Promise<void>): Promise<string[]> {
    const page = await browser.context.newPage();
    try {
      await page.goto(url);
      await ready(page);
      return await violationsOn(page, axeSource);
    } finally {
      await page.close();
    }
  }

  test('the home page', async () => {
    const violations = await pageAt(`${inject('siteUrl')}/`, (page) => page.locator('#pricing').waitFor());
    expect(violations).toEqual([]);
  });

  test('/recordings once its list is read', async () => {
    const violations = await pageAt(`${inject('siteUrl')}/recordings`, async (page) => {
      await page.waitForFunction(() => !document.body.textContent?.includes('Loading'));
    });
    expect(violations).toEqual([]);
  });

  test('/licenses', async () => {
    const violations = await pageAt(`${inject('siteUrl')}/licenses`, (page) =>
      page.getByRole('heading', { level: 1 }).waitFor(),
    );
    expect(violations).toEqual([]);
  });

  test('/editor with a recording open', async () => {
    const violations = await pageAt(`${inject('siteUrl')}/editor`, async (page) => {
      await page.getByTestId('open-files').setInputFiles([videoPath, TRACK]);
      await page.locator('[data-state=showing]').waitFor({ timeout: 60_000 });
      await page.getByTestId('timeline').waitFor();
    });
    expect(violations).toEqual([]);
  });

  test('the extension’s controls', async () => {
    const violations = await pageAt(`chrome-extension://${browser.extensionId}/controls.html`, (page) =>
      page
        .getByRole('button', { name: /record/i })
        .first()
        .waitFor(),
    );
    expect(violations).toEqual([]);
  });
});
