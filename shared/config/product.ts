/**
 * The product's public facts in one place: pages, the footer, the extension and the server read them
 * from here, so a name, address or store link is never written twice.
 */
export const PRODUCT_NAME = 'Clickreel';

/** Where users write for help; shown as 'Support contact: {email}'. */
export const SUPPORT_EMAIL = 'support@clickreel.app';

/** The Chrome Web Store listing of the extension with this id (Brave installs from the same store). */
export function chromeWebStoreUrl(extensionId: string): string {
  return `https://chromewebstore.google.com/detail/${extensionId}`;
}

/**
 * The record shortcut the extension asks the browser to bind. Chrome silently skips a suggested key it
 * refuses: Chromium 156 on Linux left Alt+Shift+R unset on a fresh install and binds Alt+Shift+V (checked by
 * tests/browser/first-run.test.ts); the controls and /welcome say when it is unbound anyway.
 */
export const SUGGESTED_SHORTCUT = 'Alt+Shift+V';

/** The support line every default-layout page shows ('Support contact: {email}'). */
export function supportContactLine(email: string = SUPPORT_EMAIL): string {
  return `Support contact: ${email}`;
}
