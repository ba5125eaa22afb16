import { SAME_INSTANT_SECONDS } from '../../../shared/export/frame-choice';

/** What the cache keeps: a decoded frame it can copy and release (mediabunny's VideoSample is one). */
export interface KeepableFrame<T> {
  /** Presentation time, seconds. */
  readonly timestamp: number;
  readonly codedWidth: number;
  readonly codedHeight: number;
  clone(): T;
  close(): void;
}

/** A kept frame and the stretch of time it shows: from its timestamp until the next frame's (seconds). */
interface KeptFrame<T> {
  readonly start: number;
  readonly end: number;
  readonly frame: T;
  readonly bytes: number;
}

/** A stretch of time every instant of which shows a kept frame, seconds (`end` is Infinity at the file's end). */
export interface KeptSpan {
  readonly start: number;
  readonly end: number;
  /** How many frames it holds, and when the last of them starts. */
  readonly frames: number;
  readonly lastStart: number;
}

/** Bytes a decoded frame takes (4:2:0, 8 bits: 1.5 bytes a pixel). */
function bytesOf(frame: KeepableFrame<unknown>): number {
  return frame.codedWidth * frame.codedHeight * 1.5;
}

/**
 * Decoded frames kept for scrubbing, each with the time it shows, up to a memory budget: when over it, the frames
 * furthest from the playhead go first. A frame is found by the export's rule (shared/export/frame-choice.ts: the
 * last frame starting at or before the time, container rounding allowed), so a kept frame is the frame the export
 * shows at that time. The cache owns what it keeps and hands out copies (clone), which their takers close.
 */
export class DecodedFrames<T extends KeepableFrame<T>> {
  /** In presentation order, no two with the same start. */
  private frames: KeptFrame<T>[] = [];
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The frame showing at `time` (seconds): a copy the caller closes; null when it is not kept. */
  showingAt(time: number): T | null {
    const index = this.indexShowing(time);
    return index === -1 ? null : (this.frames[index] as KeptFrame<T>).frame.clone();
  }

  /** Whether the frame starting at `start` (seconds) is kept. */
  has(start: number): boolean {
    const index = this.lastStartingBy(start);
    return index !== -1 && Math.abs((this.frames[index] as KeptFrame<T>).start - start) <= SAME_INSTANT_SECONDS;
  }

  /**
   * Keeps a copy of `frame`, which shows until `end` (seconds; Infinity for the file's last frame), unless it is kept
   * already or larger than the budget; then, while over the budget, drops the frames furthest from `near`.
   */
  add(frame: T, end: number, near: number): void {
    if (this.has(frame.timestamp) || end <= frame.timestamp) return;
    const bytes = bytesOf(frame);
    if (bytes > this.budgetBytes) return;
    const kept: KeptFrame<T> = { start: frame.timestamp, end, frame: frame.clone(), bytes };
    this.frames.splice(this.lastStartingBy(kept.start) + 1, 0, kept);
    this.bytes += bytes;
    while (this.bytes > this.budgetBytes) {
      const first = this.frames[0] as KeptFrame<T>;
      const last = this.frames[this.frames.length - 1] as KeptFrame<T>;
      const far = Math.abs(first.start - near) > Math.abs(last.start - near) ? this.frames.shift() : this.frames.pop();
      if (!far) break;
      this.bytes -= far.bytes;
      far.frame.close();
    }
  }

  /** The unbroken stretch of kept frames around `time` (each ending where the next starts); null when none shows it. */
  spanAround(time: number): KeptSpan | null {
    const index = this.indexShowing(time);
    if (index === -1) return null;
    let from = index;
    while (from > 0 && this.follows(from - 1)) from--;
    let to = index;
    while (to < this.frames.length - 1 && this.follows(to)) to++;
    const last = this.frames[to] as KeptFrame<T>;
    return {
      start: (this.frames[from] as KeptFrame<T>).start,
      end: last.end,
      frames: to - from + 1,
      lastStart: last.start,
    };
  }

  /** How many frames of `frame`'s size the budget holds. */
  capacity(frame: KeepableFrame<unknown>): number {
    return Math.floor(this.budgetBytes / bytesOf(frame));
  }

  /** Releases every kept frame. */
  clear(): void {
    for (const kept of this.frames) kept.frame.close();
    this.frames = [];
    this.bytes = 0;
  }

  /** Whether frame `index + 1` starts where frame `index` ends. */
  private follows(index: number): boolean {
    const frame = this.frames[index] as KeptFrame<T>;
    const next = this.frames[index + 1] as KeptFrame<T>;
    return Math.abs(next.start - frame.end) <= SAME_INSTANT_SECONDS;
  }

  /** Index of the kept frame showing at `time`, or -1. */
  private indexShowing(time: number): number {
    const index = this.lastStartingBy(time);
    if (index === -1) return -1;
    return time + SAME_INSTANT_SECONDS < (this.frames[index] as KeptFrame<T>).end ? index : -1;
  }

  /** Index of the last kept frame starting at or before `time` (the container's rounding allowed), or -1. */
  private lastStartingBy(time: number): number {
    let low = 0;
    let high = this.frames.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.frames[middle] as KeptFrame<T>).start <= time + SAME_INSTANT_SECONDS) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }
}
