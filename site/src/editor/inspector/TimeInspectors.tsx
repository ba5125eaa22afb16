import { useStore } from '@nanostores/react';
import { FastForward, Scissors, Undo2, ZoomIn } from 'lucide-react';
import { useMemo } from 'react';
import { formatRate, MAX_AUDIBLE_RATE, SPEED_RATES, type SpeedRate } from '../../../../shared/time-map/speed';
import { suggestSpeedUps } from '../../../../shared/timeline/speed-suggestions';
import { Button, SecondsField } from '../../../../shared/ui';
import { SUGGESTION_NAMES, suggestionAt } from '../speed/SpeedLane';
import { addZoomAt, cutRange, restoreCut, trimEdges, trimEndHere, trimStartHere } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { selectedCut, selectedRange, selectedSpeed } from '../state/selection';
import { acceptSuggestion, changeSelectedSpeed, speedUpSelection } from '../state/speed-actions';
import { formatTime } from '../timeline/timeline-scale';
import { SelectionPanel, spanText } from './SelectionPanel';

/** The trim: where the video starts and ends, typed or set at the playhead. */
export function TrimInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const { trim } = state.history.present.timeline;
  const durationMs = editor.context.recording.video.durationMs;
  return (
    <SelectionPanel editor={editor} label="Trim" title="Trim" detail={`Kept: ${spanText(trim, formatTime)}`}>
      <div className="inspector-pair">
        <SecondsField
          label="Start"
          name="Trim start (s)"
          valueMs={trim.startMs}
          maxMs={durationMs}
          onChange={(startMs) => editor.run(trimEdges, { startMs }, 'push')}
        />
        <SecondsField
          label="End"
          name="Trim end (s)"
          valueMs={trim.endMs}
          maxMs={durationMs}
          onChange={(endMs) => editor.run(trimEdges, { endMs }, 'push')}
        />
      </div>
      <div className="inspector-actions">
        <Button size="small" onClick={() => editor.run(trimStartHere)}>
          Start at the playhead
        </Button>
        <Button size="small" onClick={() => editor.run(trimEndHere)}>
          End at the playhead
        </Button>
      </div>
      <p className="cr-hint">Drag the yellow grips on the video lane, or press [ and ] at the playhead.</p>
    </SelectionPanel>
  );
}

/** Rate buttons: each speed a button, the current one pressed. */
function RateButtons(props: {
  readonly label: string;
  readonly current?: number;
  readonly onRate: (rate: SpeedRate) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form's fieldset
    <div role="group" aria-label={props.label} className="speed-rates">
      <span className="cr-field-label">{props.label}</span>
      <div className="speed-rate-buttons">
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
      </div>
    </div>
  );
}

const SOUND_NOTE = `Sound keeps its pitch up to ${formatRate(MAX_AUDIBLE_RATE)}; faster parts play silent.`;

/** A range dragged on the video lane: cut it out, speed it up, or zoom over it. */
export function RangeInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const range = selectedRange(state.selection);
  if (!range) return null;
  return (
    <SelectionPanel editor={editor} label="Selected range" title="Selected range" detail={spanText(range, formatTime)}>
      <div className="inspector-actions">
        <Button icon={<Scissors />} onClick={() => editor.run(cutRange)}>
          Cut out selection
        </Button>
        <Button icon={<ZoomIn />} onClick={() => editor.run(addZoomAt, range)}>
          Zoom in here
        </Button>
      </div>
      <RateButtons label="Speed up selection" onRate={(rate) => editor.run(speedUpSelection, rate)} />
      <p className="cr-hint" data-testid="speed-sound-note">
        {SOUND_NOTE}
      </p>
    </SelectionPanel>
  );
}

/** A speed-up: its rate, or back to normal speed. */
export function SpeedInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const speed = selectedSpeed(state.selection, state.history.present);
  if (!speed) return null;
  return (
    <SelectionPanel
      editor={editor}
      label="Selected speed-up"
      title={`Speed-up · ${formatRate(speed.rate)}`}
      detail={spanText(speed, formatTime)}
    >
      <RateButtons label="Plays at" current={speed.rate} onRate={(rate) => editor.run(changeSelectedSpeed, rate)} />
      <Button onClick={() => editor.run(changeSelectedSpeed, 1)}>Normal speed</Button>
      <p className="cr-hint" data-testid="speed-sound-note">
        {SOUND_NOTE}
      </p>
    </SelectionPanel>
  );
}

/** A cut: what was taken out, and putting it back. */
export function CutInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const cut = selectedCut(state.selection, state.history.present);
  if (!cut) return null;
  return (
    <SelectionPanel editor={editor} label="Selected cut" title="Cut" detail={spanText(cut, formatTime)}>
      <p className="cr-hint">This part is left out of the video.</p>
      <Button icon={<Undo2 />} onClick={() => editor.run(restoreCut)}>
        Restore cut
      </Button>
    </SelectionPanel>
  );
}

/** A wait the recording knows about (a page load, a stretch where nothing happens): speed it up, or cut it out. */
export function SuggestionInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const { timeline } = state.history.present;
  const suggestions = useMemo(() => suggestSpeedUps(editor.context.recording, timeline), [editor, timeline]);
  const suggestion = state.selection?.kind === 'suggestion' ? suggestionAt(suggestions, state.selection) : null;
  if (!suggestion) return null;
  return (
    <SelectionPanel
      editor={editor}
      label="Suggested speed-up"
      title={`Suggested: ${SUGGESTION_NAMES[suggestion.kind].toLowerCase()}`}
      detail={spanText(suggestion, formatTime)}
    >
      <p className="cr-hint">
        {suggestion.kind === 'page-load'
          ? 'A page was loading here: the viewer waits with you.'
          : 'Nothing moves here: no pointer, key, scroll or page change.'}
      </p>
      <div className="inspector-actions">
        <Button tone="primary" icon={<FastForward />} onClick={() => editor.run(acceptSuggestion, suggestion, 'speed')}>
          {`Speed up to ${formatRate(suggestion.rate)}`}
        </Button>
        <Button icon={<Scissors />} onClick={() => editor.run(acceptSuggestion, suggestion, 'cut')}>
          Cut it out
        </Button>
      </div>
    </SelectionPanel>
  );
}
