import type { RefObject } from 'react';
import type { Composition } from '../../../shared/render/composition';
import { webcamTimeAt } from '../../../shared/render/frame-at';
import type { PaintOutputFrame } from '../../../shared/render/output/output-painter';
import { type RestoredFrame, useCleanNeighbours } from './clean-neighbours';
import { type ExactSources, type PausedFrames, usePausedFrames } from './paused-frames';
import type { PausedPatches } from './paused-patches';

interface PausedPictureOptions {
  /** The files the paused frames (and the clean neighbours) are decoded from. */
  readonly video: Blob;
  readonly webcam: Blob | null;
  readonly composition: Composition;
  /** Source time shown when paused, ms. */
  readonly playheadMs: number;
  readonly playing: boolean;
  readonly canvas: HTMLCanvasElement | null;
  /** Paints the picture again: the paused frame, or the pixels that restore its pointer, are there. */
  readonly repaint: () => void;
}

/** The paused picture: the decoders' state, and the paint of the paused frame. */
interface PausedPicture {
  /** The paused frames' decoders, null until they are open (see usePausedFrames). */
  readonly exact: ExactSources | null;
  /**
   * Paints the paused frame at the playhead with `painter`: true when the picture is settled (painted, or kept as it
   * is until the frame arrives), false when the video element must paint it.
   */
  readonly paint: (painter: PaintOutputFrame) => boolean;
}

/** Finds the clean neighbours of the paused frame and, when the frame still shows, paints it again with them. */
function restoreFromNeighbours(
  neighbours: PausedPatches | null,
  frames: RefObject<PausedFrames | null>,
  restoredRef: RefObject<RestoredFrame | null>,
  repaint: () => void,
) {
  const paused = frames.current;
  if (!neighbours || !paused) return;
  const { ms } = paused;
  void neighbours
    .patchesFor(paused.screen.timestamp * 1000)
    .then((found) => {
      if (!found) return;
      if (frames.current?.ms !== ms || found.patches.length === 0) {
        found.release();
        return;
      }
      restoredRef.current?.found.release();
      restoredRef.current = { ms, found };
      repaint();
    })
    .catch(() => undefined);
}

/** Paints `paused` when it is the frame at `playheadMs`, with the pixels `restored` for it (see PausedPicture.paint). */
function paintPausedFrame(
  painter: PaintOutputFrame,
  canvas: HTMLCanvasElement | null,
  paused: PausedFrames | null,
  restoredFrame: RestoredFrame | null,
  playheadMs: number,
): boolean {
  // Paused: only the exactly decoded frame; until it arrives, the picture stays as it is.
  if (paused?.ms !== playheadMs) return true;
  const restored = restoredFrame?.ms === paused.ms ? restoredFrame.found.patches : [];
  try {
    painter(
      paused.screen.toCanvasImageSource(),
      paused.ms,
      paused.webcam?.toCanvasImageSource() ?? null,
      paused.screen.timestamp * 1000,
      restored,
    );
    canvas?.setAttribute('data-frame-ms', String(Math.round(paused.ms)));
    // Tests wait for this: the paused frame painted with its clean neighbours.
    if (restored.length > 0) canvas?.setAttribute('data-pointer-restored-ms', String(Math.round(paused.ms)));
    else canvas?.removeAttribute('data-pointer-restored-ms');
    return true;
  } catch {
    // A frame released meanwhile: the video element paints instead.
    return false;
  }
}

/**
 * The paused preview's picture: the frame at the playhead decoded exactly as the export chooses it (usePausedFrames),
 * its burned-in pointer restored from the frame's clean neighbours once they are there (useCleanNeighbours); until
 * then, and while playing, it is filled from around.
 */
export function usePausedPicture({
  video,
  webcam,
  composition,
  playheadMs,
  playing,
  canvas,
  repaint,
}: PausedPictureOptions): PausedPicture {
  const { neighbours, restoredRef } = useCleanNeighbours(video, composition.recording);
  const { exact, frames } = usePausedFrames({
    video,
    webcam,
    playheadMs,
    webcamMs: webcamTimeAt(composition.recording, composition.settings, playheadMs),
    playing,
    canvas,
    onFrames: () => {
      repaint();
      restoreFromNeighbours(neighbours, frames, restoredRef, repaint);
    },
  });
  return {
    exact,
    paint: (painter) =>
      !playing && exact !== null && paintPausedFrame(painter, canvas, frames.current, restoredRef.current, playheadMs),
  };
}
