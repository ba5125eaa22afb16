import { useStore } from '@nanostores/react';
import { type CSSProperties, useMemo } from 'react';
import { formatRate, isAudibleRate } from '../../../../shared/time-map/speed';
import { speedAt } from '../../../../shared/time-map/speed-edits';
import { type SpeedSuggestion, suggestSpeedUps } from '../../../../shared/time-map/speed-suggestions';
import { seek } from '../editor-state';
import type { EditorStore } from '../editor-store';
import { TrackRow } from '../timeline/TrackRow';
import { formatTime, spanOf, useTimelineScale } from '../timeline/timeline-scale';
import { acceptSuggestion } from './speed-actions';
import './speed.css';

const SUGGESTION_LABEL = { 'page-load': 'Page load', idle: 'Idle' } as const;

/**
 * The timeline's speed row: the sped-up ranges, and the waits the recording knows about (page loads, idle
 * stretches) offered as one-click speed-ups or cuts. A row of the timeline, so it zooms and scrolls with it.
 */
export function SpeedLane({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const scale = useTimelineScale();
  const { timeline } = state.history.present;
  const { recording } = editor.context;
  const suggestions = useMemo(() => suggestSpeedUps(recording, timeline), [recording, timeline]);
  const here = speedAt(timeline, state.playheadMs);

  return (
    <TrackRow label="Speed" className="speed-lane" title="Speed-ups: select a range on the video lane to speed it up">
      {(timeline.speeds ?? []).map((speed) => (
        <div
          key={`${speed.startMs}-${speed.endMs}`}
          className={`speed-range${speed === here ? ' selected' : ''}`}
          data-testid="speed-range"
          data-rate={speed.rate}
          style={spanOf(scale, speed.startMs, speed.endMs)}
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
          style={spanOf(scale, suggestion.startMs, suggestion.endMs)}
          onAccept={(how) => editor.run(acceptSuggestion, suggestion, how)}
        />
      ))}
    </TrackRow>
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
