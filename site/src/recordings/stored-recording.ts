import { z } from 'zod';
import { ALL_MEDIA_STREAMS, type MediaStreamName } from '../../../shared/messages/site-messages';
import { type InvalidRecordingReason, type Recording, readRecording } from '../../../shared/recording/recording';

/**
 * Reading the rows of the site's recordings store. Nothing read from storage is trusted: a row may be
 * damaged (a disk error, a browser bug, an extension or a user editing IndexedDB) or written by a newer
 * version. Each row is either a valid recording or a damaged one with a reason a person can act on;
 * one bad row never hides the others.
 */

const chunkCount = z.number().int().nonnegative();

/** A row of the recordings store, as written by `beginSave` (the recording is validated separately). */
export const recordingRowSchema = z.object({
  id: z.string().min(1),
  recording: z.unknown(),
  chunkCounts: z.object({ video: chunkCount, webcam: chunkCount }),
  storedAt: z.string(),
});

/** A row of the chunks store. */
export const chunkRowSchema = z.object({
  id: z.string().min(1),
  stream: z.enum(ALL_MEDIA_STREAMS),
  index: z.number().int().nonnegative(),
  blob: z.instanceof(Blob),
});

/** Why a stored recording cannot be opened as it is. */
export type DamageKind = InvalidRecordingReason | 'unreadable-row';

/** A stored recording that reads as valid. */
export interface ValidRow {
  readonly state: 'valid';
  readonly id: string;
  readonly recording: Recording;
  readonly chunkCounts: Record<MediaStreamName, number>;
}

/** A stored recording that does not: listed so it can be deleted, or its video opened alone. */
export interface DamagedRow {
  readonly state: 'damaged';
  readonly id: string;
  /** The name it had, when that much can be read. */
  readonly name: string;
  readonly createdAt: string | null;
  readonly kind: DamageKind;
  /** What is wrong, for the page. */
  readonly problem: string;
  /** Chunk counts, when the row still says them (the video may be intact). */
  readonly chunkCounts: Record<MediaStreamName, number> | null;
}

export type StoredRow = ValidRow | DamagedRow;

/** Name shown for a damaged recording whose own name cannot be read. */
export const UNNAMED_DAMAGED_RECORDING = 'Damaged recording';

/**
 * Reads one row of the recordings store. Never throws. `key` is the row's key in the store, used when
 * the row is too damaged to say its own id.
 */
export function readRecordingRow(raw: unknown, key: string): StoredRow {
  const row = recordingRowSchema.safeParse(raw);
  const loose = (typeof raw === 'object' && raw !== null ? raw : {}) as { recording?: unknown };
  const recordingLike = (
    row.success ? row.data.recording : loose.recording && typeof loose.recording === 'object' ? loose.recording : {}
  ) as { name?: unknown; createdAt?: unknown };
  const name =
    typeof recordingLike?.name === 'string' && recordingLike.name.trim()
      ? recordingLike.name
      : UNNAMED_DAMAGED_RECORDING;
  const createdAt = typeof recordingLike?.createdAt === 'string' ? recordingLike.createdAt : null;
  if (!row.success) {
    return {
      state: 'damaged',
      id: key,
      name,
      createdAt,
      kind: 'unreadable-row',
      problem: 'Its entry in this browser’s storage is damaged, so its track and video cannot be found.',
      chunkCounts: null,
    };
  }
  const read = readRecording(row.data.recording);
  if (!read.ok) {
    return {
      state: 'damaged',
      id: row.data.id,
      name,
      createdAt,
      kind: read.error.kind,
      problem:
        read.error.kind === 'newer-format'
          ? read.error.message
          : `Its data is damaged (${read.error.message.replace(/^Not a valid recording: /, '')}).`,
      chunkCounts: row.data.chunkCounts,
    };
  }
  if (read.recording.id !== row.data.id) {
    return {
      state: 'damaged',
      id: row.data.id,
      name,
      createdAt,
      kind: 'invalid',
      problem: `Its details belong to another recording (${read.recording.id}).`,
      chunkCounts: row.data.chunkCounts,
    };
  }
  return { state: 'valid', id: row.data.id, recording: read.recording, chunkCounts: row.data.chunkCounts };
}

/** What is wrong with a stream's stored chunks, judged from their keys: null when every chunk is there. */
export function missingChunks(expected: number, present: ReadonlySet<number>): string | null {
  if (expected === 0) return 'Its video is missing from this browser’s storage.';
  let missing = 0;
  for (let index = 0; index < expected; index++) if (!present.has(index)) missing++;
  if (missing === 0) return null;
  return missing === expected
    ? 'Its video is missing from this browser’s storage.'
    : `Part of its video is missing from this browser’s storage (${missing} of ${expected} pieces).`;
}
