// The one frame loop of every export (video and GIF): which source frame and webcam frame each output frame shows
// (and the clean neighbours' pixels its burned-in pointer is restored from), held frames counted, cancel checked, progress reported at most five times a second, and the error when the
// video has no frame to show. What differs per format is the frame rate and what is done with each frame.
import type { InputVideoTrack, VideoSample } from 'mediabunny';
import { holdInterval, isHeld, type ShownFrame } from '../../../shared/export/frame-choice';
import type { CleanPatch } from '../../../shared/render/burned-pointer-restore';
import { outputFrameTimes } from '../../../shared/timeline/timeline';
import { type CleanPatchStats, openCleanPatches } from './clean-patches';
import { ExportCancelledError, ExportError } from './export-errors';
import type { ExportControls, ExportJob } from './export-job';
import { sourceHeldFrames, videoFramesAt } from './source-frames';
import { openWebcamFrames, type WebcamFrames } from './webcam-frames';

/** One output frame: its index, the source time it shows, and the decoded frames showing then (borrowed). */
export interface LoopFrame {
  readonly index: number;
  /** Source time, ms (what the painter computes the frame for). */
  readonly sourceTimeMs: number;
  /** The source frame showing at that time; valid until the handler's promise settles. */
  readonly video: VideoSample;
  /** The webcam's frame for it, or null (no webcam, or one that stopped decoding). */
  readonly webcam: VideoSample | null;
  /** Clean neighbours' pixels to restore the burned-in pointer of `video` from (none: it is filled, or has none). */
  readonly patches: readonly CleanPatch[];
  /** Time spent waiting for decoded frames so far, this frame's included, ms. */
  readonly decodeWaitMs: number;
}

/** What the loop counted. */
export interface LoopCounts {
  readonly frames: number;
  readonly heldFrames: number;
  readonly sourceHeldFrames: number;
  /** Time spent waiting for decoded frames, ms. */
  readonly decodeWaitMs: number;
  /** What restoring the burned-in pointer from clean neighbours cost; null when the video has none. */
  readonly patches: CleanPatchStats | null;
}

/**
 * The source time (ms) of each output frame at `frameRate`: the timeline's frame times. The one place an export
 * maps output frames to source time.
 */
export function exportFrameTimes(job: Pick<ExportJob, 'composition'>, frameRate: number): number[] {
  return outputFrameTimes(job.composition.timeline, frameRate);
}

/**
 * Runs `handle` for every output frame at `frameRate`, in order, awaiting each. Source frames are read in one
 * forward pass (see source-frames.ts); a frame the source lacks is never painted empty: the one before it is held,
 * and counted. Progress counts the frames handled.
 */
export async function forEachOutputFrame(
  job: ExportJob,
  videoTrack: InputVideoTrack,
  frameRate: number,
  controls: ExportControls,
  handle: (frame: LoopFrame) => Promise<void>,
): Promise<LoopCounts> {
  const times = exportFrameTimes(job, frameRate);
  const firstTimestamp = await videoTrack.getFirstTimestamp();
  const trackTimes = times.map((t) => firstTimestamp + t / 1000);
  const interval = holdInterval(frameRate, job.composition.recording.video.frameRate);
  const webcam = await openWebcamFrames(job, times);
  const cleanPatches =
    job.restorePointer === false ? null : await openCleanPatches(job.composition.recording, videoTrack, trackTimes);
  const progress = progressReporter(times.length, controls);
  let index = 0;
  let heldFrames = 0;
  let decodeWaitMs = 0;
  try {
    let mark = performance.now();
    for await (const shown of videoFramesAt(videoTrack, trackTimes)) {
      decodeWaitMs += performance.now() - mark;
      throwIfCancelled(controls.signal);
      if (isHeld(shown.age, interval)) heldFrames++;
      const webcamShown = webcam ? await nextWebcamFrame(webcam) : null;
      const patches = cleanPatches ? await cleanPatches.patchesFor(Math.round(shown.frame.timestamp * 1e6)) : [];
      await handle({
        index,
        sourceTimeMs: times[index] as number,
        video: shown.frame,
        webcam: webcamShown?.frame ?? null,
        patches,
        decodeWaitMs,
      });
      index++;
      progress(index);
      mark = performance.now();
    }
  } finally {
    await webcam?.close();
    await cleanPatches?.close();
  }
  if (index < times.length) {
    throw new ExportError('no-frame', 'The recording’s video has no frame this browser can decode.');
  }
  // Only when frames were held is the file's own timing read, to tell its still moments from frames the export lost.
  const sourceHeld = heldFrames > 0 ? await sourceHeldFrames(videoTrack, trackTimes, interval) : 0;
  return {
    frames: index,
    heldFrames,
    sourceHeldFrames: sourceHeld,
    decodeWaitMs,
    patches: cleanPatches?.stats ?? null,
  };
}

/** The webcam's next frame; a webcam that fails to decode midway is left out from there on. */
async function nextWebcamFrame(webcam: WebcamFrames): Promise<ShownFrame<VideoSample> | null> {
  try {
    return (await webcam.frames.next()).value ?? null;
  } catch (error) {
    console.warn('The webcam stopped decoding; the rest of the export shows none.', error);
    return null;
  }
}

/** Reports progress at most every 200 ms, and always the last frame. */
function progressReporter(total: number, controls: ExportControls): (done: number) => void {
  let lastReport = 0;
  return (done) => {
    const now = performance.now();
    if (controls.onProgress && (now - lastReport > 200 || done === total)) {
      lastReport = now;
      controls.onProgress({ framesDone: done, framesTotal: total });
    }
  };
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportCancelledError();
}
