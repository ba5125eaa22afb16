import { RecordingError } from '../../shared/errors/domain-errors';
import type { CaptureRequest, EndReason, OffscreenReply } from '../../shared/messages/extension-messages';
import type { MediaStreamName } from '../../shared/messages/site-messages';
import type { ClockLog } from '../../shared/recording/clock';
import { videoBitrate } from '../settings/recorder-settings';
import { mixAudio } from './audio-mix';
import { ChunkWriter } from './chunk-writer';
import { pickMimeType, tabRecorderMimeType, WEBCAM_MIME_PREFERENCES } from './codecs';
import { FrameWatch, type StallListener } from './frame-watch';
import { FIRST_FRAME_WAIT_MS, lastFrameEnd, RecordingClock, timeZero, wallNow } from './recording-clock';

/** Video and webcam chunks are cut this often, so a crash loses at most this much. */
export const TIMESLICE_MS = 500;

/** Called when the recorder ends on its own (tab closed, disk full, encoder error), after the last chunk is written. */
export type EndListener = (reason: EndReason, message: string | null, stoppedAt: number) => void;

/** The recorder's start event as a wall time. */
function startEvent(recorder: MediaRecorder): Promise<number> {
  return new Promise<number>((resolve) => recorder.addEventListener('start', () => resolve(wallNow()), { once: true }));
}

/**
 * One recording in the offscreen document: the tab's stream (and optional microphone and webcam) into
 * MediaRecorders. The parts are modules of their own: the clock (recording-clock.ts), the audio mix (audio-mix.ts),
 * the codec choice (codecs.ts), the writing of chunks (chunk-writer.ts) and the frame watch (frame-watch.ts).
 */
export class TabRecorder {
  private readonly clock = new RecordingClock();
  private readonly frames: FrameWatch;
  private readonly chunks: ChunkWriter;
  private readonly streams: MediaStream[] = [];
  private audioContext: AudioContext | null = null;
  private main: MediaRecorder | null = null;
  private webcam: MediaRecorder | null = null;
  private ended = false;
  private stopped: Promise<number> | null = null;

  constructor(
    private readonly request: CaptureRequest,
    private readonly onEnd: EndListener,
    onStall: StallListener = () => undefined,
  ) {
    this.frames = new FrameWatch(onStall);
    this.chunks = new ChunkWriter(request.sessionId, (reason, message) => void this.finish(reason, message));
  }

  /** Opens the streams and builds the recorders; nothing is recorded until start(). */
  async prepare(): Promise<OffscreenReply> {
    const { width, height, frameRate, source } = this.request;
    const captured = source === 'tab' ? await this.openTab() : await this.openDisplay();
    this.streams.push(captured);
    const [videoTrack] = captured.getVideoTracks();
    if (!videoTrack) throw new RecordingError('no-video', 'The capture has no video.');
    const microphone = this.request.microphone ? await this.openDevice({ audio: MICROPHONE }) : null;
    this.audioContext = new AudioContext();
    // A captured tab is muted for the user while captured, so its sound is played on; a window's or the screen's
    // sound the user hears already.
    const audio = mixAudio(this.audioContext, captured, microphone, source === 'tab');
    const supported = (type: string) => MediaRecorder.isTypeSupported(type);
    const mimeType = tabRecorderMimeType(supported, audio.tracks.length > 0);
    const actual = videoTrack.getSettings();
    const size = { width: actual.width ?? width, height: actual.height ?? height };
    this.main = new MediaRecorder(new MediaStream([videoTrack, ...audio.tracks]), {
      mimeType,
      videoBitsPerSecond: videoBitrate(size.width, size.height, frameRate, this.request.quality),
      audioBitsPerSecond: 128_000,
    });
    this.wire(this.main, 'video');
    // The recording ends when the tab goes away (closed, or crashed), or the user stops sharing in Chrome's bar.
    videoTrack.addEventListener('ended', () => void this.finish('tab-closed', null));

    let webcamInfo: OffscreenReply['webcam'] = null;
    const camera = this.request.webcam ? await this.openDevice({ video: CAMERA }) : null;
    if (camera) {
      try {
        const settings = camera.getVideoTracks()[0]?.getSettings() ?? {};
        const webcamType = pickMimeType(WEBCAM_MIME_PREFERENCES, supported);
        this.webcam = new MediaRecorder(camera, { mimeType: webcamType, videoBitsPerSecond: 2_500_000 });
        this.wire(this.webcam, 'webcam');
        webcamInfo = { mimeType: webcamType, width: settings.width ?? 1280, height: settings.height ?? 720 };
      } catch {
        // The camera's video cannot be recorded here: record without it.
      }
    }
    return {
      ok: true,
      video: { mimeType, ...size, frameRate: actual.frameRate ?? frameRate },
      webcam: webcamInfo,
      audio: { tab: audio.tab, microphone: audio.microphone },
    };
  }

