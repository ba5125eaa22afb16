import { CursorTracker } from '../../extension/content/cursor-tracker';
import { TrackBatcher } from '../../extension/content/track-batcher';

/**
 * The benchmark page: an ordinary page (a grid of cards with hover styles, so hit testing and style
 * work are real) with the content script's tracker, which the runner switches on and off. The batches
 * are serialized to JSON as chrome.runtime.sendMessage does, then dropped.
 */
const grid = document.createElement('div');
grid.style.cssText = 'display:grid;grid-template-columns:repeat(12,1fr);gap:6px;padding:8px;font:12px system-ui';
for (let i = 0; i < 600; i++) {
  const card = document.createElement(i % 7 === 0 ? 'a' : 'div');
  if (card instanceof HTMLAnchorElement) card.href = '#';
  card.className = 'card';
  card.textContent = `Item ${i}`;
  grid.append(card);
}
const style = document.createElement('style');
style.textContent =
  '.card{padding:10px;border:1px solid #ccc;border-radius:6px}.card:hover{background:#eef;cursor:pointer}';
document.head.append(style);
document.body.append(grid);

let tracker: CursorTracker | null = null;
let samples = 0;
let bytes = 0;
const batcher = new TrackBatcher((events) => {
  samples += events.filter((event) => event.k === 'move').length;
  bytes += JSON.stringify({ to: 'background', type: 'track-events', sessionId: 'bench', events }).length;
  return undefined;
});

let listener: AbortController | null = null;
const api = {
  /**
   * 'tracker': the content script's tracker; 'listener': an empty passive pointermove listener (what
   * any JavaScript that listens costs the page in this browser: the floor for a tracker).
   */
  attach(mode: 'tracker' | 'listener'): void {
    if (mode === 'listener') {
      listener = new AbortController();
      addEventListener('pointermove', () => undefined, { capture: true, passive: true, signal: listener.signal });
      return;
    }
    tracker ??= new CursorTracker(window, batcher.push);
    tracker.attach();
  },
  detach(): void {
    listener?.abort();
    listener = null;
    tracker?.detach();
    tracker = null;
    void batcher.flush();
  },
  /** Pointer samples and JSON bytes the tracker produced since the last call. */
  take(): { samples: number; bytes: number } {
    void batcher.flush();
    const result = { samples, bytes };
    samples = 0;
    bytes = 0;
    return result;
  },
};
(globalThis as { trackerBench?: typeof api }).trackerBench = api;
document.title = 'cursor overhead bench';
