// The clean neighbours' pixels an export restores the burned-in pointer from (shared/render/burned-pointer-restore.ts).
// The frame loop reads the video once, forward, and a frame may need a neighbour up to 1.5 s after it, so a second
// decoder reads ahead of the loop over the stretches where neighbours are needed, cuts the few boxes each painted
// frame needs out of them (a few KB each, I420) and drops the rest: memory holds those cuts only, for the frames up to
// searchMs ahead of the loop, never decoded frames.
import { EncodedPacketSink, type InputVideoTrack, VideoSampleSink } from 'mediabunny';
import { framesShowingAt } from '../../../shared/export/frame-choice';
import type { Recording } from '../../../shared/recording/recording';
import type { CleanPatch } from '../../../shared/render/burned-pointer-restore';
import { BURNED_POINTER_RESTORE, type PatchCut, patchCuts } from '../../../shared/render/clean-neighbour-choice';

/** Neighbours closer than this (ms) to the last one needed are read in the same pass rather than a new one from a key frame. */
const SAME_PASS_GAP_MS = 2000;
/** How far past the loop's frame plus searchMs the reader may run before it waits, ms. */
const READ_AHEAD_MS = 500;

/** What restoring from neighbours cost an export. */
export interface CleanPatchStats {
  /** Source frames the second decoder decoded, and how many of them patches were cut from. */
  readonly decoded: number;
  readonly cutFrom: number;
  /** Patches cut, and the most bytes of them held at once. */
  readonly patches: number;
  readonly peakBytes: number;
  /** How long the frame loop waited for patches, ms. */
  readonly waitMs: number;
  /** How long choosing the neighbours took before the export started (the frames' times read, the cuts planned), ms. */
  readonly planMs: number;
}

/** The patches for each painted source frame, cut ahead of the frame loop. */
export interface CleanPatches {
  /**
   * The patches for the source frame whose timestamp is `pictureUs` (µs, the VideoFrame's), once they are cut; the
   * loop asks in the order it paints, and patches of frames before the one asked for are dropped then.
   */
  patchesFor(pictureUs: number): Promise<readonly CleanPatch[]>;
  readonly stats: CleanPatchStats;
  close(): Promise<void>;
}

/** A source time in seconds as the whole µs a VideoFrame's timestamp holds. */
function micros(seconds: number): number {
  return Math.round(seconds * 1e6);
}

async function* listed<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

/**
 * The patches for an export of `recording` from `track`, whose output frames show the source at `trackTimes`
 * (seconds, non-decreasing, the track's clock); null when the video has no pointer burned in or no frame needs a
 * neighbour.
 */
export async function openCleanPatches(
  recording: Recording,
  track: InputVideoTrack,
  trackTimes: readonly number[],
): Promise<CleanPatches | null> {
  if (recording.video.pointerInVideo !== true) return null;
  const started = performance.now();
  const timestamps: number[] = [];
  for await (const packet of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) {
    timestamps.push(packet.timestamp);
  }
  timestamps.sort((a, b) => a - b);
  // In ms as the painters read a decoded frame's time (its whole µs), so both compute the same pointer boxes.
  const frameTimes = timestamps.map((t) => micros(t) / 1000);
  // The source frames the loop paints (each once, in order), and what each needs cut from its neighbours.
  const painted: number[] = [];
  for await (const shown of framesShowingAt(
    listed(timestamps.map((timestamp) => ({ timestamp }))),
    trackTimes,
    () => undefined,
  )) {
    if (painted[painted.length - 1] !== shown.frame.timestamp) painted.push(shown.frame.timestamp);
  }
  const size = { width: track.displayWidth, height: track.displayHeight };
  const needs = new Map<number, PatchCut[]>();
  const cutsFrom = new Map<number, PatchCut[]>();
  for (const timestamp of painted) {
    const cuts = patchCuts(recording, micros(timestamp) / 1000, frameTimes, size);
    if (cuts.length === 0) continue;
    needs.set(micros(timestamp), cuts);
    for (const cut of cuts) {
      const key = micros(cut.fromMs / 1000);
      cutsFrom.set(key, [...(cutsFrom.get(key) ?? []), cut]);
    }
  }
  if (needs.size === 0) return null;
  return new PatchReader(track, needs, cutsFrom, size, performance.now() - started);
}

/** Reads the neighbours ahead of the loop and keeps the patches until their frame is painted. */
class PatchReader implements CleanPatches {
  /** Patches cut, by the painted frame they are for (µs). */
  private readonly cut = new Map<number, { patches: CleanPatch[]; bytes: number }>();
  /** The timestamp (µs) up to which every neighbour has been read (Infinity when the reading ended). */
  private readUpTo = Number.NEGATIVE_INFINITY;
  /** The loop's frame (µs): the reader runs at most searchMs + READ_AHEAD_MS past it. */
  private loopAt = Number.NEGATIVE_INFINITY;
  private wake: (() => void) | null = null;
  private progressed: (() => void)[] = [];
  private closed = false;
  private bytes = 0;
  private readonly counts = { decoded: 0, cutFrom: 0, patches: 0, peakBytes: 0, waitMs: 0, planMs: 0 };
  private readonly reading: Promise<void>;

  constructor(
    private readonly track: InputVideoTrack,
    private readonly needs: ReadonlyMap<number, readonly PatchCut[]>,
    private readonly cutsFrom: ReadonlyMap<number, readonly PatchCut[]>,
    private readonly size: { readonly width: number; readonly height: number },
    planMs: number,
  ) {
    this.counts.planMs = planMs;
    this.reading = this.read().catch((error: unknown) => {
      // Patches are an improvement, never a reason to fail an export: what is missing is filled from around.
      console.warn('Reading the clean neighbours of the burned-in pointer failed; those frames are filled.', error);
      this.readUpTo = Number.POSITIVE_INFINITY;
      this.notify();
    });
  }

