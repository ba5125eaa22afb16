/**
 * The automatic camera over recorded tracks (tests/fixtures/recordings/: recordings the extension made of real pages)
 * and synthetic worst cases (jittery pointer, fast flicks, clicks near edges), at the default zoom depth and timing.
 * Prints per set: the share of zoomed frames with the cursor inside the visible area (goal 100 %), the share of
 * clicks whose element box is fully visible at the click (goal ≥ 95 %), the camera's path length and jerk against
 * the cursor's (goal on the jittery set: at least 5× calmer), zooms per minute; last line `All goals met.` or the
 * goals missed. Pure computation: no browser.
 *
 *   npm run bench:camera -- [--fps 30]
 */
import { resolve } from 'node:path';
import { cameraAt, planCamera } from '../../shared/camera/camera';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { cursorAt, planCursor } from '../../shared/render/cursor-motion';
import { autoZoomSegments } from '../../shared/zoom/auto-zoom';
import { clipBox } from '../../shared/zoom/framing';
import { benchOptions, numberOption } from '../bench-options';
import { recordedSet, syntheticSets, type TrackSet } from './tracks';

const values = benchOptions(
  'Usage: npm run bench:camera -- [--fps N]\n' +
    'Measures the automatic camera on recorded and synthetic cursor tracks and checks it against its goals.',
  { fps: { type: 'string', default: '30' } },
);
const fps = numberOption(values, 'fps', { min: 1, whole: true });

const GOALS = { cursorInside: 1, boxVisible: 0.95, calmer: 5 } as const;

/** What one set measured. */
interface SetResult {
  readonly zoomedFrames: number;
  readonly cursorInside: number;
  readonly clicks: number;
  readonly boxesVisible: number;
  readonly cameraPath: number;
  readonly cursorPath: number;
  readonly cameraJerk: number;
  readonly cursorJerk: number;
  readonly zooms: number;
  readonly minutes: number;
}

/** Sum of the magnitudes of the third differences of a path sampled per frame, per second³ (normalized units). */
function jerkOf(points: readonly { x: number; y: number }[], dt: number): number {
  let sum = 0;
  for (let i = 3; i < points.length; i++) {
    type Point = { x: number; y: number };
    const a = points[i - 3] as Point;
    const b = points[i - 2] as Point;
    const c = points[i - 1] as Point;
    const d = points[i] as Point;
    const jx = (d.x - 3 * c.x + 3 * b.x - a.x) / dt ** 3;
    const jy = (d.y - 3 * c.y + 3 * b.y - a.y) / dt ** 3;
    sum += Math.hypot(jx, jy) * dt;
  }
  return sum;
}

