import { browserProfileResponseSchema, shortcutResponseSchema } from '../../../shared/messages/site-messages';
import { askExtension } from './site-browser-profile';

/**
 * Whether our extension is installed in this browser: it answers the browser-profile request (only a trusted
 * extension id is asked, and it answers only this site's origins), as /licenses asks it.
 */
export async function isExtensionInstalled(): Promise<boolean> {
  return browserProfileResponseSchema.safeParse(await askExtension({ type: 'clickreel:get-browser-profile' })).success;
}

/** What the extension says about its record shortcut: unreachable, bound to a key, or unbound. */
export type ShortcutState =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'bound'; readonly key: string }
  | { readonly kind: 'unbound' };

/** Asks the extension which key the browser bound to recording (chrome.commands.getAll, read by the extension). */
export async function recordShortcut(): Promise<ShortcutState> {
  const answer = shortcutResponseSchema.safeParse(await askExtension({ type: 'clickreel:get-shortcut' }));
  if (!answer.success) return { kind: 'unknown' };
  return answer.data.shortcut ? { kind: 'bound', key: answer.data.shortcut } : { kind: 'unbound' };
}

/** Asks the extension to open the browser's shortcut page (a page cannot open chrome:// URLs itself). */
export async function openShortcutSettings(): Promise<void> {
  await askExtension({ type: 'clickreel:open-shortcut-settings' });
}