  get stats(): CleanPatchStats {
    return { ...this.counts };
  }

  async patchesFor(pictureUs: number): Promise<readonly CleanPatch[]> {
    if (pictureUs > this.loopAt) {
      this.loopAt = pictureUs;
      for (const key of [...this.cut.keys()]) if (key < pictureUs) this.drop(key);
      this.wake?.();
    }
    const cuts = this.needs.get(pictureUs);
    if (!cuts) return [];
    const last = micros(Math.max(...cuts.map((cut) => cut.fromMs)) / 1000);
    const started = performance.now();
    while (this.readUpTo < last) await new Promise<void>((resolve) => this.progressed.push(resolve));
    this.counts.waitMs += performance.now() - started;
    return this.cut.get(pictureUs)?.patches ?? [];
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.reading;
    this.cut.clear();
  }

  private drop(key: number): void {
    const entry = this.cut.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.cut.delete(key);
  }

  private notify(): void {
    for (const resolve of this.progressed.splice(0)) resolve();
  }

  /** The neighbours in passes of nearby ones (a new pass starts from the key frame before its first). */
  private async read(): Promise<void> {
    const wanted = [...this.cutsFrom.keys()].sort((a, b) => a - b);
    const passes: { from: number; to: number }[] = [];
    for (const key of wanted) {
      const last = passes[passes.length - 1];
      if (last && key - last.to <= SAME_PASS_GAP_MS * 1000) last.to = key;
      else passes.push({ from: key, to: key });
    }
    // In software, as the frame loop decodes (source-frames.ts): its frames are closed as they come, so few are queued.
    const sink = new VideoSampleSink(this.track, { hardwareAcceleration: 'prefer-software' });
    for (const pass of passes) {
      for await (const sample of sink.samples(pass.from / 1e6, pass.to / 1e6 + 0.001)) {
        try {
          const key = micros(sample.timestamp);
          this.counts.decoded++;
          const cuts = this.cutsFrom.get(key);
          if (cuts) {
            const frame = sample.toVideoFrame();
            try {
              for (const cut of cuts) this.keep(cut, await cutOut(frame, cut, this.size));
            } finally {
              frame.close();
            }
            this.counts.cutFrom++;
          }
          this.readUpTo = Math.max(this.readUpTo, key);
          this.notify();
        } finally {
          sample.close();
        }
        if (this.closed) return;
        // Not further ahead of the loop than a frame can look for a neighbour (and a little).
        const limit = () => this.loopAt + (BURNED_POINTER_RESTORE.searchMs + READ_AHEAD_MS) * 1000;
        while (!this.closed && this.readUpTo > limit()) await new Promise<void>((resolve) => (this.wake = resolve));
        if (this.closed) return;
      }
      this.readUpTo = Math.max(this.readUpTo, pass.to);
      this.notify();
    }
    this.readUpTo = Number.POSITIVE_INFINITY;
    this.notify();
  }

  private keep(cut: PatchCut, patch: CleanPatch | null): void {
    if (!patch) return;
    const key = micros(cut.forMs / 1000);
    if (key < this.loopAt) return;
    const entry = this.cut.get(key) ?? { patches: [], bytes: 0 };
    entry.patches.push(patch);
    entry.bytes += patch.data.byteLength;
    this.cut.set(key, entry);
    this.bytes += patch.data.byteLength;
    this.counts.patches++;
    this.counts.peakBytes = Math.max(this.counts.peakBytes, this.bytes);
  }
}

/** The cut of `frame` as a tightly packed I420 patch; null when the frame is not 4:2:0 YUV or not of the planned size. */
async function cutOut(
  frame: VideoFrame,
  cut: PatchCut,
  size: { readonly width: number; readonly height: number },
): Promise<CleanPatch | null> {
  const format = frame.format;
  const visible = frame.visibleRect;
  if ((format !== 'I420' && format !== 'I420A' && format !== 'NV12') || !visible) return null;
  if (visible.width !== size.width || visible.height !== size.height) return null;
  const rect = { x: visible.x + cut.x, y: visible.y + cut.y, width: cut.width, height: cut.height };
  const buffer = new Uint8Array(frame.allocationSize({ rect }));
  const layout = await frame.copyTo(buffer, { rect });
  const { width, height } = cut;
  const data = new Uint8Array((width * height * 3) / 2);
  const luma = layout[0];
  const chroma = layout[1];
  if (!luma || !chroma) return null;
  for (let y = 0; y < height; y++) {
    data.set(buffer.subarray(luma.offset + y * luma.stride, luma.offset + y * luma.stride + width), y * width);
  }
  const half = { width: width / 2, height: height / 2 };
  const uAt = width * height;
  const vAt = uAt + half.width * half.height;
  for (let y = 0; y < half.height; y++) {
    if (format === 'NV12') {
      const row = chroma.offset + y * chroma.stride;
      for (let x = 0; x < half.width; x++) {
        data[uAt + y * half.width + x] = buffer[row + 2 * x] ?? 0;
        data[vAt + y * half.width + x] = buffer[row + 2 * x + 1] ?? 0;
      }
    } else {
      const v = layout[2];
      if (!v) return null;
      const uRow = chroma.offset + y * chroma.stride;
      const vRow = v.offset + y * v.stride;
      data.set(buffer.subarray(uRow, uRow + half.width), uAt + y * half.width);
      data.set(buffer.subarray(vRow, vRow + half.width), vAt + y * half.width);
    }
  }
  const { fromMs, x, y, rects } = cut;
  return { fromMs, x, y, width, height, rects, data, colorSpace: frame.colorSpace.toJSON() };
}
