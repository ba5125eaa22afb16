import { isExtensionInstalled } from './extension-status';

/**
 * Whether this browser's Clickreel extension answered the site once (any page of it, any tab): kept so that a page
 * opened after the extension's process died, which its content script no longer reaches, still knows it was there.
 */
const ANSWERED_KEY = 'clickreel:extensionAnswered';

/**
 * Whether the extension has stopped: it answered this browser's pages before and does not now (Chrome ended or
 * crashed its process, and keeps it off until the user brings it back). Remembers when it answers.
 */
export async function extensionStopped(): Promise<boolean> {
  try {
    if (await isExtensionInstalled()) {
      localStorage.setItem(ANSWERED_KEY, '1');
      return false;
    }
    return localStorage.getItem(ANSWERED_KEY) === '1';
  } catch {
    return false; // storage blocked: nothing is known of earlier visits
  }
}
