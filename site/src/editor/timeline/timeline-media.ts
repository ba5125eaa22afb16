import { useSyncExternalStore } from 'react';
import type { WaveformPeaks } from '../../../../shared/timeline/waveform-peaks';
import { poolSize } from '../../workers/worker-pool';
import type { MediaReply, MediaRequest } from './media-messages';

/** Thumbnails' height in pixels of the image (the filmstrip row is drawn at most this high on a 2x screen). */
const THUMBNAIL_HEIGHT = 96;
/** Recordings whose filmstrip and waveform are kept, so reopening one (or a reload of the island) is instant. */
const CACHED_RECORDINGS = 3;

/** A recording's filmstrip and waveform, filled in as the worker reads them. */
export interface TimelineMediaState {
  /** Source times of the thumbnails, ms, in order. */
  readonly thumbnailTimesMs: readonly number[];
  /** The thumbnails read so far, by index (null: not yet, or not decodable). */
  readonly thumbnails: readonly (ImageBitmap | null)[];
  readonly waveform: WaveformPeaks | null;
  /** The recording has no sound to draw. */
  readonly silent: boolean;
  readonly done: boolean;
}

/** The key a recording's filmstrip and waveform are kept under: the timeline and the starter looks share them. */
export function timelineMediaKey(recordingId: string, video: Blob): string {
  return `${recordingId}:${video.size}`;
}

/** Thumbnail times for a recording: one every half second, at least 12 and at most 200, at the frames' middles. */
export function thumbnailTimes(durationMs: number): number[] {
  const count = Math.min(200, Math.max(12, Math.ceil(durationMs / 500)));
  return Array.from({ length: count }, (_, i) => ((i + 0.5) * durationMs) / count);
}

class TimelineMedia {
  state: TimelineMediaState;
  private readonly listeners = new Set<() => void>();
  /** One worker per core (poolSize): each reads a share of the thumbnails, the first one the waveform too. */
  private workers: Worker[] = [];

  constructor(video: Blob, durationMs: number) {
    const times = thumbnailTimes(durationMs);
    this.state = {
      thumbnailTimesMs: times,
      thumbnails: times.map(() => null),
      waveform: null,
      silent: false,
      done: false,
    };
    const size = Math.min(poolSize(), times.length);
    for (let share = 0; share < size; share++) {
      const worker = new Worker(new URL('./media-worker.ts', import.meta.url), {
        type: 'module',
        name: `clickreel-timeline-${share + 1}`,
      });
      this.workers.push(worker);
      worker.onmessage = (event: MessageEvent<MediaReply>) => this.receive(worker, event.data);
      worker.onerror = () => this.finish(worker);
      // Interleaved shares: the whole strip fills in at once rather than one end first.
      const thumbnailIndices = times.flatMap((_, i) => (i % size === share ? [i] : []));
      const request: MediaRequest = {
        video,
        durationMs,
        thumbnailTimesMs: thumbnailIndices.map((i) => times[i] as number),
        thumbnailIndices,
        thumbnailHeight: THUMBNAIL_HEIGHT,
        waveform: share === 0,
      };
      worker.postMessage(request);
    }
  }

  private receive(worker: Worker, message: MediaReply): void {
    const state = this.state;
    if (message.type === 'thumbnail') {
      const thumbnails = [...state.thumbnails];
      thumbnails[message.index] = message.bitmap;
      this.update({ ...state, thumbnails });
    } else if (message.type === 'waveform') {
      this.update({ ...state, waveform: { bucketMs: message.bucketMs, peaks: message.peaks } });
    } else if (message.type === 'silent') {
      this.update({ ...state, silent: true });
    } else {
      // Done, or the file could not be read: what arrived stays, the rows show their placeholders for the rest.
      if (message.type === 'error') console.warn('Timeline thumbnails and waveform:', message.message);
      this.finish(worker);
    }
  }

  /** `worker` has read its share (or failed): the media is done when every worker is. */
  private finish(worker: Worker): void {
    worker.terminate();
    this.workers = this.workers.filter((other) => other !== worker);
    if (this.workers.length === 0) this.update({ ...this.state, done: true });
  }

  private update(state: TimelineMediaState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    for (const worker of this.workers) worker.terminate();
    this.workers = [];
    for (const bitmap of this.state.thumbnails) bitmap?.close();
  }
}

const cache = new Map<string, TimelineMedia>();

function mediaFor(key: string, video: Blob, durationMs: number): TimelineMedia {
  const cached = cache.get(key);
  if (cached) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const media = new TimelineMedia(video, durationMs);
  cache.set(key, media);
  for (const [oldKey, old] of cache) {
    if (cache.size <= CACHED_RECORDINGS) break;
    cache.delete(oldKey);
    old.dispose();
  }
  return media;
}

/**
 * The filmstrip and waveform of one recording (`key`: its id and file size, so a repaired file reads afresh), read
 * once by a worker and kept for the next few recordings opened.
 */
export function useTimelineMedia(key: string, video: Blob, durationMs: number): TimelineMediaState {
  const media = mediaFor(key, video, durationMs);
  return useSyncExternalStore(media.subscribe, () => media.state);
}
