import { isAudibleRate } from '../../../../shared/time-map/speed';
import { rateOf } from '../../../../shared/time-map/time-map';
import { type TimelineEdits, timeMapOf } from '../../../../shared/timeline/timeline';

/**
 * Plays the preview's video at the rate of the speed-up under `sourceMs`: the browser keeps the pitch
 * (preservesPitch) up to MAX_AUDIBLE_RATE, and faster ranges are muted, as the export makes them.
 */
export function followSpeed(video: HTMLVideoElement, timeline: TimelineEdits, sourceMs: number): void {
  const rate = rateOf(timeMapOf(timeline), sourceMs);
  if (video.playbackRate !== rate) video.playbackRate = rate;
  video.preservesPitch = true;
  const muted = !isAudibleRate(rate);
  if (video.muted !== muted) video.muted = muted;
}
