import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';

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

  test('/editor with a recording open', async () => {
    const violations = await pageAt(`${inject('siteUrl')}/editor`, async (page) => {
      await page.getByTestId('open-files').setInputFiles([VIDEO, TRACK]);
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
