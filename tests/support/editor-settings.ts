import type { Locator, Page } from 'playwright-core';

/**
 * The editor's side panel, showing the named tab (Background, Window, Cursor, Zoom, Webcam, Sound, Presets). With
 * something selected the inspector shows that instead: Escape selects nothing first, as a user does.
 */
export async function settingsTab(page: Page, tab: string): Promise<Locator> {
  const settings = page.getByRole('complementary', { name: 'Settings' });
  if (!(await settings.isVisible())) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
  }
  await settings.getByRole('tab', { name: tab, exact: true }).click();
  return settings.getByRole('tabpanel', { name: tab });
}

/** Picks `option` (its name in the buyer's words) in the setting named `setting` on the side panel's tab `tab`. */
export async function chooseSetting(page: Page, tab: string, setting: string, option: string): Promise<void> {
  const panel = await settingsTab(page, tab);
  await panel
    .getByRole('radiogroup', { name: setting, exact: true })
    .getByRole('radio', { name: option, exact: true })
    .click();
}

/** The name of the option chosen in a setting of the side panel's tab `tab` (null when none is). */
export async function chosenSetting(page: Page, tab: string, setting: string): Promise<string | null> {
  const panel = await settingsTab(page, tab);
  const chosen = panel.getByRole('radiogroup', { name: setting, exact: true }).getByRole('radio', { checked: true });
  if ((await chosen.count()) === 0) return null;
  return (await chosen.getAttribute('aria-label')) ?? (await chosen.textContent());
}
