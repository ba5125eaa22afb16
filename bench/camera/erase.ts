/**
 * How well the burned-in pointer is erased from a real-pointer recording (the `.webm` and `-recording.json` that
 * tests/browser/real-pointer.test.ts saves with CLICKREEL_POINTER_FRAMES set): every source frame is erased as the
 * painters erase it: (a) each box filled from around in turn (the painters until now), (b) the boxes' union filled
 * from around (fillUnionFromBorder, the playing preview), (c) restored from a clean neighbouring frame where there is one
 * and it matches around the boxes, as the export and the paused preview do (burned-pointer-restore.ts), and for each prints
 *   - residual pointer: frames in which the pointer detector of the browser tests still finds a pointer;
 *   - smear: mean absolute difference (0–255, per channel) inside the erased boxes against the same pixels in a
 *     reference frame: the clean neighbour furthest from the frame (not the one (b) copies from), where there is one.
 *
 * With `--save <ms>…`, writes the source frame at each of those times, erased both ways, as PNGs into <dir>
 * (<name>-source-<ms>-fill.png, -restore.png, and -original.png).
 *
 *   npx tsx bench/camera/erase.ts <dir> [name] [--save ms …]     (name: idle or loaded; default idle)
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRecording } from '../../shared/recording/recording';
import { burnedPointerRects, fillFromBorder, fillUnionFromBorder, pixelBox } from '../../shared/render/burned-pointer';
import { erasePointer, type PatchPlanes } from '../../shared/render/burned-pointer-restore';
import { patchCuts, showsClean } from '../../shared/render/clean-neighbour-choice';
import { findCursorBlobs, groupIntoCursors } from '../../tests/support/pointer-detector';

const args = process.argv.slice(2);
const saveAt = args.includes('--save') ? args.slice(args.indexOf('--save') + 1).map(Number) : [];
const [dir, name = 'idle'] = args.includes('--save') ? args.slice(0, args.indexOf('--save')) : args;
if (!dir) throw new Error('Usage: npx tsx bench/camera/erase.ts <dir> [name]');
const saved = JSON.parse(readFileSync(join(dir, `${name}-recording.json`), 'utf8'));
const recording = parseRecording(saved.recording);
const source = join(dir, `${name}.webm`);
const probe = JSON.parse(
  execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', source],
    {
      encoding: 'utf8',
    },
  ),
).streams[0] as { width: number; height: number };
const { width, height } = probe;
const times = execFileSync(
  'ffprobe',
  ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', source],
  { encoding: 'utf8' },
)
  .trim()
  .split('\n')
  .map((line) => Number(line) * 1000)
  .filter(Number.isFinite)
  .sort((a, b) => a - b);
const raw = join(tmpdir(), `clickreel-erase-${process.pid}.rgb`);
execFileSync('sh', [
  '-c',
  `ffmpeg -v error -i '${source}' -map 0:v:0 -fps_mode passthrough -f rawvideo -pix_fmt rgb24 -y '${raw}'`,
]);
const frameBytes = width * height * 3;
const file = openSync(raw, 'r');
const cache = new Map<number, Uint8Array>();
function frame(index: number): Uint8Array {
  let data = cache.get(index);
  if (!data) {
    data = new Uint8Array(frameBytes);
    readSync(file, data, 0, frameBytes, index * frameBytes);
    cache.set(index, data);
    if (cache.size > 120) cache.delete(cache.keys().next().value as number);
  }
  return data;
}
/** The frame shown at time t: the last one that starts at or before it. */
function indexAt(t: number): number {
  let index = 0;
  for (let i = 0; i < times.length; i++) if ((times[i] as number) <= t + 0.5) index = i;
  return index;
}
const plane = (data: Uint8Array, channel: number) => ({
  data,
  offset: channel,
  step: 3,
  stride: width * 3,
  width,
  height,
});
const detect = (rgb: Uint8Array) =>
  groupIntoCursors(findCursorBlobs(rgb, width, { x: 3, y: 3, width: width - 6, height: height - 6 }), 24).length > 0;

