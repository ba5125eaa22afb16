import type { PageActivity } from '../../../shared/site/service-worker-states';

/**
 * What the page is in the middle of, kept on <html data-activity> so the layout's update script (a bundle of its
 * own) reads it without loading the editor: a page editing or exporting is never reloaded under the user.
 */
export function pageActivities(): Set<PageActivity> {
  const listed = document.documentElement.dataset.activity ?? '';
  return new Set(listed.split(' ').filter(Boolean) as PageActivity[]);
}

/** Marks the page as in the middle of `activity` (or no longer). */
export function markActivity(activity: PageActivity, on: boolean): void {
  const activities = pageActivities();
  if (on) activities.add(activity);
  else activities.delete(activity);
  document.documentElement.dataset.activity = [...activities].join(' ');
}
