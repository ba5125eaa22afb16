/**
 * How many workers paint an export's frames when the user leaves it to Clickreel ("Automatic"). A painting worker
 * costs memory (its own painter, caches and frames in flight: about 120 MB at 1080p) and only pays where painting
 * is what holds the export back and cores are left for it beside the decoder and the encoder. So the export starts
 * with one painter, measures its first frames, and takes on more only when they show the encoder waiting on the
 * painter and the machine has the cores.
 */

/** Frames painted by one painter before the export decides (about 1.5 s of a 30 fps export). */
export const PAINTING_TRIAL_FRAMES = 45;

/** Cores the decoder and the encoder keep busy beside the painting. */
const CORES_FOR_CODECS = 2;

/** Most painters an export runs, whatever the machine: beyond this the encoder is the limit on any machine we know. */
export const MAX_PAINTING_WORKERS = 4;

/** What the trial frames measured, ms in all. */
export interface PaintingTrial {
  readonly frames: number;
  /** Painting the frames (one painter, so this is its whole work). */
  readonly paintMs: number;
  /** Waiting for the encoder to take the frame before: time the encoder was the one holding the export back. */
  readonly encodeWaitMs: number;
  /** Waiting for decoded source frames. */
  readonly decodeWaitMs: number;
}

/**
 * Painters for the rest of an export, from the machine's cores and its trial: 1 unless painting is the export's
 * limit (the encoder waits for the painter, hardly the other way round: its wait is under a fifth of the painting,
 * and decoding is no slower) and cores are free beside the decoder and the encoder; then one per free core, at most
 * MAX_PAINTING_WORKERS.
 */
export function paintingWorkersAfterTrial(cores: number, trial: PaintingTrial): number {
  const free = Math.floor(cores) - CORES_FOR_CODECS;
  if (free < 2 || trial.frames === 0) return 1;
  const paint = trial.paintMs / trial.frames;
  const paintingIsTheLimit = trial.encodeWaitMs / trial.frames < paint / 5 && trial.decodeWaitMs / trial.frames < paint;
  return paintingIsTheLimit ? Math.min(free, MAX_PAINTING_WORKERS) : 1;
}
