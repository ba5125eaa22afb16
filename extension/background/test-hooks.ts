import type { loadBrowserProfile } from './browser-profile-store';
import type { RecorderController } from './recorder-controller';

/** What the browser tests drive in the service worker: the functions the toolbar button and the shortcut call. */
export interface TestHooks {
  recorder: RecorderController;
  loadBrowserProfile: typeof loadBrowserProfile;
}

declare global {
  /** Only in builds made with CLICKREEL_TEST_HOOKS=1 (the browser tests' build). */
  var clickreel: TestHooks | undefined;
}

/** Puts the hooks on the service worker's global, where the tests (and the DevTools console) reach them. */
export function exposeTestHooks(hooks: TestHooks): void {
  globalThis.clickreel = hooks;
}
