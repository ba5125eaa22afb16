import { RecordingError } from '../../shared/errors/domain-errors';
import type { CaptureRequest, EndReason, OffscreenReply } from '../../shared/messages/extension-messages';
import type { MediaStreamName } from '../../shared/messages/site-messages';
import { type ClockLog, pauseClock, resumeClock, startClock, stopClock } from '../../shared/recording/clock';
import { putChunk } from '../storage/recording-db';
import { pickMimeType, VIDEO_MIME_PREFERENCES, WEBCAM_MIME_PREFERENCES, withoutAudioCodec } from './codecs';

/** Chrome's insertable-streams reader of a video track (mediacapture-transform), not in TypeScript's DOM types. */
declare class MediaStreamTrackProcessor {
  constructor(init: { track: MediaStreamTrack });
  readonly readable: ReadableStream<VideoFrame>;
}

/** Video and webcam chunks are cut this often, so a crash loses at most this much. */
export const TIMESLICE_MS = 500;

/** Wall-clock now, the time base shared with content scripts. */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}

/** Called when the recorder ends on its own (tab closed, disk full, encoder error), after the last chunk is written. */
export type EndListener = (reason: EndReason, message: string | null, stoppedAt: number) => void;

/** Called while no frame of the tab arrives for FRAME_STALL_MS (repeated), with when the last one did. */
export type StallListener = (lastFrameWall: number | null) => void;

/**
 * How long without a frame before the background is asked to look at the tab. A still page sends no
 * frames either, so a stall alone stops nothing: the background checks whether the tab's renderer died.
 */
export const FRAME_STALL_MS = 1000;

/** How long start() waits for the tab's first frame before taking the recorder's start event as time 0. */
const FIRST_FRAME_WAIT_MS = 1000;

/** Human message for a full disk or quota. */
export const STORAGE_FULL_MESSAGE =
  'Recording stopped: the disk is full (or the browser storage quota is used up). What was recorded so far is kept.';

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'UnknownError');
}

/**
 * One recording in the offscreen document: the tab's stream (and optional microphone and webcam) into
 * MediaRecorders whose chunks go straight to IndexedDB. It owns the recording clock.
 */
export class TabRecorder {
  private clock: ClockLog | null = null;
  private readonly streams: MediaStream[] = [];
  private audioContext: AudioContext | null = null;
  private main: MediaRecorder | null = null;
  private webcam: MediaRecorder | null = null;
  private readonly writes: Promise<void>[] = [];
  private ended = false;
  private endReason: EndReason = 'stopped';
  private endMessage: string | null = null;
  private stopped: Promise<number> | null = null;
  /** Wall time the last frame of the tab arrived (the frame watchdog). */
  private lastFrameWall: number | null = null;
  private watchdog: ReturnType<typeof setInterval> | null = null;
  private frameWatch: (() => void) | null = null;

  constructor(
    private readonly request: CaptureRequest,
    private readonly onEnd: EndListener,
    private readonly onStall: StallListener = () => undefined,
  ) {}

