import { tickSeconds } from '../../../../shared/timeline/timeline-view';
import { dragPointer, percentOf, snapToFrame, timeAtX, useTimelineScale } from './timeline-scale';

/** A tick label: seconds, with minutes from a minute on ("1:05"), tenths when ticks are that close. */
function tickLabel(seconds: number, step: number): string {
  const digits = step < 1 ? 1 : 0;
  if (seconds < 60) return `${seconds.toFixed(digits)}s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds % 60).toFixed(digits).padStart(digits ? 4 : 2, '0')}`;
}

/** The time ruler: labelled ticks spaced for the magnification (only the visible ones); press or drag to scrub. */
export function TimelineRuler({ onSeek }: { readonly onSeek: (ms: number) => void }) {
  const scale = useTimelineScale();
  const { width, scrollLeft } = scale.viewport;
  const trackWidth = Math.max(1, width * scale.zoom);
  const pxPerSecond = (trackWidth / scale.durationMs) * 1000;
  const step = tickSeconds(pxPerSecond);
  const minor = step / 5;
  const fromS = (scrollLeft / pxPerSecond) | 0;
  const toS = Math.min(scale.durationMs / 1000, (scrollLeft + width) / pxPerSecond + step);
  const ticks: { s: number; major: boolean }[] = [];
  for (let k = Math.floor(fromS / minor); k * minor <= toS; k++) {
    const s = Number((k * minor).toFixed(3));
    ticks.push({ s, major: k % 5 === 0 });
  }
  const scrub = (clientX: number) => onSeek(snapToFrame(scale, timeAtX(scale, clientX)));
  return (
    <div
      className="ruler"
      data-testid="ruler"
      onPointerDown={(event) => {
        scrub(event.clientX);
        dragPointer(scale, event, (ms) => onSeek(snapToFrame(scale, ms)));
      }}
    >
      <span className="ruler-gutter" aria-hidden="true" />
      {ticks.map(({ s, major }) => (
        <span key={s} className={`tick${major ? ' major' : ''}`} style={{ left: percentOf(scale, s * 1000) }}>
          {major ? tickLabel(s, step) : null}
        </span>
      ))}
    </div>
  );
}