  /** The tab's picture and sound, at the requested size (the tab's viewport in device pixels). */
  private openTab(): Promise<MediaStream> {
    const { streamId, width, height, frameRate } = this.request;
    return navigator.mediaDevices.getUserMedia({
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
  }

  /**
   * A window or the screen, picked in Chrome's own picker (offered first: the kind the user chose), at its own size,
   * with its sound where Chrome offers it (the system's sound on Windows and ChromeOS; none on Linux and macOS).
   */
  private async openDisplay(): Promise<MediaStream> {
    const surface = this.request.source === 'window' ? 'window' : 'monitor';
    try {
      return await navigator.mediaDevices.getDisplayMedia({
        video: { displaySurface: surface, frameRate: { max: this.request.frameRate } },
        audio: true,
        systemAudio: 'include',
        selfBrowserSurface: 'exclude',
        monitorTypeSurfaces: 'include',
      } as DisplayMediaStreamOptions);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'NotAllowedError')
        throw new RecordingError('cancelled', 'Nothing was shared: the window or screen picker was closed.');
      throw error;
    }
  }

  /** A microphone or camera stream; null without the device or the permission (the popup asks): record without it. */
  private async openDevice(constraints: MediaStreamConstraints): Promise<MediaStream | null> {
    try {
      const stream = await navigator.mediaDevices.getUserMedia(constraints);
      this.streams.push(stream);
      return stream;
    } catch {
      return null;
    }
  }

  private wire(recorder: MediaRecorder, stream: MediaStreamName): void {
    recorder.addEventListener('dataavailable', (event) => this.chunks.write(stream, event.data));
    recorder.addEventListener('error', (event) => {
      void this.finish('error', `The recorder failed: ${String((event as ErrorEvent).error ?? event.type)}`);
    });
  }

  /**
   * Starts recording; resolves with recording time 0 as a wall time (recording-clock.ts's timeZero: the first frame
   * that reached the recorder, seen on a clone of the track, or the recorder's start event when the tab sends none).
   */
  async start(): Promise<{ wall: number; webcamOffsetMs: number }> {
    const main = this.main;
    if (!main) throw new RecordingError('not-prepared', 'The recorder was started before it was prepared.');
    const started = startEvent(main);
    main.start(TIMESLICE_MS);
    // Watched only after the recorder started: the browser attaches the two to the track in that order, so every
    // frame the clone sees also reached the recorder, and time 0 is never a frame missing from the file (which
    // would put every cursor point a frame early; a loaded machine showed it).
    const firstFrame = this.frames.watch(main.stream.getVideoTracks()[0]);
    const webcamStarted = this.webcam ? startEvent(this.webcam) : null;
    this.webcam?.start(TIMESLICE_MS);
    const startWall = await started;
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), FIRST_FRAME_WAIT_MS));
    const wall = timeZero(startWall, await Promise.race([firstFrame, timeout]));
    this.clock.start(wall);
    // Ended while starting (tab closed): nothing left to watch.
    if (!this.stopped && !this.ended) this.frames.startWatchdog(wall);
    const webcamWall = webcamStarted ? await webcamStarted : wall;
    return { wall, webcamOffsetMs: Math.max(0, webcamWall - wall) };
  }

  /** Pauses both recorders; paused time is absent from the files. */
  pause(): number {
    const wall = wallNow();
    if (this.main?.state === 'recording') this.main.pause();
    if (this.webcam?.state === 'recording') this.webcam.pause();
    this.clock.pause(wall);
    return wall;
  }

  /** Resumes after pause(). */
  resume(): number {
    const wall = wallNow();
    if (this.main?.state === 'paused') this.main.resume();
    if (this.webcam?.state === 'paused') this.webcam.resume();
    this.clock.resume(wall);
    return wall;
  }

  /** The clock as it stands (null before start). */
  get clockLog(): ClockLog | null {
    return this.clock.log;
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
    const end = lastFrameEnd(this.frames.lastFrameWall, wallNow(), this.request.frameRate, this.clock.log);
    return this.finish('stopped', null, end);
  }

  /** Stops without telling anyone (discard: the caller deletes what was saved). */
  async discard(): Promise<void> {
    this.ended = true;
    this.frames.stop();
    await this.finishRecorders();
  }

  private finish(reason: EndReason, message: string | null, endWall?: number): Promise<number> {
    if (this.stopped) return this.stopped;
    this.frames.stop();
    this.stopped = (async () => {
      const wall = endWall ?? wallNow();
      this.clock.stop(wall);
      await this.finishRecorders();
      if (!this.ended) {
        this.ended = true;
        this.onEnd(reason, message, wall);
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
    await this.chunks.settled();
    for (const stream of this.streams) for (const track of stream.getTracks()) track.stop();
    await this.audioContext?.close().catch(() => undefined);
  }
}

/** The microphone as recorded: voice processing on (it is mixed with the tab's sound). */
const MICROPHONE: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true };
/** The webcam: 720p at 30 fps where the camera can. */
const CAMERA: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } };
