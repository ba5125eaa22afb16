function nextPaint(win: Window): Promise<void> {
  // Two frames: the first runs before the removal is painted, the second after. In a hidden tab
  // requestAnimationFrame never fires, so a timer is the fallback.
  return new Promise((resolve) => {
    const fallback = win.setTimeout(resolve, 100);
    win.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => {
        win.clearTimeout(fallback);
        resolve();
      }),
    );
  });
}

/**
 * Shows 3, 2, 1 over the page (in a closed shadow root, so page styles cannot touch it and it cannot
 * touch the page), removes it, and resolves once the page has been painted without it: the recorder
 * starts after that, so no frame of the video shows the countdown.
 */
export async function showCountdown(win: Window, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  const doc = win.document;
  const host = doc.createElement('clickreel-countdown');
  host.style.cssText = 'all:initial;position:fixed;inset:0;z-index:2147483647;pointer-events:none;';
  const root = host.attachShadow({ mode: 'closed' });
  const number = doc.createElement('div');
  number.style.cssText = [
    'position:absolute;left:50%;top:50%;transform:translate(-50%,-50%)',
    'width:160px;height:160px;border-radius:50%;background:rgba(17,17,17,.78);color:#fff',
    'font:600 88px/160px system-ui,sans-serif;text-align:center;box-shadow:0 8px 40px rgba(0,0,0,.35)',
  ].join(';');
  root.append(number);
  (doc.body ?? doc.documentElement).append(host);
  try {
    for (let left = seconds; left > 0; left--) {
      number.textContent = String(left);
      await new Promise((resolve) => win.setTimeout(resolve, 1000));
    }
  } finally {
    host.remove();
  }
  await nextPaint(win);
  // Frames already captured before the removal can still be in the capture pipeline.
  await new Promise((resolve) => win.setTimeout(resolve, 120));
}
