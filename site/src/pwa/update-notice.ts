import {
  reloadQuestion,
  type ServiceWorkerState,
  serviceWorkerNotice,
} from '../../../shared/site/service-worker-states';
import { pageActivities } from './page-activity';

/** How long "Ready to work offline" stays up. */
const OFFLINE_READY_SHOWN_MS = 6000;

let hideTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Shows the service worker's state in the layout's notice (#update-notice) and on <html data-sw-state>; a new
 * version offers Reload, which asks first while an export runs.
 */
export function showServiceWorkerState(state: ServiceWorkerState, reload: () => void): void {
  document.documentElement.dataset.swState = state;
  const box = document.getElementById('update-notice');
  if (!box) return;
  const notice = serviceWorkerNotice(state);
  clearTimeout(hideTimer);
  if (!notice) {
    // A new version, once offered, stays offered until the user acts on it.
    if (box.dataset.reload !== 'true') box.hidden = true;
    return;
  }
  const text = box.querySelector<HTMLElement>('[data-notice-text]');
  const reloadPart = box.querySelector<HTMLElement>('[data-notice-reload]');
  const reloadButton = reloadPart?.querySelector('button');
  const closeButton = box.querySelector<HTMLButtonElement>('[data-notice-close]');
  if (text) text.textContent = notice.text;
  box.dataset.reload = String(notice.reload);
  if (reloadPart) reloadPart.hidden = !notice.reload;
  if (reloadButton) {
    reloadButton.onclick = () => {
      const question = reloadQuestion(pageActivities());
      if (question && !window.confirm(question)) return;
      reload();
    };
  }
  if (closeButton)
    closeButton.onclick = () => {
      box.hidden = true;
    };
  box.hidden = false;
  if (state === 'offline ready')
    hideTimer = setTimeout(() => {
      box.hidden = true;
    }, OFFLINE_READY_SHOWN_MS);
}
