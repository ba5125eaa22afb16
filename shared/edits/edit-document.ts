import { z } from 'zod';
import type { Callout } from '../callouts/callout';
import { calloutSchema } from '../callouts/callout-schema';
import { type StoredFormat, upgradeStored } from '../data/stored-format';
import { StorageError } from '../errors/domain-errors';
import { DEFAULT_RENDER_SETTINGS, parseRenderSettings, type RenderSettings } from '../look/render-settings';
import { settingsWithShutterBlur } from '../look/render-settings-migration';
import { DEFAULT_REDACTION_EDITS, type RedactionEdits } from '../redaction/redaction';
import { savedRedactionEditsSchema } from '../redaction/redaction-schema';
import { type TimelineEdits, untrimmedEdits } from '../timeline/timeline';
import { timelineEditsSchema } from '../timeline/timeline-schema';
import type { ZoomSegment } from '../zoom/zoom-segment';
import { zoomSegmentSchema } from '../zoom/zoom-segment-schema';

/** Version of the saved edits format; older saves are read, newer ones refused. */
export const EDIT_DOCUMENT_VERSION = 2;

/** The saved edits' versions (shared/data/stored-format.ts). 2: motion blur is a shutter. */
const SAVED_EDITS_FORMAT: StoredFormat = {
  versionField: 'formatVersion',
  current: EDIT_DOCUMENT_VERSION,
  steps: { 1: (saved) => ({ ...saved, settings: settingsWithShutterBlur(saved.settings) }) },
};

/** Everything the user changed about one recording: what is kept, the zooms, the text callouts and the look. Autosaved. */
export interface EditDocument {
  readonly timeline: TimelineEdits;
  readonly zoomSegments: readonly ZoomSegment[];
  readonly settings: RenderSettings;
  /** Text on the video, in the order added (drawn in that order). */
  readonly callouts: readonly Callout[];
  /** Which recorded elements stay hidden, boxes blurred by hand, blur or pixelate. */
  readonly redaction: RedactionEdits;
}

/** The stored form of an edit document. */
export const savedEditsSchema = z.object({
  formatVersion: z.literal(EDIT_DOCUMENT_VERSION),
  recordingId: z.string().min(1),
  savedAt: z.iso.datetime({ offset: true }),
  timeline: timelineEditsSchema,
  zoomSegments: z.array(zoomSegmentSchema),
  /** Saves from before callouts existed have none. */
  callouts: z.array(calloutSchema).default([]),
  /** Saves from before redaction existed hide every recorded element, blurred. */
  redaction: savedRedactionEditsSchema,
  settings: z.unknown(),
});
export type SavedEdits = z.infer<typeof savedEditsSchema>;

/** A fresh document for a recording: all of it kept, the given zooms, the given (last-used) settings. */
export function newEditDocument(
  durationMs: number,
  zoomSegments: readonly ZoomSegment[] = [],
  settings: RenderSettings = DEFAULT_RENDER_SETTINGS,
): EditDocument {
  return {
    timeline: untrimmedEdits(durationMs),
    zoomSegments,
    settings,
    callouts: [],
    redaction: DEFAULT_REDACTION_EDITS,
  };
}

/** The stored form of `document` for `recordingId`. */
export function toSavedEdits(recordingId: string, document: EditDocument, at: Date = new Date()): SavedEdits {
  return {
    formatVersion: EDIT_DOCUMENT_VERSION,
    recordingId,
    savedAt: at.toISOString(),
    timeline: {
      trim: document.timeline.trim,
      cuts: [...document.timeline.cuts],
      speeds: [...(document.timeline.speeds ?? [])],
    },
    zoomSegments: [...document.zoomSegments],
    callouts: [...document.callouts],
    redaction: { ...document.redaction, off: [...document.redaction.off], boxes: [...document.redaction.boxes] },
    settings: document.settings,
  };
}

/**
 * Reads saved edits; null when they are missing or unreadable (the editor then starts fresh, losing nothing else).
 * Edits a newer version saved throw StorageError('newer-version'): starting afresh would save over them.
 */
export function fromSavedEdits(data: unknown): EditDocument | null {
  const upgraded = upgradeStored(SAVED_EDITS_FORMAT, data);
  if (!upgraded.ok)
    throw new StorageError(
      'newer-version',
      `A newer version of Clickreel saved these edits (format ${upgraded.newer}).`,
    );
  const parsed = savedEditsSchema.safeParse(upgraded.data);
  if (!parsed.success) return null;
  try {
    return {
      timeline: parsed.data.timeline,
      zoomSegments: parsed.data.zoomSegments,
      callouts: parsed.data.callouts,
      redaction: parsed.data.redaction,
      settings: parseRenderSettings(parsed.data.settings),
    };
  } catch {
    return null;
  }
}
