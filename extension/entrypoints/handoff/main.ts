import '../../../shared/ui/kit.css';
import { browser } from 'wxt/browser';
import { handoffUrl } from '../../../shared/messages/site-messages';
import { type HandoffPageState, runHandoff } from '../../handoff/handoff-sender';

// Opened by the background as handoff.html#<recording id> when a recording is ready for the editor.
const recordingId = decodeURIComponent(location.hash.slice(1));
const status = document.getElementById('status') as HTMLElement;
const retry = document.getElementById('retry') as HTMLButtonElement;
const TEXT: Record<HandoffPageState, string> = {
  opening: 'Opening the editor…',
  sending: 'Moving the recording to the editor…',
  done: 'The recording is in the editor. This tab closes itself.',
  failed: 'The recording could not be moved to the editor. It is kept in the extension: try again.',
  blocked: 'The browser blocked the editor window. Click to open it.',
};

function start(): void {
  retry.hidden = true;
  const editorUrl = handoffUrl(
    __CLICKREEL_BUILD__.siteUrl,
    browser.runtime.id,
    recordingId,
    browser.runtime.getManifest().version,
  );
  runHandoff(window, recordingId, editorUrl, __CLICKREEL_BUILD__.siteOrigins, (state, detail) => {
    document.body.dataset.state = state;
    status.textContent = detail && state === 'failed' ? `${TEXT[state]} (${detail})` : TEXT[state];
    retry.hidden = state !== 'blocked' && state !== 'failed';
  }).then(
    () => setTimeout(() => window.close(), 500),
    () => undefined,
  );
}

retry.addEventListener('click', start);
if (recordingId) start();
