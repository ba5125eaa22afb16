import { type Browser, browser } from 'wxt/browser';
import type { ScreenTracking } from '../../shared/messages/extension-messages';
import { type PageDescription, pageDescriptionSchema } from '../../shared/messages/extension-messages';
import { COUNTDOWN_SECONDS } from '../settings/recorder-settings';

/** How long after the tab's port closed its crash may take to show on the tab, and how often to look. */
const CRASH_CHECK = { attempts: 6, intervalMs: 200 } as const;

/** The tab the user is looking at: what the toolbar button and the shortcut record when no tab is given. */
export async function activeTabId(): Promise<number | undefined> {
  return (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
}

/** The page's viewport and device pixel ratio, from its content script (injected when the page predates it). */
export async function describeTab(tabId: number): Promise<PageDescription> {
  const ask = () =>
    browser.tabs
      .sendMessage(tabId, { to: 'content', type: 'describe-page' }, { frameId: 0 })
      .then((reply) => pageDescriptionSchema.parse(reply));
  try {
    return await ask();
  } catch {
    // Pages opened before the extension was installed have no content script yet.
    try {
      await browser.scripting.executeScript({
        target: { tabId, allFrames: true },
        files: ['/content-scripts/content.js'],
      });
      return await ask();
    } catch {
      const tab = await browser.tabs.get(tabId);
      return {
        url: tab?.url ?? '',
        title: tab?.title ?? '',
        width: tab?.width ?? 1280,
        height: tab?.height ?? 720,
        dpr: 1,
      };
    }
  }
}

/** Shows the countdown over the page; resolves once the page is painted without it (or at once when it cannot). */
export async function showCountdownOn(tabId: number): Promise<void> {
  await browser.tabs
    .sendMessage(tabId, { to: 'content', type: 'countdown', seconds: COUNTDOWN_SECONDS }, { frameId: 0 })
    .catch(() => undefined);
}

/**
 * Starts (a session id) or stops (null) tracking in every frame of the tab (`onScreen`: placed on the screen, while
 * the screen is recorded). Stopping resolves once the top frame's last batch is stored; iframes' last batches get a
 * moment more.
 */
export async function trackTab(
  tabId: number,
  sessionId: string | null,
  onScreen: ScreenTracking | null = null,
): Promise<void> {
  await browser.tabs.sendMessage(tabId, { to: 'content', type: 'track', sessionId, onScreen }).catch(() => undefined);
  if (sessionId === null) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** How a tab places its events on the screen: its page zoom (1 when it cannot be read: a browser page). */
export async function screenTrackingOf(tabId: number): Promise<ScreenTracking> {
  const zoom = await browser.tabs.getZoom(tabId).catch(() => 1);
  return { zoom: zoom > 0 ? zoom : 1 };
}

/**
 * Starts or stops tracking in every open tab, placed on the screen (the screen is recorded). Tabs that
 * load later ask for it themselves (track-status).
 */
export async function trackEveryTab(sessionId: string | null): Promise<void> {
  const tabs = await browser.tabs.query({});
  await Promise.all(
    tabs.map(async ({ id }) => {
      if (id !== undefined) await trackTab(id, sessionId, sessionId ? await screenTrackingOf(id) : null);
    }),
  );
}

/**
 * Whether a tab's page crashed: the tab is still there but its renderer is gone. Chromium then reports it
 * `unloaded`, as it does a tab discarded to save memory, which says so (`discarded`); a navigating tab is
 * `loading`, a still page `complete`.
 */
export function tabCrashed(tab: Pick<Browser.tabs.Tab, 'status' | 'discarded'> | null | undefined): boolean {
  return tab != null && tab.status === 'unloaded' && !tab.discarded;
}

/**
 * Looks at the tab for a while (a crash takes a moment to show) while `stillRelevant()`; true once it shows as
 * crashed.
 */
export async function watchForCrash(tabId: number, stillRelevant: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < CRASH_CHECK.attempts && stillRelevant(); attempt++) {
    if (tabCrashed(await browser.tabs.get(tabId).catch(() => null))) return true;
    await new Promise((resolve) => setTimeout(resolve, CRASH_CHECK.intervalMs));
  }
  return false;
}
