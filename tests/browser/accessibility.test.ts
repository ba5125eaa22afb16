import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { settingsTab } from '../support/editor-settings';

/** A recording the extension made of a settings form (24 s, 1280x720, six clicks): its track... */
const TRACK = 'tests/fixtures/recordings/account-settings-form.json';
/** ...and a still picture as long and as large as its video, so the editor opens the two as one recording. */
const VIDEO = 'tests/fixtures/recordings/account-settings-form-still.webm';

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

  beforeAll(async () => {
    axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    browser = await launchWithExtension(inject('extensionDir'));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
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

  test('/editor with a recording open, in each selection state', async () => {
    // The recording with a password field the extension hid, so the inspector of hidden fields can be shown too.
    const dir = await mkdtemp(join(tmpdir(), 'clickreel-axe-'));
    const track = JSON.parse(await readFile(TRACK, 'utf8'));
    track.redactions = [
      { id: 'password-1', kind: 'password', boxes: [{ t: 0, box: { x: 0.3, y: 0.4, width: 0.3, height: 0.05 } }] },
    ];
    const trackPath = join(dir, 'account-settings-form.json');
    await writeFile(trackPath, JSON.stringify(track));
    const page = await browser.context.newPage();
    try {
      await page.goto(`${inject('siteUrl')}/editor`);
      await page.getByTestId('open-files').setInputFiles([VIDEO, trackPath]);
      await page.locator('[data-state=showing]').waitFor({ timeout: 60_000 });
      await page.getByTestId('timeline').waitFor();
      const inspector = page.getByTestId('inspector');
      const lane = (await page.locator('.video-lane').boundingBox()) as { x: number; y: number; width: number };
      const dragAlong = async (name: string, from: number, to: number) => {
        const row = (await page.getByTestId('timeline').getByRole('group', { name, exact: true }).boundingBox()) as {
          y: number;
          height: number;
        };
        const y = row.y + row.height / 2;
        await page.mouse.move(lane.x + lane.width * from, y);
        await page.mouse.down();
        await page.mouse.move(lane.x + lane.width * to, y, { steps: 5 });
        await page.mouse.up();
      };
      // Each state as a user reaches it, then axe over the whole page.
      const states: [string, () => Promise<void>][] = [
        ['nothing', async () => undefined],
        ['zoom', () => page.getByTestId('zoom-segment').first().getByRole('button').click()],
        ['range', () => dragAlong('Video', 0.05, 0.15)],
        [
          'speed',
          () => page.getByRole('group', { name: 'Speed up selection' }).getByRole('button', { name: '2×' }).click(),
        ],
        [
          'cut',
          async () => {
            await dragAlong('Video', 0.85, 0.9);
            await page.getByRole('button', { name: 'Cut out selection' }).click();
          },
        ],
        [
          'callout',
          async () => {
            await page.getByRole('button', { name: 'Add text' }).click();
            await page.getByRole('menuitem', { name: 'Add label' }).click();
          },
        ],
        ['blur-box', () => dragAlong('Blur', 0.7, 0.8)],
        ['hidden-field', () => page.getByTestId('hidden-field').first().click()],
        ['trim', () => page.getByRole('slider', { name: 'Trim start' }).focus()],
      ];
      const found: Record<string, string[]> = {};
      for (const [state, reach] of states) {
        await reach();
        await expect.poll(() => inspector.getAttribute('data-selection')).toBe(state === 'nothing' ? 'none' : state);
        found[state] = await violationsOn(page, axeSource);
      }
      // Nothing selected again, on the Presets tab: its starter looks are buttons with pictures.
      await settingsTab(page, 'Presets');
      await page.getByRole('list', { name: 'Starter looks' }).waitFor();
      found['nothing, presets'] = await violationsOn(page, axeSource);
      expect(found).toEqual(
        Object.fromEntries([...states.map(([state]) => state), 'nothing, presets'].map((s) => [s, []])),
      );
    } finally {
      await page.close();
      await rm(dir, { recursive: true, force: true });
    }
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
