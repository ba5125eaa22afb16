/** What the timeline's media worker (media-worker.ts) is asked for and answers. */

/**
 * Read one recording: thumbnails `thumbnailHeight` px high at `thumbnailTimesMs` (answered with their indices in
 * `thumbnailIndices`: each worker of the pool reads a share), and, from one worker, a waveform of `durationMs`.
 */
export interface MediaRequest {
  readonly video: Blob;
  readonly durationMs: number;
  readonly thumbnailTimesMs: readonly number[];
  readonly thumbnailIndices: readonly number[];
  readonly thumbnailHeight: number;
  readonly waveform: boolean;
}

export type MediaReply =
  /** One thumbnail, the `index`-th of the times asked for. */
  | { readonly type: 'thumbnail'; readonly index: number; readonly bitmap: ImageBitmap }
  /** The waveform so far (peaks 0..1, one per `bucketMs`): sent as the audio is read, and once more at its end. */
  | { readonly type: 'waveform'; readonly bucketMs: number; readonly peaks: Float32Array; readonly complete: boolean }
  /** The file has no sound track (or none this browser decodes). */
  | { readonly type: 'silent' }
  | { readonly type: 'done' }
  | { readonly type: 'error'; readonly message: string };
