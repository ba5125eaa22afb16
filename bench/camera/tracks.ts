// The tracks bench:camera measures the automatic camera on: synthetic worst cases (seeded, so every run measures the
// same tracks) and the recordings kept in tests/fixtures/recordings/ (made by the extension of real pages).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Box, Click, CursorSample, Recording } from '../../shared/recording/recording';
import { parseRecording } from '../../shared/recording/recording';
import { recordingFixture } from '../../tests/fixtures/builders/recording-fixture';

/** A named set of recordings; `jittery` marks the set the calmness goal applies to. */
export interface TrackSet {
  readonly name: string;
  readonly recordings: readonly Recording[];
  readonly jittery?: boolean;
}

/** A small deterministic PRNG (mulberry32): the same tracks on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where the pointer goes: a point reached at `t` (ms), clicked there when `box` is given. */
interface Stop {
  readonly t: number;
  readonly x: number;
  readonly y: number;
  readonly box?: Box;
}

/** A box of `w`×`h` (normalized) around a point. */
function boxAround(x: number, y: number, w: number, h: number): Box {
  return { x: x - w / 2, y: y - h / 2, width: w, height: h };
}

/**
 * A recording whose pointer moves between stops (ease-in-out over `moveMs` before each), sampled every 8 ms like a
 * 125 Hz mouse, with `jitter` (normalized, uniform) added to every sample, clicking at every stop that has a box.
 */
function trackOf(
  stops: readonly Stop[],
  durationMs: number,
  next: () => number,
  jitter: number,
  moveMs: number,
): Recording {
  const cursor: CursorSample[] = [];
  const clicks: Click[] = [];
  let from = { x: 0.5, y: 0.5 };
  let stop = 0;
  for (let t = 0; t <= durationMs; t += 8) {
    while (stop < stops.length && (stops[stop] as Stop).t <= t) {
      const s = stops[stop] as Stop;
      from = { x: s.x, y: s.y };
      stop++;
    }
    const target = stops[stop];
    let x = from.x;
    let y = from.y;
    if (target && target.t - t < moveMs) {
      const a = 1 - (target.t - t) / moveMs;
      const eased = a * a * (3 - 2 * a);
      x = from.x + (target.x - from.x) * eased;
      y = from.y + (target.y - from.y) * eased;
    }
    cursor.push({
      t,
      x: x + (next() - 0.5) * 2 * jitter,
      y: y + (next() - 0.5) * 2 * jitter,
      cursor: 'default',
      buttons: 0,
    });
  }
  for (const s of stops) if (s.box) clicks.push({ t: s.t, x: s.x, y: s.y, button: 'left', durationMs: 90, box: s.box });
  const base = recordingFixture();
  return recordingFixture({ cursor, clicks, video: { ...base.video, durationMs } });
}

/** Stops every 1.5–4 s at random points inside `margin` of the edges, each a click on a button-sized box. */
function randomStops(next: () => number, durationMs: number, margin: number): Stop[] {
  const stops: Stop[] = [];
  for (let t = 1500 + next() * 1000; t < durationMs - 1500; t += 1500 + next() * 2500) {
    const x = margin + next() * (1 - 2 * margin);
    const y = margin + next() * (1 - 2 * margin);
    stops.push({ t, x, y, box: boxAround(x, y, 0.04 + next() * 0.12, 0.03 + next() * 0.05) });
  }
  return stops;
}

/** The synthetic worst cases. */
export function syntheticSets(): TrackSet[] {
  const jittery: Recording[] = [];
  const flicks: Recording[] = [];
  const edges: Recording[] = [];
  for (let i = 0; i < 6; i++) {
    const next = random(1000 + i);
    // A shaky hand: ±1.2 % of the view on every sample, slow moves between clicks.
    jittery.push(trackOf(randomStops(next, 60_000, 0.1), 60_000, next, 0.012, 700));
    // Fast flicks: across the page in 120 ms, then a click.
    flicks.push(trackOf(randomStops(next, 60_000, 0.05), 60_000, next, 0.001, 120));
    // Clicks within 4 % of the edges and corners.
    const edgeStops = randomStops(next, 60_000, 0.1).map((s, n) => {
      const x = n % 2 === 0 ? 0.02 + next() * 0.03 : 0.95 + next() * 0.03;
      const y = n % 3 === 0 ? 0.02 + next() * 0.03 : n % 3 === 1 ? 0.95 + next() * 0.03 : s.y;
      const w = 0.04 + next() * 0.04;
      const h = 0.03 + next() * 0.02;
      const box = {
        x: Math.min(Math.max(0, x - w / 2), 1 - w),
        y: Math.min(Math.max(0, y - h / 2), 1 - h),
        width: w,
        height: h,
      };
      return { t: s.t, x, y, box };
    });
    edges.push(trackOf(edgeStops, 60_000, next, 0.002, 400));
  }
  return [
    { name: 'jittery pointer', recordings: jittery, jittery: true },
    { name: 'fast flicks', recordings: flicks },
    { name: 'clicks near edges', recordings: edges },
  ];
}

/** The recordings the extension made of real pages, kept as fixtures (none: an empty set). */
export async function recordedSet(dir: string): Promise<TrackSet> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const recordings: Recording[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort())
    recordings.push(parseRecording(JSON.parse(await readFile(join(dir, name), 'utf8'))));
  return { name: 'recorded pages', recordings };
}
