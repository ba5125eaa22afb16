import type { ErrorWire } from '../../../shared/errors/error-wire';
import type { ExportFileOptions } from '../../../shared/export/export-options';
import type { Composition } from '../../../shared/render/composition';
import type { CleanPatchStats } from './clean-patches';
import type { ExportDestination } from './export-destination';

/** Everything needed to render one recording into a file; structured-cloneable, so it can go to a Worker. */
export interface ExportJob {
  /** What is painted: the composition the preview shows. */
  readonly composition: Composition;
  /** The recorded video file. */
  readonly video: Blob;
  /** The webcam file, when the recording has one (placed by the painter). */
  readonly webcam?: Blob | null;
  readonly options: ExportFileOptions;
  /** Size of the output video, already fitted to the plan's maximum height. */
  readonly width: number;
  readonly height: number;
  /**
   * Workers painting frames ahead of the encoder (see frame-painters.ts); 1 paints on the export's own worker; 0
   * leaves it to the export (paintingWorkersAfterTrial: one, unless its first frames show more would help).
   */
  readonly workers: number;
  /**
   * Tests and the benchmark: the painters an export left to decide takes on after its trial, whatever the trial
   * measured (the decision itself, paintingWorkersAfterTrial, is unit-tested).
   */
  readonly paintersAfterTrial?: number;
  /** Where the file is written as it is made. */
  readonly destination: ExportDestination;
  /** Also report where the time went (the benchmark asks; the editor does not). */
  readonly diagnostics?: boolean;
  /** Also report a hash of every painted frame (the benchmark compares pool sizes; it slows the export). */
  readonly hashFrames?: boolean;
  /**
   * Restore the burned-in pointer from clean neighbouring frames (absent: yes); false fills it from around only
   * (the benchmark measures what restoring costs).
   */
  readonly restorePointer?: boolean;
}

/** What an export produced. */
export interface ExportResult {
  /** Bytes written to the destination (the file is complete). */
  readonly size: number;
  readonly mimeType: string;
  /** Codecs used, e.g. 'avc' and 'opus'; audio is null when the source had no audio. */
  readonly videoCodec: string;
  readonly audioCodec: string | null;
  /** How the encoder held the quality: a constant quantizer, or (where the encoder has none) a bitrate target; null for GIF. */
  readonly rateControl: 'quantizer' | 'bitrate' | null;
  readonly frames: number;
  /**
   * Output frames that show a source frame past its time (held for more than one frame interval: see isHeld), and
   * how many of those the source itself holds there (a tab capture sends no frame while the page is still). More
   * held than the source means frames of the recording could not be read: the editor says so instead of "Saved".
   */
  readonly heldFrames: number;
  readonly sourceHeldFrames: number;
  /** Why the frames were painted with Canvas 2D instead of the planar (YUV) painter, when that painter failed. */
  readonly painterFallback: string | null;
}

/** Where an export spent its effort: the benchmark's figures, sent only when the job asks (`diagnostics`). */
export interface ExportDiagnostics {
  /** Frames composed in YUV by the planar painter (the others were painted with Canvas 2D). */
  readonly planarFrames: number;
  /** Workers that painted the last frames (an export left to decide may have taken on more after its trial). */
  readonly workers: number;
  /** Where the video stage spent its time, ms: waiting for decoded frames, for painted frames, for the encoder. */
  readonly timings: { readonly decodeWaitMs: number; readonly paintMs: number; readonly encodeWaitMs: number };
  /** SHA-256 of every painted frame's pixels, in order, when the job asks (`hashFrames`). */
  readonly frameHashes: readonly string[] | null;
  /** What restoring the burned-in pointer from clean neighbours cost (null: the video has none burned in). */
  readonly patches: CleanPatchStats | null;
}

/** What a format's export made, before the file is committed. */
export type MadeExport = Omit<ExportResult, 'size'>;

/** Callbacks and cancellation of a running export, and where its painting workers start from. */
export interface ExportControls {
  readonly onProgress?: (progress: ExportProgress) => void;
  readonly signal?: AbortSignal;
  /** Told where the time went, when the job asks for diagnostics. */
  readonly onDiagnostics?: (diagnostics: ExportDiagnostics) => void;
  /** The script painting workers run (the export worker's own); absent: frames are painted here. */
  readonly workerScript?: string;
}

/** How far an export is. */
export interface ExportProgress {
  readonly framesDone: number;
  readonly framesTotal: number;
}

/** Callbacks and cancellation of a running export. */
export interface ExportControls {
  readonly onProgress?: (progress: ExportProgress) => void;
  readonly signal?: AbortSignal;
}

/** Messages from the page to the export worker. */
export type ExportRequest = { readonly type: 'start'; readonly job: ExportJob } | { readonly type: 'cancel' };

/** Messages from the export worker to the page. */
export type ExportReply =
  | ({ readonly type: 'progress' } & ExportProgress)
  | { readonly type: 'diagnostics'; readonly diagnostics: ExportDiagnostics }
  | { readonly type: 'done'; readonly result: ExportResult }
  | { readonly type: 'cancelled' }
  | { readonly type: 'error'; readonly error: ErrorWire };
