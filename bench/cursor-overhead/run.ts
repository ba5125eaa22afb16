/**
 * Main-thread cost of the cursor tracker: a page under a pointer storm of 1000 events per second,
 * with and without the tracker, in alternating rounds of one run (so machine noise hits both alike).
 * Main-thread time is Chromium's TaskDuration metric for the page (CDP Performance.getMetrics).
 * Prints the ratio with/without; the goal is ≤ 1.05.
 *
 *   npm run bench:cursor -- [--rounds 6] [--seconds 2]
 */
import { chromium } from 'playwright-core';
import { browserOrExit } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from '../../tests/support/browser';
import { serveTestPage } from '../../tests/support/test-page-server';
import { benchOptions, numberOption } from '../bench-options';

const values = benchOptions(
  'Usage: npm run bench:cursor -- [--rounds N] [--seconds S]\nPrints main-thread time with/without the cursor tracker under a 1000 events/s pointer storm.',
  { rounds: { type: 'string', default: '6' }, seconds: { type: 'string', default: '2' } },
);
const rounds = numberOption(values, 'rounds', { min: 1, whole: true });
const seconds = numberOption(values, 'seconds');
const executablePath = browserOrExit();

const server = await serveTestPage(new URL('./page.ts', import.meta.url).pathname, {}, 'production');
const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(server.url('/'));
  await page.waitForFunction(() => 'trackerBench' in globalThis);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
  };

  /** 1000 mouse moves per second along a circle, for `ms`; returns how many were sent. */
  const storm = async (ms: number): Promise<number> => {
    const start = performance.now();
    let sent = 0;
    const pending: Promise<unknown>[] = [];
    while (performance.now() - start < ms) {
      const due = Math.floor(performance.now() - start);
      while (sent < due) {
        const angle = sent / 40;
        pending.push(
          cdp.send('Input.dispatchMouseEvent', {
            type: 'mouseMoved',
            x: 640 + 300 * Math.cos(angle),
            y: 360 + 250 * Math.sin(angle),
          }),
        );
        sent++;
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await Promise.all(pending);
    return sent;
  };

  const conditions = ['without', 'tracker', 'listener'] as const;
  type Condition = (typeof conditions)[number];
  const totals: Record<Condition, number> = { without: 0, tracker: 0, listener: 0 };
  const perRound: Record<Condition, number>[] = [];
  let samples = 0;
  let sentWithTracker = 0;
  let bytes = 0;
  await storm(500); // warm-up
  for (let round = 0; round < rounds; round++) {
    // Rotate the order so no condition always runs first.
    const order = conditions.map((_, i) => conditions[(i + round) % conditions.length] as Condition);
    const thisRound: Record<Condition, number> = { without: 0, tracker: 0, listener: 0 };
    perRound.push(thisRound);
    for (const condition of order) {
      await page.evaluate((mode) => {
        const bench = (
          globalThis as unknown as { trackerBench: { attach(mode: string): void; detach(): void; take(): unknown } }
        ).trackerBench;
        bench.detach();
        if (mode !== 'without') bench.attach(mode);
        bench.take();
      }, condition);
      const before = await taskSeconds();
      const sent = await storm(seconds * 1000);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      const spent = (await taskSeconds()) - before;
      totals[condition] += spent;
      thisRound[condition] = spent;
      const taken = await page.evaluate(() =>
        (globalThis as unknown as { trackerBench: { take(): { samples: number; bytes: number } } }).trackerBench.take(),
      );
      if (condition === 'tracker') {
        samples += taken.samples;
        bytes += taken.bytes;
        sentWithTracker += sent;
      }
      console.log(
        `round ${round + 1} ${condition.padEnd(8)} ${sent} events, main thread ${(spent * 1000).toFixed(0)} ms`,
      );
    }
  }
  const ms = (value: number) => `${(value * 1000).toFixed(0)} ms`;
  console.log(
    `tracker recorded ${samples} pointer samples for ${sentWithTracker} events sent (${Math.round(samples / (rounds * seconds))}/s), ${(bytes / 1024).toFixed(0)} KiB of messages`,
  );
  console.log(
    `main-thread time: without tracker ${ms(totals.without)}, with tracker ${ms(totals.tracker)}, with an empty pointermove listener ${ms(totals.listener)}`,
  );
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  console.log(
    `median of per-round ratios with/without tracker: ${median(perRound.map((r) => r.tracker / r.without)).toFixed(3)}`,
  );
  console.log(`ratio with/without tracker: ${(totals.tracker / totals.without).toFixed(3)} (goal ≤ 1.05)`);
  console.log(
    `for scale, an empty listener: ${(totals.listener / totals.without).toFixed(3)}; tracker vs empty listener: ${(totals.tracker / totals.listener).toFixed(3)}`,
  );
} finally {
  await browser.close();
  await server.close();
}
