// The editor as a studio, at the two sizes a buyer's screen has: a full-window app whose preview, inspector and
// timeline are all in view with nothing to scroll, one thing selected at a time (its properties in the inspector on
// the right, Escape selects nothing), and text callouts and blur boxes made, moved and resized on lanes of their own.
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from '../support/browser';

/** A recording the extension made of a settings form (24 s, 1280x720, six clicks) and a still video as long. */
const TRACK = 'tests/fixtures/recordings/account-settings-form.json';
const VIDEO = 'tests/fixtures/recordings/account-settings-form-still.webm';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

/** Whether `box` lies wholly inside the window (a pixel of rounding allowed). */
function inside(box: Box, viewport: { width: number; height: number }): boolean {
  return (
    box.x >= -1 && box.y >= -1 && box.x + box.width <= viewport.width + 1 && box.y + box.height <= viewport.height + 1
  );
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

describe('the editor is a studio', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openAt(viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await page.goto(`${inject('siteUrl')}/editor`);
    await page.getByTestId('open-files').setInputFiles([VIDEO, TRACK]);
    await page.locator('[data-state=showing]').waitFor({ timeout: 60_000 });
    await page.getByTestId('timeline').waitFor();
    return page;
  }

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width}x${viewport.height} the preview, the inspector and the timeline are in the window, and the page does not scroll`, async () => {
      const page = await openAt(viewport);
      // The preview takes its size from the space left once the layout has settled.
      await expect
        .poll(async () => (await boxOf(page.getByTestId('preview'))).width)
        .toBeGreaterThan(viewport.width * 0.4);
      const parts = {
        preview: page.getByTestId('preview'),
        inspector: page.getByTestId('inspector'),
        timeline: page.getByTestId('timeline'),
        'the app bar': page.locator('.editor-bar'),
      };
      for (const [name, part] of Object.entries(parts)) {
        const box = await boxOf(part);
        expect(inside(box, viewport), `${name} at ${JSON.stringify(box)}`).toBe(true);
      }
      // The inspector is as tall as the window under the app bar (not a box that stops part way down).
      const inspector = await boxOf(parts.inspector);
      const bar = await boxOf(parts['the app bar']);
      expect(inspector.y).toBeCloseTo(bar.y + bar.height, -1);
      expect(inspector.y + inspector.height).toBeGreaterThan(viewport.height - 40);
      // Every lane of the timeline is there, the text and blur lanes too.
      for (const lane of ['Video', 'Zoom', 'Speed', 'Text', 'Blur'])
        await expect(
          page.getByTestId('timeline').getByRole('group', { name: lane, exact: true }).count(),
        ).resolves.toBe(1);
      // No site navigation or footer: the window is the app.
      await expect(page.getByRole('navigation').count()).resolves.toBe(0);
      await expect(page.locator('footer').count()).resolves.toBe(0);
      const scroll = await page.evaluate(() => ({
        height: document.scrollingElement?.scrollHeight,
        width: document.scrollingElement?.scrollWidth,
      }));
      expect(scroll).toEqual({ height: viewport.height, width: viewport.width });
      await page.close();
    });
  }

  test('one thing selected at a time, shown in the inspector; Escape selects nothing; text and blur boxes are made, moved and resized on their lanes', async () => {
    const page = await openAt(VIEWPORTS[0]);
    const inspector = page.getByTestId('inspector');
    const selection = () => inspector.getAttribute('data-selection');
    // Nothing selected: the look's tabs.
    await expect(page.getByRole('tablist', { name: 'Settings' }).isVisible()).resolves.toBe(true);

    await page.getByTestId('zoom-segment').first().getByRole('button').click();
    await expect.poll(selection).toBe('zoom');
    await expect(page.getByRole('region', { name: 'Selected zoom' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('tablist', { name: 'Settings' }).isVisible()).resolves.toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(selection).toBe('none');
    await expect(page.getByRole('tablist', { name: 'Settings' }).isVisible()).resolves.toBe(true);

    // A drag along the empty text lane makes a caption over the time dragged, selected in the inspector.
    const textLane = await boxOf(page.getByTestId('timeline').getByRole('group', { name: 'Text', exact: true }));
    const lanes = await boxOf(page.locator('.video-lane'));
    const at = (fraction: number, box: Box) => ({ x: lanes.x + lanes.width * fraction, y: box.y + box.height / 2 });
    await drag(page, at(0.5, textLane), at(0.75, textLane));
    const caption = page.getByTestId('callout-block');
    await expect.poll(() => caption.count()).toBe(1);
    await expect.poll(selection).toBe('callout');
    await expect(page.getByLabel('Caption 1 words').inputValue()).resolves.toBe('Your caption');
    const seconds = async (label: string) => Number(await page.getByLabel(label).inputValue());
    const duration = 23.8;
    expect(await seconds('Caption 1 from (s)')).toBeCloseTo(duration * 0.5, 0);
    expect(await seconds('Caption 1 to (s)')).toBeCloseTo(duration * 0.75, 0);
    // Moved by its body, a tenth of the timeline later; then its end grip back.
    const block = await boxOf(caption);
    await drag(
      page,
      { x: block.x + block.width / 2, y: block.y + block.height / 2 },
      { x: block.x + block.width / 2 + lanes.width * 0.1, y: block.y + block.height / 2 },
    );
    expect(await seconds('Caption 1 from (s)')).toBeCloseTo(duration * 0.6, 0);
    const end = await boxOf(caption.getByRole('slider', { name: 'Caption 1 end' }));
    await drag(page, { x: end.x + end.width / 2, y: end.y + end.height / 2 }, at(0.7, end));
    expect(await seconds('Caption 1 to (s)')).toBeCloseTo(duration * 0.7, 0);
    expect(await seconds('Caption 1 from (s)')).toBeCloseTo(duration * 0.6, 0);

    // A blur box the same way, on its lane: the caption is no longer selected.
    const blurLane = await boxOf(page.getByTestId('timeline').getByRole('group', { name: 'Blur', exact: true }));
    await drag(page, at(0.1, blurLane), at(0.3, blurLane));
    await expect.poll(() => page.getByTestId('blur-block').count()).toBe(1);
    await expect.poll(selection).toBe('blur-box');
    await expect(page.getByRole('region', { name: 'Selected text' }).count()).resolves.toBe(0);
    expect(await seconds('Blur box 1 from (s)')).toBeCloseTo(duration * 0.1, 0);
    expect(await seconds('Blur box 1 to (s)')).toBeCloseTo(duration * 0.3, 0);
    const blur = await boxOf(page.getByTestId('blur-block'));
    await drag(
      page,
      { x: blur.x + blur.width / 2, y: blur.y + blur.height / 2 },
      { x: blur.x + blur.width / 2 + lanes.width * 0.2, y: blur.y + blur.height / 2 },
    );
    expect(await seconds('Blur box 1 from (s)')).toBeCloseTo(duration * 0.3, 0);
    // Delete removes what is selected; Escape then selects nothing.
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('blur-block').count()).toBe(0);
    await expect.poll(selection).toBe('none');

    // The trim grips select the trim, its times in the inspector.
    await page.getByRole('slider', { name: 'Trim end' }).focus();
    await expect.poll(selection).toBe('trim');
    await expect(page.getByLabel('Trim end (s)').inputValue()).resolves.toBe('23.80');
    await page.keyboard.press('Escape');
    await expect.poll(selection).toBe('none');
    await page.close();
  });
});
