import { type RefObject, useEffect, useRef } from 'react';
import { type SoundCue, soundCues, soundWave } from '../../../shared/audio/click-sounds';
import type { ClickSoundSettings } from '../../../shared/look/render-settings';
import type { Recording } from '../../../shared/recording/recording';
import { outputTimeAt, type TimelineEdits } from '../../../shared/timeline/timeline';

/** Cues are scheduled this far ahead of the playing video's time, so each starts on its click, not a frame late. */
const SCHEDULE_AHEAD_MS = 150;
/** A jump of the video's output time larger than this (a seek, a restart) skips the cues it jumped over. */
const JUMP_MS = 400;

let sharedContext: AudioContext | null = null;

/** The page's one AudioContext for preview sounds, made on first play (a user gesture allows it to start). */
function audioContext(): AudioContext | null {
  if (typeof AudioContext === 'undefined') return null;
  sharedContext ??= new AudioContext();
  if (sharedContext.state === 'suspended') void sharedContext.resume();
  return sharedContext;
}

/** Plays `cue` on `context` `delayMs` from now, at `volume` (the same wave and scale the export mixes in). */
function play(context: AudioContext, cue: SoundCue, delayMs: number, volume: number): void {
  const wave = soundWave(cue.kind, context.sampleRate);
  const buffer = context.createBuffer(1, wave.length, context.sampleRate);
  buffer.copyToChannel(new Float32Array(wave), 0);
  const source = context.createBufferSource();
  source.buffer = buffer;
  const gain = context.createGain();
  gain.gain.value = volume;
  source.connect(gain).connect(context.destination);
  source.start(context.currentTime + Math.max(0, delayMs) / 1000);
}

/**
 * The stretch of output time (ms) whose cues a tick at output time `output` schedules, given that cues were scheduled
 * up to `scheduledTo` (null: nothing yet): on from there, unless the video jumped (a seek, a restart), then from now.
 */
export function scheduleWindow(scheduledTo: number | null, output: number): { from: number; to: number } {
  const jumped = scheduledTo === null || output < scheduledTo - SCHEDULE_AHEAD_MS || output > scheduledTo + JUMP_MS;
  return { from: jumped ? output : scheduledTo, to: output + SCHEDULE_AHEAD_MS };
}

/** The cues in `window` (from inclusive, to exclusive). */
export function cuesIn(cues: readonly SoundCue[], window: { from: number; to: number }): SoundCue[] {
  return cues.filter((cue) => cue.outputMs >= window.from && cue.outputMs < window.to);
}

/**
 * While the preview plays, the click (and key) sounds the export would mix in play at their output times, following
 * the sound settings live: the same cues (soundCues), wave and volume as the export.
 */
export function usePreviewClickSounds(
  videoRef: RefObject<HTMLVideoElement | null>,
  playing: boolean,
  recording: Pick<Recording, 'clicks' | 'typing' | 'shortcuts'>,
  timeline: TimelineEdits,
  sounds: ClickSoundSettings,
): void {
  const live = useRef({ recording, timeline, sounds });
  live.current = { recording, timeline, sounds };
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playing) return;
    let stopped = false;
    let frame = 0;
    /** Output time up to which cues are scheduled. */
    let scheduledTo: number | null = null;
    /** The cues of the edits last seen, worked out again only when they change. */
    let cues: { of: (typeof live)['current']; cues: readonly SoundCue[] } | null = null;
    const unchanged = (a: (typeof live)['current'], b: (typeof live)['current']) =>
      a.recording === b.recording && a.timeline === b.timeline && a.sounds === b.sounds;
    const tick = () => {
      if (stopped) return;
      const { recording: current, timeline: edits, sounds: settings } = live.current;
      if (!cues || !unchanged(cues.of, live.current))
        cues = { of: live.current, cues: soundCues(current, edits, settings) };
      const output = outputTimeAt(edits, video.currentTime * 1000);
      const window = scheduleWindow(scheduledTo, output);
      const context = settings.volume > 0 && !video.paused ? audioContext() : null;
      if (context) {
        const rate = video.playbackRate || 1;
        for (const cue of cuesIn(cues.cues, window))
          play(context, cue, (cue.outputMs - output) / rate, settings.volume);
      }
      scheduledTo = window.to;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
    };
  }, [playing, videoRef]);
}
