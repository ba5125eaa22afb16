import { type InputVideoTrack, VideoSample, type VideoSampleSource } from 'mediabunny';
import { PAINTING_TRIAL_FRAMES, paintingWorkersAfterTrial } from '../../../shared/export/painting-workers';
import type { ExportControls, ExportJob, MadeExport } from './export-job';
import { forEachOutputFrame } from './frame-loop';
import { openFramePainters } from './frame-painters';

/**
 * Decode → paint → encode, pipelined: mediabunny decodes ahead, the painters paint (on this worker, or on a pool
 * of workers several frames ahead), and the encoder takes the frames in order on its own threads while the next
 * ones are painted.
 */
export async function encodeVideoFrames(
  job: ExportJob,
  videoTrack: InputVideoTrack,
  videoSource: VideoSampleSource,
  controls: ExportControls,
): Promise<Pick<MadeExport, 'frames' | 'heldFrames' | 'sourceHeldFrames' | 'painterFallback'>> {
  const frameRate = job.options.frameRate;
  const painters = await openFramePainters(job, controls.workerScript ?? null);
  const timings = { decodeWaitMs: 0, paintMs: 0, encodeWaitMs: 0 };
  const painting: Promise<VideoFrame>[] = [];
  let encoding: Promise<void> = Promise.resolve();
  let index = 0;
  const frameHashes: string[] | null = job.hashFrames ? [] : null;
  /** Hands the oldest painted frame to the encoder once it has taken the one before. */
  const encodeOldest = async () => {
    const start = performance.now();
    const frame = await (painting.shift() as Promise<VideoFrame>);
    const painted = performance.now();
    timings.paintMs += painted - start;
    await encoding;
    timings.encodeWaitMs += performance.now() - painted;
    // Read before the encoder takes (and closes) the frame; only the benchmark's untimed runs ask.
    if (frameHashes) frameHashes.push(await hashOfFrame(frame));
    const sample = new VideoSample(frame, { timestamp: index / frameRate, duration: 1 / frameRate });
    index++;
    encoding = videoSource.add(sample).finally(() => {
      sample.close();
      frame.close();
    });
  };
  try {
    const counts = await forEachOutputFrame(job, videoTrack, frameRate, controls, async (frame) => {
      // Left to decide, the export paints its first frames with one painter and then takes on what they show helps.
      if (job.workers === 0 && frame.index === PAINTING_TRIAL_FRAMES && painting.length === 0) {
        const trial = { ...timings, frames: frame.index, decodeWaitMs: frame.decodeWaitMs };
        const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
        await painters.grow(job.paintersAfterTrial ?? paintingWorkersAfterTrial(cores, trial));
      }
      painting.push(
        painters.paint(frame, {
          timestampUs: Math.round((frame.index * 1e6) / frameRate),
          durationUs: Math.round(1e6 / frameRate),
        }),
      );
      while (painting.length > painters.ahead) await encodeOldest();
    });
    while (painting.length > 0) await encodeOldest();
    await encoding;
    controls.onDiagnostics?.({
      planarFrames: painters.planarFrames,
      workers: painters.workers,
      timings: { ...timings, decodeWaitMs: counts.decodeWaitMs },
      frameHashes,
      patches: counts.patches,
    });
    const { frames, heldFrames, sourceHeldFrames } = counts;
    return { frames, heldFrames, sourceHeldFrames, painterFallback: painters.fallback };
  } finally {
    // Frames still being painted (a failure or cancel midway) are closed when they arrive.
    for (const left of painting.splice(0))
      void left.then(
        (frame) => frame.close(),
        () => undefined,
      );
    painters.close();
    videoSource.close();
  }
}

/** SHA-256 of a frame's pixels (its planes as copyTo lays them out), in hex. */
async function hashOfFrame(frame: VideoFrame): Promise<string> {
  const bytes = new Uint8Array(frame.allocationSize());
  await frame.copyTo(bytes);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