const totals = {
  frames: 0,
  erased: 0,
  source: 0,
  residual: { fill: 0, union: 0, restore: 0 },
  smear: { fill: 0, union: 0, restore: 0, pixels: 0 },
  restoredBoxes: 0,
  boxes: 0,
};
const count = Math.min(times.length, Math.floor(readFileSync(raw).length / frameBytes));
for (let i = 0; i < count; i++) {
  const t = times[i] as number;
  totals.frames++;
  const rects = burnedPointerRects(recording, t);
  const original = frame(i);
  if (detect(original)) totals.source++;
  if (rects.length === 0) continue;
  totals.erased++;
  const boxes = rects.map((rect) => pixelBox(rect, width, height));
  const filled = original.slice();
  for (let c = 0; c < 3; c++) for (const b of boxes) fillFromBorder(plane(filled, c), b.x0, b.y0, b.x1, b.y1);
  const union = original.slice();
  for (let c = 0; c < 3; c++) fillUnionFromBorder(plane(union, c), boxes);
  // As the painters restore: cuts from the nearest clean frames (by the frames' own times), checked around.
  const cuts = patchCuts(recording, t, times, { width, height });
  const patches: PatchPlanes[] = cuts.map((cut) => {
    const neighbour = frame(indexAt(cut.fromMs));
    return {
      ...cut,
      planes: [0, 1, 2].map((c) => ({
        data: neighbour,
        offset: c + (cut.y * width + cut.x) * 3,
        step: 3,
        stride: width * 3,
        width: cut.width,
        height: cut.height,
      })),
    };
  });
  const restored = original.slice();
  const counted = erasePointer(
    [0, 1, 2].map((c) => plane(restored, c)),
    [1, 1, 1],
    rects,
    patches,
  );
  const clean = rects.map((rect) => cuts.find((cut) => cut.rects.includes(rect))?.fromMs ?? null);
  totals.boxes += boxes.length;
  totals.restoredBoxes += counted.restored;
  for (const ms of saveAt) {
    if (indexAt(ms) !== i) continue;
    for (const [label, rgb] of [
      ['original', original],
      ['fill', filled],
      ['union', union],
      ['restore', restored],
    ] as const)
      execFileSync(
        'ffmpeg',
        [
          '-v',
          'error',
          '-y',
          '-f',
          'rawvideo',
          '-pix_fmt',
          'rgb24',
          '-s',
          `${width}x${height}`,
          '-i',
          '-',
          join(dir, `${name}-source-${ms}-${label}.png`),
        ],
        { input: rgb },
      );
  }
  if (detect(filled)) totals.residual.fill++;
  if (detect(union)) totals.residual.union++;
  if (detect(restored)) totals.residual.restore++;
  // The reference: the frame as far on the other side of t as the restore's source is on its side, when that one
  // shows the box clean too (so the restore is not judged against its own source).
  rects.forEach((rect, k) => {
    const near = clean[k];
    if (near === null || near === undefined) return;
    const mirror = 2 * t - near;
    if (mirror < 0 || mirror > recording.video.durationMs || !showsClean(recording, t, mirror, rect)) return;
    const reference = frame(indexAt(mirror));
    const b = boxes[k] as (typeof boxes)[number];
    for (let y = Math.max(0, b.y0); y < Math.min(height, b.y1); y++)
      for (let x = Math.max(0, b.x0); x < Math.min(width, b.x1); x++)
        for (let c = 0; c < 3; c++) {
          const at = (y * width + x) * 3 + c;
          totals.smear.fill += Math.abs((filled[at] as number) - (reference[at] as number));
          totals.smear.union += Math.abs((union[at] as number) - (reference[at] as number));
          totals.smear.restore += Math.abs((restored[at] as number) - (reference[at] as number));
          totals.smear.pixels++;
        }
  });
}
closeSync(file);
rmSync(raw);
const px = Math.max(1, totals.smear.pixels);
console.log(
  `[${name}] ${totals.frames} source frames (${width}x${height}), pointer detected in ${totals.source}; erased in ${totals.erased}; ${totals.restoredBoxes} of ${totals.boxes} boxes restored from a clean neighbour`,
);
console.log('method           residual pointer (frames)  smear (mean abs diff in erased boxes)');
console.log(`fill box by box  ${String(totals.residual.fill).padEnd(26)} ${(totals.smear.fill / px).toFixed(2)}`);
console.log(`fill the union   ${String(totals.residual.union).padEnd(26)} ${(totals.smear.union / px).toFixed(2)}`);
console.log(`clean neighbour  ${String(totals.residual.restore).padEnd(26)} ${(totals.smear.restore / px).toFixed(2)}`);
console.log(
  `(smear over ${totals.smear.pixels} channel values with a reference frame on the other side of the frame's time)`,
);