function lengthOf(points: readonly { x: number; y: number }[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as { x: number; y: number };
    const b = points[i] as { x: number; y: number };
    sum += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return sum;
}

function measure(recording: Recording): SetResult {
  const settings = DEFAULT_RENDER_SETTINGS;
  const zooms = autoZoomSegments(recording, { depth: settings.zoomDepth, timing: settings.zoomTiming });
  const plan = planCamera(recording, zooms, settings.zoomTiming);
  // The cursor as the video draws it (unsmoothed: where the pointer really was).
  const cursorPlan = planCursor(recording, 'None');
  const dt = 1 / fps;
  const camera: { x: number; y: number }[] = [];
  const cursor: { x: number; y: number }[] = [];
  let zoomedFrames = 0;
  let cursorInside = 0;
  for (let t = 0; t <= recording.video.durationMs; t += 1000 / fps) {
    const view = cameraAt(plan, t);
    const at = cursorAt(cursorPlan, t, false);
    camera.push({ x: view.rect.x + view.rect.width / 2, y: view.rect.y + view.rect.height / 2 });
    if (at) cursor.push({ x: at.x, y: at.y });
    if (view.scale <= 1.001 || !at) continue;
    zoomedFrames++;
    const { rect } = view;
    const inside = at.x >= rect.x && at.x <= rect.x + rect.width && at.y >= rect.y && at.y <= rect.y + rect.height;
    if (inside) cursorInside++;
  }
  let clicks = 0;
  let boxesVisible = 0;
  for (const click of recording.clicks) {
    const box = click.box ? clipBox(click.box) : null;
    if (!box) continue;
    clicks++;
    const { rect } = cameraAt(plan, click.t);
    const e = 1e-6;
    if (
      box.x >= rect.x - e &&
      box.y >= rect.y - e &&
      box.x + box.width <= rect.x + rect.width + e &&
      box.y + box.height <= rect.y + rect.height + e
    )
      boxesVisible++;
  }
  return {
    zoomedFrames,
    cursorInside,
    clicks,
    boxesVisible,
    cameraPath: lengthOf(camera),
    cursorPath: lengthOf(cursor),
    cameraJerk: jerkOf(camera, dt),
    cursorJerk: jerkOf(cursor, dt),
    zooms: zooms.length,
    minutes: recording.video.durationMs / 60_000,
  };
}

function total(results: readonly SetResult[]): SetResult {
  const sum = (key: keyof SetResult) => results.reduce((s, r) => s + r[key], 0);
  return {
    zoomedFrames: sum('zoomedFrames'),
    cursorInside: sum('cursorInside'),
    clicks: sum('clicks'),
    boxesVisible: sum('boxesVisible'),
    cameraPath: sum('cameraPath'),
    cursorPath: sum('cursorPath'),
    cameraJerk: sum('cameraJerk'),
    cursorJerk: sum('cursorJerk'),
    zooms: sum('zooms'),
    minutes: sum('minutes'),
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)} %`);
const ratio = (cursor: number, camera: number) => (camera === 0 ? '∞' : `${(cursor / camera).toFixed(1)}×`);

const sets: TrackSet[] = [await recordedSet(resolve('tests/fixtures/recordings')), ...syntheticSets()];
const missed: string[] = [];
const rows: string[][] = [
  ['set', 'tracks', 'cursor in view', 'click boxes in view', 'path calmer', 'jerk calmer', 'zooms/min'],
];
for (const set of sets) {
  if (set.recordings.length === 0) {
    rows.push([set.name, '0', '(none kept in tests/fixtures/recordings)', '', '', '', '']);
    continue;
  }
  const r = total(set.recordings.map(measure));
  rows.push([
    set.name,
    String(set.recordings.length),
    `${percent(r.cursorInside, r.zoomedFrames)} of ${r.zoomedFrames}`,
    `${percent(r.boxesVisible, r.clicks)} of ${r.clicks}`,
    ratio(r.cursorPath, r.cameraPath),
    ratio(r.cursorJerk, r.cameraJerk),
    (r.zooms / r.minutes).toFixed(1),
  ]);
  if (r.zoomedFrames > 0 && r.cursorInside < r.zoomedFrames * GOALS.cursorInside)
    missed.push(
      `${set.name}: cursor in view in ${percent(r.cursorInside, r.zoomedFrames)} of zoomed frames (goal 100 %)`,
    );
  if (r.clicks > 0 && r.boxesVisible < r.clicks * GOALS.boxVisible)
    missed.push(`${set.name}: click boxes in view ${percent(r.boxesVisible, r.clicks)} (goal ≥ 95 %)`);
  if (set.jittery && (r.cursorPath < GOALS.calmer * r.cameraPath || r.cursorJerk < GOALS.calmer * r.cameraJerk))
    missed.push(
      `${set.name}: camera ${ratio(r.cursorPath, r.cameraPath)} shorter path, ${ratio(r.cursorJerk, r.cameraJerk)} less jerk than the cursor (goal ≥ 5×)`,
    );
}
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
for (const row of rows)
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
console.log('');
for (const line of missed) console.log(`Missed: ${line}`);
console.log(missed.length === 0 ? 'All goals met.' : `Goals missed: ${missed.length}.`);
process.exitCode = missed.length === 0 ? 0 : 1;
