import { useStore } from '@nanostores/react';
import { formatRate, MAX_AUDIBLE_RATE, SPEED_RATES } from '../../../../shared/time-map/speed';
import { speedAt } from '../../../../shared/time-map/speed-edits';
import { Button } from '../../../../shared/ui';
import type { EditorStore } from '../editor-store';
import { changeSpeedHere, speedUpSelection } from './speed-actions';
import './speed.css';

/** Under the timeline: the speed tools for the selected range, or for the speed-up under the playhead. */
export function SpeedTools({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const here = speedAt(state.history.present.timeline, state.playheadMs);

  return (
    <section className="speed-tools" aria-label="Speed-up tools">
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