  /** Opens the streams and builds the recorders; nothing is recorded until start(). */
  async prepare(): Promise<OffscreenReply> {
    const { streamId, width, height, frameRate } = this.request;
    const tab = await navigator.mediaDevices.getUserMedia({
      audio: { mandatory: { chromeMediaSource: 'tab', chromeMediaSourceId: streamId } },
      video: {
        mandatory: {
          chromeMediaSource: 'tab',
          chromeMediaSourceId: streamId,
          minWidth: width,
          maxWidth: width,
          minHeight: height,
          maxHeight: height,
          maxFrameRate: frameRate,
        },
      },
    } as unknown as MediaStreamConstraints);
    this.streams.push(tab);
    const [videoTrack] = tab.getVideoTracks();
    if (!videoTrack) throw new RecordingError('no-video', 'The tab capture has no video.');
    // The tab goes quiet for the user while captured unless its sound is played back.
    this.audioContext = new AudioContext();
    const mix = this.audioContext.createMediaStreamDestination();
    const tabAudio = tab.getAudioTracks().length > 0;
    if (tabAudio) {
      const source = this.audioContext.createMediaStreamSource(tab);
      source.connect(this.audioContext.destination);
      source.connect(mix);
    }
    let microphone = false;
    if (this.request.microphone) {
      try {
        const mic = await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true },
        });
        this.streams.push(mic);
        this.audioContext.createMediaStreamSource(mic).connect(mix);
        microphone = true;
      } catch {
        // Permission not granted (the popup asks for it): record without the microphone.
      }
    }
    const audioTracks = tabAudio || microphone ? mix.stream.getAudioTracks() : [];
    const recorded = new MediaStream([videoTrack, ...audioTracks]);
    const supported = (type: string) => MediaRecorder.isTypeSupported(type);
    const picked = pickMimeType(VIDEO_MIME_PREFERENCES, supported);
    const mimeType = audioTracks.length > 0 ? picked : withoutAudioCodec(picked);
    this.main = new MediaRecorder(recorded, {
      mimeType,
      videoBitsPerSecond: this.request.videoBitsPerSecond,
      audioBitsPerSecond: 128_000,
    });
    this.wire(this.main, 'video');
    // The recording ends when the tab goes away (closed, or crashed).
    videoTrack.addEventListener('ended', () => void this.finish('tab-closed', null));

    let webcamInfo: OffscreenReply['webcam'] = null;
    if (this.request.webcam) {
      try {
        const camera = await navigator.mediaDevices.getUserMedia({
          video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
        });
        this.streams.push(camera);
        const cameraTrack = camera.getVideoTracks()[0];
        const settings = cameraTrack?.getSettings() ?? {};
        const webcamType = pickMimeType(WEBCAM_MIME_PREFERENCES, supported);
        this.webcam = new MediaRecorder(camera, { mimeType: webcamType, videoBitsPerSecond: 2_500_000 });
        this.wire(this.webcam, 'webcam');
        webcamInfo = { mimeType: webcamType, width: settings.width ?? 1280, height: settings.height ?? 720 };
      } catch {
        // No camera or no permission: record without it.
      }
    }
    const actual = videoTrack.getSettings();
    return {
      ok: true,
      video: {
        mimeType,
        width: actual.width ?? width,
        height: actual.height ?? height,
        frameRate: actual.frameRate ?? frameRate,
      },
      webcam: webcamInfo,
      audio: { tab: tabAudio, microphone },
    };
  }

  private wire(recorder: MediaRecorder, stream: MediaStreamName): void {
    let index = 0;
    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      const chunk = { sessionId: this.request.sessionId, stream, index: index++, wall: wallNow(), blob: event.data };
      const write = putChunk(chunk).catch((error: unknown) => {
        const full = isQuotaError(error);
        void this.finish(
          full ? 'storage-full' : 'error',
          full ? STORAGE_FULL_MESSAGE : `Saving the recording failed: ${String(error)}`,
        );
      });
      this.writes.push(write);
    });
    recorder.addEventListener('error', (event) => {
      void this.finish('error', `The recorder failed: ${String((event as ErrorEvent).error ?? event.type)}`);
    });
  }

  /**
   * Starts recording; resolves with recording time 0 as a wall time: when the first frame that reached the
   * recorder was delivered (seen on a clone of the track), which is what the video's first timestamp stands for.
   * The start event, which comes later, is the fallback when the tab sends no frame.
   */
  async start(): Promise<{ wall: number; webcamOffsetMs: number }> {
    const main = this.main;
    if (!main) throw new RecordingError('not-prepared', 'The recorder was started before it was prepared.');
    const started = new Promise<number>((resolve) =>
      main.addEventListener('start', () => resolve(wallNow()), { once: true }),
    );
    main.start(TIMESLICE_MS);
    // Watched only after the recorder started: the browser attaches the two to the track in that order, so every
    // frame the clone sees also reached the recorder, and time 0 is never a frame missing from the file (which
    // would put every cursor point a frame early; a loaded machine showed it).
    const firstFrame = this.watchFrames();
    let webcamStarted: Promise<number> | null = null;
    if (this.webcam) {
      const webcam = this.webcam;
      webcamStarted = new Promise<number>((resolve) =>
        webcam.addEventListener('start', () => resolve(wallNow()), { once: true }),
      );
      webcam.start(TIMESLICE_MS);
    }
    const startEvent = await started;
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), FIRST_FRAME_WAIT_MS));
    const frameWall = await Promise.race([firstFrame, timeout]);
    const wall = frameWall !== null && frameWall < startEvent + FIRST_FRAME_WAIT_MS ? frameWall : startEvent;
    this.clock = startClock(wall);
    this.startWatchdog(wall);
    const webcamWall = webcamStarted ? await webcamStarted : wall;
    return { wall, webcamOffsetMs: Math.max(0, webcamWall - wall) };
  }

  /**
   * Notes when each frame of the tab arrives, on a clone of its track so the recording is untouched; resolves
   * with the first one's wall time (null when the browser cannot watch frames, or stops before one comes).
   */
  private watchFrames(): Promise<number | null> {
    const track = this.main?.stream.getVideoTracks()[0];
    if (!track || typeof MediaStreamTrackProcessor === 'undefined') return Promise.resolve(null);
    const clone = track.clone();
    const reader = new MediaStreamTrackProcessor({ track: clone }).readable.getReader();
    let watching = true;
    this.frameWatch = () => {
      watching = false;
      void reader.cancel().catch(() => undefined);
      clone.stop();
    };
    return new Promise<number | null>((resolveFirst) => {
      void (async () => {
        while (watching) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) break;
          const wall = wallNow();
          value?.close();
          this.lastFrameWall = wall;
          resolveFirst(wall);
        }
        resolveFirst(null);
      })();
    });
  }

  /** Reports every FRAME_STALL_MS without a frame of the tab since `startWall`. */
  private startWatchdog(startWall: number): void {
    if (this.stopped || this.ended) return; // ended while starting (tab closed): nothing left to watch
    this.lastFrameWall = Math.max(this.lastFrameWall ?? startWall, startWall);
    this.watchdog = setInterval(() => {
      const last = this.lastFrameWall;
      if (last === null || wallNow() - last >= FRAME_STALL_MS) this.onStall(last);
    }, FRAME_STALL_MS / 2);
  }

  private stopWatchingFrames(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.frameWatch?.();
    this.frameWatch = null;
  }

  /** Pauses both recorders; paused time is absent from the files. */
  pause(): number {
    const wall = wallNow();
    if (this.main?.state === 'recording') this.main.pause();
    if (this.webcam?.state === 'recording') this.webcam.pause();
    if (this.clock) this.clock = pauseClock(this.clock, wall);
    return wall;
  }

  /** Resumes after pause(). */
  resume(): number {
    const wall = wallNow();
    if (this.main?.state === 'paused') this.main.resume();
    if (this.webcam?.state === 'paused') this.webcam.resume();
    if (this.clock) this.clock = resumeClock(this.clock, wall);
    return wall;
  }

  /** The clock as it stands (null before start). */
  get clockLog(): ClockLog | null {
    return this.clock;
  }

  /** Stops at the user's request; resolves with the stop's wall time once every chunk is written. */
  stop(): Promise<number> {
    return this.finish('stopped', null);
  }

  /**
   * Stops a recording whose tab died: it ends with the last frame the tab sent (what came after is a
   * frozen picture), and resolves with that end as a wall time once every chunk is written.
   */
  stopAtLastFrame(): Promise<number> {
    const frameMs = 1000 / (this.request.frameRate || 30);
    const last = this.lastFrameWall;
    // Frames keep coming while paused: a last frame before the latest resume means it stopped at that resume.
    const resumedAt = this.clock?.pauses.at(-1)?.end ?? Number.NEGATIVE_INFINITY;
    const end = last === null ? undefined : Math.min(wallNow(), Math.max(last + frameMs, resumedAt));
    return this.finish('stopped', null, end);
  }

  /** Stops without telling anyone (discard: the caller deletes what was saved). */
  async discard(): Promise<void> {
    this.ended = true;
    this.stopWatchingFrames();
    await this.finishRecorders();
  }

  private finish(reason: EndReason, message: string | null, endWall?: number): Promise<number> {
    if (this.stopped) return this.stopped;
    this.endReason = reason;
    this.endMessage = message;
    this.stopWatchingFrames();
    this.stopped = (async () => {
      const wall = endWall ?? wallNow();
      if (this.clock) this.clock = stopClock(this.clock, wall);
      await this.finishRecorders();
      if (!this.ended) {
        this.ended = true;
        this.onEnd(this.endReason, this.endMessage, wall);
      }
      return wall;
    })();
    return this.stopped;
  }

  private async finishRecorders(): Promise<void> {
    const stops = [this.main, this.webcam].map((recorder) => {
      if (!recorder || recorder.state === 'inactive') return Promise.resolve();
      return new Promise<void>((resolve) => {
        recorder.addEventListener('stop', () => resolve(), { once: true });
        recorder.stop();
      });
    });
    await Promise.all(stops);
    // The last dataavailable fires before stop; wait for every write it queued.
    await Promise.allSettled(this.writes);
    for (const stream of this.streams) for (const track of stream.getTracks()) track.stop();
    await this.audioContext?.close().catch(() => undefined);
  }
}
