/** Service worker lifecycle as the page sees it. */
export const ALL_SERVICE_WORKER_STATES = [
  'installed',
  'waiting',
  'activated',
  'offline ready',
  'need refresh',
] as const;
export type ServiceWorkerState = (typeof ALL_SERVICE_WORKER_STATES)[number];

export const OFFLINE_READY_MESSAGE = 'Ready to work offline';
export const NEW_VERSION_MESSAGE = 'A new version is available';

/** What the page tells the user in each state, and whether it offers to reload; null shows nothing. */
export function serviceWorkerNotice(state: ServiceWorkerState): { text: string; reload: boolean } | null {
  switch (state) {
    case 'installed':
      return { text: 'Saving Clickreel for offline use…', reload: false };
    case 'offline ready':
      return { text: OFFLINE_READY_MESSAGE, reload: false };
    case 'waiting':
    case 'need refresh':
      return { text: NEW_VERSION_MESSAGE, reload: true };
    case 'activated':
      return null;
  }
}

/** What a page in the middle of something would lose to a reload. */
export const ALL_PAGE_ACTIVITIES = ['editing', 'exporting'] as const;
export type PageActivity = (typeof ALL_PAGE_ACTIVITIES)[number];

/**
 * What to do when a new version took control of the page without the user asking here (another tab's Reload): an
 * idle page reloads, a page in the middle of editing or exporting is never reloaded under the user, it asks.
 */
export function onTakeover(activities: ReadonlySet<PageActivity>): 'reload' | 'ask' {
  return activities.size === 0 ? 'reload' : 'ask';
}

/** The question a Reload click asks first while something would be lost, or null to reload at once. */
export function reloadQuestion(activities: ReadonlySet<PageActivity>): string | null {
  if (activities.has('exporting')) return 'An export is running: reloading stops it. Reload now?';
  return null;
}
