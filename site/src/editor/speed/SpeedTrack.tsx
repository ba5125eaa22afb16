import { useStore } from '@nanostores/react';
import { type CSSProperties, useMemo } from 'react';
import { formatRate, isAudibleRate, MAX_AUDIBLE_RATE, SPEED_RATES } from '../../../../shared/time-map/speed';
import { speedAt } from '../../../../shared/time-map/speed-edits';
import { type SpeedSuggestion, suggestSpeedUps } from '../../../../shared/time-map/speed-suggestions';
import { Button } from '../../../../shared/ui';
import { seek } from '../editor-state';
import type { EditorStore } from '../editor-store';
import { formatTime } from '../timeline/timeline-scale';
import { acceptSuggestion, changeSpeedHere, speedUpSelection } from './speed-actions';
import './speed.css';

const SUGGESTION_LABEL = { 'page-load': 'Page load', idle: 'Idle' } as const;

/**
 * The speed lane under the timeline (same time scale): the sped-up ranges, and the waits the recording knows about
 * (page loads, idle stretches) offered as one-click speed-ups or cuts. Below it, the speed tools for the selected
 * range or the speed-up under the playhead.
 */
export function SpeedTrack({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const { timeline } = state.history.present;
  const { recording } = editor.context;
  const durationMs = recording.video.durationMs;
  const suggestions = useMemo(() => suggestSpeedUps(recording, timeline), [recording, timeline]);
  const percent = (ms: number) => `${(Math.min(durationMs, Math.max(0, ms)) / durationMs) * 100}%`;
  const span = (from: number, to: number) => ({
    left: percent(from),
    width: `calc(${percent(to)} - ${percent(from)})`,
  });
  const here = speedAt(timeline, state.playheadMs);

  return (
    <section className="speed" aria-label="Speed">
      <div className="lane speed-lane" title="Speed-ups: select a range on the video lane to speed it up">
        {(timeline.speeds ?? []).map((speed) => (
          <div
            key={`${speed.startMs}-${speed.endMs}`}
            className={`speed-range${speed === here ? ' selected' : ''}`}
            data-testid="speed-range"
            data-rate={speed.rate}
            style={span(speed.startMs, speed.endMs)}
            title={`${formatTime(speed.startMs)}–${formatTime(speed.endMs)} at ${formatRate(speed.rate)}${isAudibleRate(speed.rate) ? '' : ', muted'}`}
            onPointerDown={() => editor.run(seek, speed.startMs)}
          >
            <span className="speed-label">
              {formatRate(speed.rate)}
              {isAudibleRate(speed.rate) ? '' : ' · muted'}
            </span>
          </div>
        ))}
        {suggestions.map((suggestion) => (
          <Suggestion
            key={`${suggestion.kind}-${suggestion.startMs}`}
            suggestion={suggestion}
            style={span(suggestion.startMs, suggestion.endMs)}
            onAccept={(how) => editor.run(acceptSuggestion, suggestion, how)}
          />
        ))}
      </div>
      <div className="speed-tools">
        {state.range ? (
          <RateButtons label="Speed up selection" onRate={(rate) => editor.run(speedUpSelection, rate)} />
        ) : here ? (
          <>
            <RateButtons
              label={`This range plays at ${formatRate(here.rate)}`}
              current={here.rate}
              onRate={(rate) => editor.run(changeSpeedHere, rate)}
            />
            <Button size="small" onClick={() => editor.run(changeSpeedHere, 1)}>
              Normal speed
            </Button>
          </>
        ) : (
          <span className="speed-hint">Select a range on the video lane to speed it up.</span>
        )}
        <span className="speed-hint" data-testid="speed-sound-note">
          Sound keeps its pitch up to {formatRate(MAX_AUDIBLE_RATE)}; faster ranges are muted.
        </span>
      </div>
    </section>
  );
}

function RateButtons(props: {
  readonly label: string;
  readonly current?: number;
  readonly onRate: (rate: (typeof SPEED_RATES)[number]) => void;
}) {
  return (
    <fieldset className="speed-rates">
      <legend>{props.label}</legend>
      {SPEED_RATES.map((rate) => (
        <Button
          key={rate}
          size="small"
          tone={props.current === rate ? 'primary' : 'secondary'}
          aria-pressed={props.current === undefined ? undefined : props.current === rate}
          onClick={() => props.onRate(rate)}
        >
          {formatRate(rate)}
        </Button>
      ))}
    </fieldset>
  );
}

function Suggestion(props: {
  readonly suggestion: SpeedSuggestion;
  readonly style: CSSProperties;
  readonly onAccept: (how: 'speed' | 'cut') => void;
}) {
  const { suggestion } = props;
  const what = `${SUGGESTION_LABEL[suggestion.kind]} ${formatTime(suggestion.startMs)}–${formatTime(suggestion.endMs)}`;
  return (
    <div className="speed-suggestion" data-testid="speed-suggestion" data-kind={suggestion.kind} style={props.style}>
      <span className="speed-label">{SUGGESTION_LABEL[suggestion.kind]}</span>
      <button
        type="button"
        aria-label={`Speed up ${what} to ${formatRate(suggestion.rate)}`}
        title={`Suggested: ${what}. Speed it up to ${formatRate(suggestion.rate)}`}
        onClick={() => props.onAccept('speed')}
      >
        {formatRate(suggestion.rate)}
      </button>
      <button type="button" aria-label={`Cut ${what}`} title={`Cut out ${what}`} onClick={() => props.onAccept('cut')}>
        Cut
      </button>
    </div>
  );
}
