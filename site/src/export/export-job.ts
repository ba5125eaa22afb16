import type { Callout } from '../../../shared/callouts/callout';
import type { ExportOptions } from '../../../shared/export/export-options';
import type { RenderSettings } from '../../../shared/look/render-settings';
import type { Recording } from '../../../shared/recording/recording';
import type { RedactionEdits } from '../../../shared/redaction/redaction';
import type { TimelineEdits } from '../../../shared/timeline/timeline';
import type { ZoomSegment } from '../../../shared/zoom/zoom-segment';
import type { ExportDestination } from './export-destination';

/** Everything needed to render one recording into a file; structured-cloneable, so it can go to a Worker. */
export interface ExportJob {
  /** The recorded video file. */
  readonly video: Blob;
  /** The webcam file, when the recording has one (placed by the painter). */
  readonly webcam?: Blob | null;
  /** Metadata and cursor track (a video opened alone gets a track-less recording). */
  readonly recording: Recording;
  readonly settings: RenderSettings;
  readonly zoomSegments: readonly ZoomSegment[];
  /** Text callouts on the video. */
  readonly callouts?: readonly Callout[];
  /** What is hidden and how (absent: every recorded element, blurred). */
  readonly redaction?: RedactionEdits;
  readonly timeline: TimelineEdits;
  readonly options: ExportOptions;
  /** Paint the small watermark (free plan). */
  readonly watermark: boolean;
  /** Size of the output video, already fitted to the plan's maximum height. */
  readonly width: number;
  readonly height: number;
  /** Pictures the user chose as backgrounds, by id. */
  readonly userImages?: Readonly<Record<string, ImageBitmap>>;
  /** Where the file is written as it is made. */
  readonly destination: ExportDestination;
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
  /** Frames composed in YUV by the planar painter (the others were painted with Canvas 2D). */
  readonly planarFrames: number;
  /**
   * Output frames that show a source frame past its time (held for more than one frame interval: see isHeld), and
   * how many of those the source itself holds there (a tab capture sends no frame while the page is still). More
   * held than the source means frames of the recording could not be read: the editor says so instead of "Saved".
   */
  readonly heldFrames: number;
  readonly sourceHeldFrames: number;
  /** Where the video stage spent its time, ms: waiting for decoded frames, painting (or waiting for frames painted by workers), waiting for the encoder. */
  readonly timings: { readonly decodeWaitMs: number; readonly paintMs: number; readonly encodeWaitMs: number };
}

/** How far an export is. */
export interface ExportProgress {
  readonly framesDone: number;
  readonly framesTotal: number;
}

/** Messages from the page to the export worker. */
export type ExportRequest = { readonly type: 'start'; readonly job: ExportJob } | { readonly type: 'cancel' };

/** Messages from the export worker to the page. */
export type ExportReply =
  | ({ readonly type: 'progress' } & ExportProgress)
  | { readonly type: 'done'; readonly result: ExportResult }
  | { readonly type: 'cancelled' }
  | { readonly type: 'error'; readonly message: string };

/** Thrown when the user cancelled an export. */
export class ExportCancelledError extends Error {
  override readonly name = 'ExportCancelledError';
  constructor() {
    super('Export cancelled');
  }
}
