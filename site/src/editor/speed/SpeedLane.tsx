import { useStore } from '@nanostores/react';
import { Hourglass, Loader } from 'lucide-react';
import { useMemo } from 'react';
import { formatRate, isAudibleRate } from '../../../../shared/time-map/speed';
import { type SpeedSuggestion, suggestSpeedUps } from '../../../../shared/timeline/speed-suggestions';
import { select } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { selectedSpeed } from '../state/selection';
import { TrackRow } from '../timeline/TrackRow';
import { formatTime, spanOf, useTimelineScale } from '../timeline/timeline-scale';
import './speed.css';

/** What each kind of wait is called. */
export const SUGGESTION_NAMES = { 'page-load': 'Page load', idle: 'Nothing happens' } as const;
const SUGGESTION_ICONS = { 'page-load': <Loader />, idle: <Hourglass /> } as const;

/** The suggestion a selection of kind 'suggestion' names, among those offered now. */
export function suggestionAt(
  suggestions: readonly SpeedSuggestion[],
  range: { readonly startMs: number; readonly endMs: number },
): SpeedSuggestion | null {
  const middle = (range.startMs + range.endMs) / 2;
  return suggestions.find((s) => s.startMs <= middle && middle < s.endMs) ?? null;
}

/**
 * The timeline's speed row: the sped-up ranges (a click selects one: its rate in the inspector), and the waits the
 * recording knows about (page loads, stretches where nothing happens), each a chip that opens its one-click speed-up
 * or cut in the inspector, whatever the timeline's zoom. A row of the timeline, so it zooms and scrolls with it.
 */
export function SpeedLane({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const scale = useTimelineScale();
  const { timeline } = state.history.present;
  const { recording } = editor.context;
  const suggestions = useMemo(() => suggestSpeedUps(recording, timeline), [recording, timeline]);

  return (
    <TrackRow label="Speed" className="speed-lane" title="Speed-ups: select a range on the video lane to speed it up">
      {(timeline.speeds ?? []).map((speed) => (
        <button
          type="button"
          key={`${speed.startMs}-${speed.endMs}`}
          className={`speed-range${selectedSpeed(state.selection, state.history.present) === speed ? ' selected' : ''}`}
          data-testid="speed-range"
          data-rate={speed.rate}
          style={spanOf(scale, speed.startMs, speed.endMs)}
          aria-label={`Speed-up ${formatTime(speed.startMs)} to ${formatTime(speed.endMs)} at ${formatRate(speed.rate)}${isAudibleRate(speed.rate) ? '' : ', muted'}`}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => editor.run(select, { kind: 'speed', startMs: speed.startMs, endMs: speed.endMs })}
        >
          <span className="speed-label">
            {formatRate(speed.rate)}
            {isAudibleRate(speed.rate) ? '' : ' · muted'}
          </span>
        </button>
      ))}
      {suggestions.map((suggestion) => {
        const selected = state.selection?.kind === 'suggestion' && suggestionAt([suggestion], state.selection) !== null;
        return (
          <button
            type="button"
            key={`${suggestion.kind}-${suggestion.startMs}`}
            className={`speed-suggestion${selected ? ' selected' : ''}`}
            data-testid="speed-suggestion"
            data-kind={suggestion.kind}
            style={spanOf(scale, suggestion.startMs, suggestion.endMs)}
            aria-label={`Suggested: ${SUGGESTION_NAMES[suggestion.kind]} ${formatTime(suggestion.startMs)} to ${formatTime(suggestion.endMs)}, speed it up or cut it`}
            aria-pressed={selected}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() =>
              editor.run(select, { kind: 'suggestion', startMs: suggestion.startMs, endMs: suggestion.endMs })
            }
          >
            <span className="speed-suggestion-icon" aria-hidden="true">
              {SUGGESTION_ICONS[suggestion.kind]}
            </span>
            <span className="speed-label">{formatRate(suggestion.rate)}?</span>
          </button>
        );
      })}
    </TrackRow>
  );
}
