import { RedactionTracker } from '../../extension/content/redaction-tracker';

/**
 * The benchmark page: an ordinary page of 2000 cards and 60 web components (an open shadow root each, with one
 * nested in it: 120 roots) that changes every animation frame (a card's text, a class, a node added and removed in
 * a shadow root) while it scrolls, with the content script's redaction tracker, which the runner switches on and
 * off. `fields` adds what there is to hide: six password fields (three in shadow roots) under a fixed opaque header.
 */
const style = document.createElement('style');
style.textContent = `
  body { margin: 0; font: 12px system-ui; }
  .grid { display: grid; grid-template-columns: repeat(10, 1fr); gap: 6px; padding: 120px 8px 8px; }
  .card { padding: 10px; border: 1px solid #ccc; border-radius: 6px; }
  .card.on { background: #eef; }
  header { position: fixed; top: 0; left: 0; right: 0; height: 100px; background: #fff; z-index: 2; }
`;
document.head.append(style);
const grid = document.createElement('div');
grid.className = 'grid';
const cards: HTMLElement[] = [];
for (let i = 0; i < 2000; i++) {
  const card = document.createElement('div');
  card.className = 'card';
  card.textContent = `Item ${i}`;
  cards.push(card);
  grid.append(card);
}
const shadowBoxes: HTMLElement[] = [];
const hosts: HTMLElement[] = [];
for (let i = 0; i < 60; i++) {
  const host = document.createElement('div');
  host.className = 'card';
  const root = host.attachShadow({ mode: 'open' });
  for (let j = 0; j < 15; j++) root.append(Object.assign(document.createElement('span'), { textContent: `${j} ` }));
  const inner = document.createElement('div');
  root.append(inner);
  const nested = inner.attachShadow({ mode: 'open' });
  for (let j = 0; j < 15; j++) nested.append(Object.assign(document.createElement('span'), { textContent: `${j} ` }));
  const box = document.createElement('div');
  nested.append(box);
  shadowBoxes.push(box);
  hosts.push(host);
  grid.insertBefore(host, cards[i * 30] ?? null);
}
document.body.append(grid);

const header = document.createElement('header');
const fields: HTMLElement[] = [];
for (let i = 0; i < 6; i++) {
  const field = Object.assign(document.createElement('input'), { type: 'password', value: 'secret' });
  fields.push(field);
}

let tracker: RedactionTracker | null = null;
let events = 0;
let frame = 0;
const api = {
  attach(): void {
    tracker ??= new RedactionTracker(window, () => {
      events++;
    });
    tracker.attach();
  },
  detach(): void {
    tracker?.detach();
    tracker = null;
  },
  /** Adds (or takes away) the fields to hide and the header they pass under. */
  fields(on: boolean): void {
    if (!on) {
      header.remove();
      for (const field of fields) field.remove();
      return;
    }
    document.body.append(header);
    // Where the page's scrolling (100 to 700 px) takes them under the header for part of the time only.
    fields.forEach((field, i) => {
      if (i < 3) grid.insertBefore(field, cards[100 + i * 50] ?? null);
      else hosts[i]?.shadowRoot?.append(field);
    });
  },
  /** Changes the page every animation frame for `ms` while scrolling it down and up; resolves with the frames. */
  churn(ms: number): Promise<number> {
    return new Promise((resolve) => {
      const start = performance.now();
      let frames = 0;
      const step = () => {
        frame++;
        frames++;
        const card = cards[frame % cards.length] as HTMLElement;
        card.textContent = `Item ${frame}`;
        card.classList.toggle('on');
        const box = shadowBoxes[frame % shadowBoxes.length] as HTMLElement;
        box.append(document.createElement('i'));
        box.firstChild?.remove();
        scrollTo(0, 400 + 300 * Math.sin(frame / 20));
        if (performance.now() - start < ms) requestAnimationFrame(step);
        else resolve(frames);
      };
      requestAnimationFrame(step);
    });
  },
  /** Redact events the tracker sent since the last call. */
  take(): number {
    const result = events;
    events = 0;
    return result;
  },
};
(globalThis as { redactionBench?: typeof api }).redactionBench = api;
document.title = 'redaction overhead bench';
