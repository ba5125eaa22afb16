// Who paints an export's frames: the export worker itself (one worker), or a pool of painting workers that paint
// frames ahead of the one encoder while the export worker decodes. Either way frames come back in order and are
// the same pixels: each frame is painted from its own description, whatever painted the one before.
import type { VideoSample } from 'mediabunny';
import { createExportPainter } from '../../../shared/render/output/output-painter';
import { createWorkerPool } from '../workers/worker-pool';
import { EXPORT_POOL_ERRORS, ExportError } from './export-errors';
import type { ExportJob } from './export-job';
import type { LoopFrame } from './frame-loop';
import type { PaintReply, PaintRequest } from './paint-messages';

/** A frame's place on the output clock, µs. */
export interface FrameTiming {
  readonly timestampUs: number;
  readonly durationUs: number;
}

/** Paints an export's frames. */
export interface FramePainters {
  /**
   * Starts painting `frame` (its decoded frames are read before this returns); resolves with the painted frame,
   * which the caller closes. Await the answers in the order of the calls.
   */
  paint(frame: LoopFrame, timing: FrameTiming): Promise<VideoFrame>;
  /** How many frames may be in flight before the caller waits for the oldest. */
  readonly ahead: number;
  /**
   * Paints the frames from here on with a pool of `workers` (when the painters may grow and that is more than now).
   * Call it with no frame in flight.
   */
  grow(workers: number): Promise<void>;
  /** Workers painting. */
  readonly workers: number;
  readonly planarFrames: number;
  /** Why frames were painted with Canvas 2D, when the planar painter could not be made. */
  readonly fallback: string | null;
  close(): void;
}

/**
 * Frames a painting worker paints in a row: held and still frames reuse what it drew last only within its own
 * run, so runs keep that; the pool holds at most `workers × PAINT_RUN` frames in flight.
 */
const PAINT_RUN = 4;

/**
 * The painters for `job`: its own worker when `job.workers` is 1 (or workers cannot start workers), a pool of that
 * many when more, and its own worker that may grow into a pool when 0 (the export decides after its trial frames).
 */
export async function openFramePainters(job: ExportJob, workerScript: string | null): Promise<FramePainters> {
  if (!workerScript) return paintHere(job);
  if (job.workers > 1) return openPool(job, workerScript);
  return job.workers === 0 ? growable(job, workerScript) : paintHere(job);
}

/** Painters that start on the export's own worker and hand the later frames to a pool once asked to grow. */
function growable(job: ExportJob, workerScript: string): FramePainters {
  let current = paintHere(job);
  let earlierPlanarFrames = 0;
  let earlierFallback: string | null = null;
  return {
    get ahead() {
      return current.ahead;
    },
    get workers() {
      return current.workers;
    },
    get planarFrames() {
      return earlierPlanarFrames + current.planarFrames;
    },
    get fallback() {
      return earlierFallback ?? current.fallback;
    },
    paint: (frame, timing) => current.paint(frame, timing),
    async grow(workers) {
      if (workers <= current.workers) return;
      const pool = await openPool({ ...job, workers }, workerScript);
      earlierPlanarFrames += current.planarFrames;
      earlierFallback ??= current.fallback;
      current.close();
      current = pool;
    },
    close: () => current.close(),
  };
}

/** Painters that stay as they were opened. */
const FIXED = { grow: async () => undefined } as const;

function paintHere(job: ExportJob): FramePainters {
  const painter = createExportPainter(job.composition, { width: job.width, height: job.height });
  // A held source frame is handed over as the same VideoFrame: the painter then reuses the video it scaled.
  let video: { sample: VideoSample; frame: VideoFrame } | null = null;
  return {
    ...FIXED,
    ahead: 0,
    workers: 1,
    get planarFrames() {
      return painter.planarFrames;
    },
    get fallback() {
      return painter.fallback;
    },
    async paint(frame, timing) {
      if (video?.sample !== frame.video) {
        video?.frame.close();
        video = { sample: frame.video, frame: frame.video.toVideoFrame() };
      }
      const webcam = frame.webcam?.toVideoFrame() ?? null;
      try {
        return await painter.paint(video.frame, frame.sourceTimeMs, webcam, timing, frame.patches);
      } finally {
        webcam?.close();
      }
    },
    close() {
      video?.frame.close();
      video = null;
    },
  };
}

async function openPool(job: ExportJob, workerScript: string): Promise<FramePainters> {
  const pool = createWorkerPool<PaintRequest, PaintReply>(
    job.workers,
    (index) => new Worker(workerScript, { type: 'module', name: `clickreel-paint-${index + 1}` }),
    EXPORT_POOL_ERRORS,
  );
  try {
    const size = { width: job.width, height: job.height };
    await Promise.all(
      Array.from({ length: pool.size }, (_, i) => pool.run(i, { type: 'init', composition: job.composition, size })),
    );
  } catch (error) {
    pool.terminate();
    throw error;
  }
  // The source frame each worker was sent last: a held frame is not sent again to the worker that has it.
  const lastSent: (VideoSample | null)[] = Array(pool.size).fill(null);
  let planarFrames = 0;
  let fallback: string | null = null;
  return {
    ...FIXED,
    ahead: pool.size * PAINT_RUN,
    workers: pool.size,
    get planarFrames() {
      return planarFrames;
    },
    get fallback() {
      return fallback;
    },
    async paint(frame, timing) {
      const worker = Math.floor(frame.index / PAINT_RUN) % pool.size;
      const video = lastSent[worker] === frame.video ? null : frame.video.toVideoFrame();
      lastSent[worker] = frame.video;
      const webcam = frame.webcam?.toVideoFrame() ?? null;
      const transfer = [video, webcam].filter((f): f is VideoFrame => f !== null);
      const reply = await pool.run(
        worker,
        { type: 'paint', video, sourceTimeMs: frame.sourceTimeMs, webcam, timing, patches: frame.patches },
        transfer,
      );
      if (reply.type !== 'painted') {
        throw new ExportError('worker-failed', `A painting worker answered ${reply.type} to a frame.`);
      }
      if (reply.planar) planarFrames++;
      fallback ??= reply.fallback;
      return reply.frame;
    },
    close: () => pool.terminate(),
  };
}
