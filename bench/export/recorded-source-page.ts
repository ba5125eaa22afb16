/**
 * The export benchmark's realistic source: an ordinary-looking web page (a long article that scrolls, a sidebar
 * with moving widgets) that records itself the way the extension records a tab: a tab capture into MediaRecorder,
 * VP9, 500 ms chunks, so the file has no index and no duration. It logs the pointer, clicks and scrolls the
 * benchmark drives, against the recording's clock, for the cursor track and the automatic zooms.
 */
import { videoBitrate } from '../../extension/settings/recorder-settings';

/** The recorder's chunk length, as the extension's (extension/offscreen/tab-recorder.ts). */
const TIMESLICE_MS = 500;

const style = document.createElement('style');
style.textContent = `
  body { margin: 0; font: 18px/1.5 Georgia, serif; color: #1f2933; background: #f5f7fa; }
  header { position: sticky; top: 0; height: 64px; background: #243b53; color: #fff; display: flex;
    align-items: center; padding: 0 32px; font: 600 22px sans-serif; z-index: 1; }
  main { display: grid; grid-template-columns: 1fr 420px; gap: 40px; padding: 32px 48px; }
  article p { margin: 0 0 18px; }
  aside { position: sticky; top: 96px; align-self: start; display: grid; gap: 20px; }
  .card { background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 8px #0002; font: 16px sans-serif; }
  .bar { height: 14px; border-radius: 7px; background: linear-gradient(90deg, #3ebd93, #2186eb);
    animation: grow 1.6s ease-in-out infinite alternate; }
  @keyframes grow { from { width: 10%; } to { width: 100%; } }
  .spinner { width: 64px; height: 64px; border: 8px solid #d9e2ec; border-top-color: #e12d39; border-radius: 50%;
    animation: spin 0.9s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
  button { font: 600 16px sans-serif; padding: 10px 18px; border-radius: 8px; border: 0; background: #2186eb;
    color: #fff; margin: 4px; }
`;
document.head.append(style);
document.body.innerHTML = `<header>Quarterly report · Clickreel benchmark page</header>
  <main><article></article><aside>
    <div class="card"><b>Uploads</b><div class="bar"></div><div class="bar" style="animation-delay:-.7s"></div></div>
    <div class="card"><div class="spinner"></div><p id="clock"></p></div>
    <div class="card"><button>Approve</button><button>Comment</button><button>Share</button></div>
  </aside></main>`;
const words =
  'revenue growth margin customers retention pipeline forecast quarter region product launch churn expansion'.split(
    ' ',
  );
const article = document.querySelector('article') as HTMLElement;
for (let i = 0; i < 80; i++) {
  const paragraph = document.createElement('p');
  paragraph.textContent = `${i + 1}. ${Array.from({ length: 60 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ')}.`;
  article.append(paragraph);
}
const clock = document.getElementById('clock') as HTMLElement;
const tick = () => {
  clock.textContent = `Live: ${performance.now().toFixed(0)} ms`;
  requestAnimationFrame(tick);
};
tick();
document.title = 'Clickreel bench source';

/** What the page saw while recording, times in page ms. */
const events: { type: string; t: number; x: number; y: number; scrollY: number; deltaY: number }[] = [];
for (const type of ['pointermove', 'pointerdown', 'wheel'] as const) {
  addEventListener(
    type,
    (event) => {
      const pointer = event as PointerEvent & { deltaY?: number };
      events.push({
        type,
        t: event.timeStamp,
        x: pointer.clientX / innerWidth,
        y: pointer.clientY / innerHeight,
        scrollY,
        deltaY: pointer.deltaY ?? 0,
      });
    },
    { passive: true },
  );
}

/** Records this tab for `seconds` (the benchmark moves, clicks and scrolls meanwhile). */
async function recordSelf(seconds: number): Promise<{
  size: number;
  mimeType: string;
  startedAt: number;
  width: number;
  height: number;
  events: typeof events;
}> {
  const stream = await navigator.mediaDevices.getDisplayMedia({
    video: { width: innerWidth, height: innerHeight, frameRate: 30 },
    audio: false,
    preferCurrentTab: true,
  } as DisplayMediaStreamOptions);
  const track = stream.getVideoTracks()[0] as MediaStreamTrack;
  const { width = innerWidth, height = innerHeight } = track.getSettings();
  const mimeType = 'video/webm;codecs=vp9';
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: videoBitrate(width, height, 30, 'high') });
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  const started = new Promise<number>((resolve) =>
    recorder.addEventListener('start', () => resolve(performance.now()), { once: true }),
  );
  recorder.start(TIMESLICE_MS);
  const startedAt = await started;
  events.length = 0;
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await new Promise<void>((resolve) => {
    recorder.addEventListener('stop', () => resolve(), { once: true });
    recorder.stop();
  });
  for (const t of stream.getTracks()) t.stop();
  recorded = new Blob(chunks, { type: mimeType });
  return { size: recorded.size, mimeType, startedAt, width, height, events: [...events] };
}

/** The last recording, read back a slice at a time (`recordedSlice`). */
let recorded: Blob | null = null;

/** Bytes `start` to `end` of the last recording, in base64: minutes of it are too much for one string. */
async function recordedSlice(start: number, end: number): Promise<string> {
  if (!recorded) throw new Error('recordSelf first');
  const bytes = new Uint8Array(await recorded.slice(start, end).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

Object.assign(globalThis, { recordSelf, recordedSlice, sourcePageReady: true });
