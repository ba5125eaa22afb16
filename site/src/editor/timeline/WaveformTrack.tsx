import { peakBetween } from '../../../../shared/timeline/waveform-peaks';
import { TrackCanvas, type VisibleStretch } from './TrackCanvas';
import { TrackRow } from './TrackRow';
import type { TimelineMediaState } from './timeline-media';

/** Quiet sound still shows: peaks are drawn on a square-root scale, as level meters do. */
const loudness = (peak: number) => Math.sqrt(peak);

/** The sound row: the recording's waveform, mirrored around its middle. */
export function WaveformTrack({ media, hasAudio }: { readonly media: TimelineMediaState; readonly hasAudio: boolean }) {
  const { waveform } = media;
  const draw = (context: CanvasRenderingContext2D, stretch: VisibleStretch) => {
    if (!waveform) return;
    const { fromMs, msPerPx, width, height } = stretch;
    const style = getComputedStyle(context.canvas);
    context.fillStyle = style.getPropertyValue('--waveform-colour') || '#8b7bff';
    const middle = height / 2;
    for (let x = 0; x < width; x++) {
      const peak = loudness(peakBetween(waveform, fromMs + x * msPerPx, fromMs + (x + 1) * msPerPx));
      const half = Math.max(0.5, peak * (middle - 2));
      context.fillRect(x, middle - half, 1, half * 2);
    }
  };
  const silent = !hasAudio || media.silent;
  const reading = !silent && !waveform;
  return (
    <TrackRow
      label="Audio"
      className="waveform-row"
      data-testid="waveform"
      data-state={silent ? 'silent' : reading ? 'reading' : 'shown'}
    >
      {silent ? (
        <span className="track-empty">No sound recorded</span>
      ) : (
        <TrackCanvas className="waveform" draw={draw} version={waveform} />
      )}
    </TrackRow>
  );
}
