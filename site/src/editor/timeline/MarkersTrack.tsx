import type { Recording, Shortcut } from '../../../../shared/recording/recording';
import { TrackRow } from './TrackRow';
import { formatTime, percentOf, spanOf, useTimelineScale } from './timeline-scale';

/** Key presses closer together than this are one stretch of typing on the row. */
const TYPING_GAP_MS = 1200;

/** Stretches of typing: runs of key presses with no pause longer than TYPING_GAP_MS. */
export function typingRuns(typing: Recording['typing']): { startMs: number; endMs: number; keys: number }[] {
  const runs: { startMs: number; endMs: number; keys: number }[] = [];
  for (const { t } of typing) {
    const last = runs[runs.length - 1];
    if (last && t - last.endMs <= TYPING_GAP_MS) runs[runs.length - 1] = { ...last, endMs: t, keys: last.keys + 1 };
    else runs.push({ startMs: t, endMs: t, keys: 1 });
  }
  return runs;
}

/** A shortcut as a person reads it: "Ctrl+Shift+K". */
function shortcutName(shortcut: Shortcut): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  return [shortcut.ctrl && 'Ctrl', shortcut.alt && 'Alt', shortcut.shift && 'Shift', key].filter(Boolean).join('+');
}

interface MarkersTrackProps {
  readonly recording: Recording;
  readonly onSeek: (ms: number) => void;
}

/** What happened in the recording, at its times: clicks, shortcuts and typing. A marker seeks there. */
export function MarkersTrack({ recording, onSeek }: MarkersTrackProps) {
  const scale = useTimelineScale();
  return (
    <TrackRow label="Clicks & keys" className="markers-row" data-testid="markers">
      {typingRuns(recording.typing).map((run) => (
        <button
          type="button"
          key={`typing-${run.startMs}`}
          className="typing-marker"
          data-testid="typing-marker"
          aria-label={`Typing, ${run.keys} keys at ${formatTime(run.startMs)}`}
          title={`Typing (${run.keys} keys)`}
          style={{ ...spanOf(scale, run.startMs, run.endMs + 120) }}
          onClick={() => onSeek(run.startMs)}
        />
      ))}
      {recording.shortcuts.map((shortcut) => (
        <button
          type="button"
          key={`key-${shortcut.t}-${shortcut.code}`}
          className="key-marker"
          data-testid="key-marker"
          data-ms={shortcut.t}
          aria-label={`Key ${shortcutName(shortcut)} at ${formatTime(shortcut.t)}`}
          style={{ left: percentOf(scale, shortcut.t) }}
          onClick={() => onSeek(shortcut.t)}
        >
          {shortcutName(shortcut)}
        </button>
      ))}
      {recording.clicks.map((click) => (
        <button
          type="button"
          key={`click-${click.t}-${click.x}`}
          className={`click-marker ${click.button}`}
          data-testid="click-marker"
          data-ms={click.t}
          aria-label={`${click.button === 'left' ? 'Click' : `${click.button} click`} at ${formatTime(click.t)}`}
          title={`Click at ${formatTime(click.t)}`}
          style={{ left: percentOf(scale, click.t) }}
          onClick={() => onSeek(click.t)}
        />
      ))}
    </TrackRow>
  );
}
