import { useSyncExternalStore } from 'react';
import type { WaveformPeaks } from '../../../../shared/timeline/waveform-peaks';
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

/** Thumbnail times for a recording: one every half second, at least 12 and at most 200, at the frames' middles. */
export function thumbnailTimes(durationMs: number): number[] {
  const count = Math.min(200, Math.max(12, Math.ceil(durationMs / 500)));
  return Array.from({ length: count }, (_, i) => ((i + 0.5) * durationMs) / count);
}

class TimelineMedia {
  state: TimelineMediaState;
  private readonly listeners = new Set<() => void>();
  private worker: Worker | null = null;

  constructor(video: Blob, durationMs: number) {
    const times = thumbnailTimes(durationMs);
    this.state = {
      thumbnailTimesMs: times,
      thumbnails: times.map(() => null),
      waveform: null,
      silent: false,
      done: false,
    };
    const worker = new Worker(new URL('./media-worker.ts', import.meta.url), {
      type: 'module',
      name: 'clickreel-timeline',
    });
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<MediaReply>) => this.receive(event.data);
    worker.onerror = () => this.finish();
    const request: MediaRequest = { video, durationMs, thumbnailTimesMs: times, thumbnailHeight: THUMBNAIL_HEIGHT };
    worker.postMessage(request);
  }

  private receive(message: MediaReply): void {
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
      this.finish();
    }
  }

  private finish(): void {
    this.worker?.terminate();
    this.worker = null;
    this.update({ ...this.state, done: true });
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
    this.worker?.terminate();
    this.worker = null;
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
