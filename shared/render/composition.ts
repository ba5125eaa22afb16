import type { Callout } from '../callouts/callout';
import type { EditDocument } from '../edits/edit-document';
import type { RenderSettings } from '../look/render-settings';
import { type Plan, planLimits } from '../plans/plans';
import type { Recording } from '../recording/recording';
import type { RedactionEdits } from '../redaction/redaction';
import type { TimelineEdits } from '../timeline/timeline';
import type { ZoomSegment } from '../zoom/zoom-segment';
import type { FrameInput } from './frame-at';
import type { OutputSize } from './output-size';

/**
 * What the picture is made of: the one shape the preview paints, the export job carries and every frame is
 * computed from (frameInputOf). Structured-cloneable, so it travels to the export's workers as it is.
 */
export interface Composition {
  readonly recording: Recording;
  readonly settings: RenderSettings;
  readonly zoomSegments: readonly ZoomSegment[];
  /** What of the recording plays. */
  readonly timeline: TimelineEdits;
  /** The plan's watermark (see compositionFor); the stored settings' own flag is never read. */
  readonly watermark: boolean;
  /** Pictures the user chose as backgrounds, by id (ImageBitmaps travel to workers). */
  readonly userImages?: Readonly<Record<string, ImageBitmap>>;
  /** Text callouts on the video (none when absent). */
  readonly callouts?: readonly Callout[];
  /** What is hidden and how (absent: every recorded element, blurred). */
  readonly redaction?: RedactionEdits;
}

/** The one place the watermark is decided: from the plan, whatever the stored settings say. */
export function compositionFor(
  recording: Recording,
  document: EditDocument,
  plan: Plan,
  userImages?: Readonly<Record<string, ImageBitmap>>,
): Composition {
  return {
    recording,
    settings: document.settings,
    zoomSegments: document.zoomSegments,
    timeline: document.timeline,
    callouts: document.callouts,
    redaction: document.redaction,
    watermark: planLimits(plan).watermark,
    userImages,
  };
}

/** What frameAt reads for a composition painted at `output`: the plan's watermark stands for the settings' flag. */
export function frameInputOf(composition: Composition, output: OutputSize): FrameInput {
  return {
    recording: composition.recording,
    settings: { ...composition.settings, watermark: composition.watermark },
    zoomSegments: composition.zoomSegments,
    timeline: composition.timeline,
    output,
    callouts: composition.callouts,
    redaction: composition.redaction,
  };
}
