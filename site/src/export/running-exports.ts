// The exports running on this page, so leaving the editor or switching recording can ask first and stop them.
// Kept free of the export code itself: the editor's shell imports it without loading the exporter.

/** Asked before a switch of recording stops a running export. */
export const STOP_EXPORT_QUESTION = 'An export is still running. Stop it and leave?';

/** What stops one running export. */
type Stop = () => void;
const running = new Set<Stop>();

/** Asks the browser to confirm leaving the page (its own "Leave site?" dialog) while an export runs. */
function onBeforeUnload(event: Event): void {
  event.preventDefault();
}

/** Registers a running export; the returned function unregisters it (call it when the export ends). */
export function trackRunningExport(stop: Stop): () => void {
  if (running.size === 0) window.addEventListener('beforeunload', onBeforeUnload);
  running.add(stop);
  return () => {
    running.delete(stop);
    if (running.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  };
}

/** Whether an export is running on this page. */
export function exportIsRunning(): boolean {
  return running.size > 0;
}

/**
 * Before switching away from the open recording: with no export running, true; otherwise asks, and when the user
 * agrees stops every running export (its worker ends, nothing is downloaded) and returns true.
 */
export function confirmStopExports(ask: (question: string) => boolean = (q) => window.confirm(q)): boolean {
  if (running.size === 0) return true;
  if (!ask(STOP_EXPORT_QUESTION)) return false;
  for (const stop of [...running]) stop();
  return true;
}
