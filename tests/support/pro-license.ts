import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** Opens /licenses?licenseKey=… (the link a checkout sends buyers to) and waits until the page shows Pro. */
export async function activateProWithLink(page: Page, key: string): Promise<void> {
  await page.goto(`${inject('siteUrl')}/licenses?licenseKey=${encodeURIComponent(key)}`);
  await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 30_000 }).toBe('Pro');
}
