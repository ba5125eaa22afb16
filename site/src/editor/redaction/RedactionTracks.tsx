import { useStore } from '@nanostores/react';
import { Droplets, Grid3x3, SquareDashed, Trash2 } from 'lucide-react';
import { ALL_REDACTION_STYLES } from '../../../../shared/redaction/redaction';
import {
  deleteBlurBox,
  retimeBlurBox,
  setRedactionStyle,
  setTrackHidden,
} from '../../../../shared/redaction/redaction-edits';
import { Button, IconButton, SecondsField, SegmentedControl, Toggle } from '../../../../shared/ui';
import type { EditorStore } from '../editor-store';
import { $previewPick } from '../preview-pick';
import { useRedaction } from './use-redaction';
import './redaction.css';

/** Each look's name and icon. */
const STYLES = {
  blur: { label: 'Blur', icon: <Droplets /> },
  pixelate: { label: 'Pixelate', icon: <Grid3x3 /> },
} as const;

/** A lane as long as the recording: the stretches given, and the playhead. Clicking seeks. */
function Lane(props: {
  spans: readonly { startMs: number; endMs: number }[];
  durationMs: number;
  playheadMs: number;
  off?: boolean;
  onSeek: (ms: number) => void;
}) {
  const percent = (ms: number) => `${(100 * ms) / Math.max(1, props.durationMs)}%`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the playhead has its own keyboard controls
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className="redaction-lane"
      data-off={props.off ? '' : undefined}
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        props.onSeek(((event.clientX - box.left) / box.width) * props.durationMs);
      }}
    >
      {props.spans.map((span) => (
        <span
          key={span.startMs}
          className="redaction-span"
          style={{ left: percent(span.startMs), width: percent(span.endMs - span.startMs) }}
        />
      ))}
      <span className="redaction-playhead" style={{ left: percent(props.playheadMs) }} />
    </div>
  );
}

/**
 * Hidden areas: one track per element the extension recorded as not to be seen ("Password field", "Email field"…),
 * each can be shown again; boxes drawn by hand on the preview for a time range; blur or pixelate.
 */
export function RedactionTracks({ editor }: { readonly editor: EditorStore }) {
  const { durationMs, playheadMs, edits, tracks, untracked, change, seek } = useRedaction(editor);
  const pick = useStore($previewPick);
  const drawing = pick?.kind === 'blur-box';

  return (
    <section className="redaction" aria-labelledby="redaction-title">
      <div className="redaction-head">
        <h2 id="redaction-title">Hidden areas</h2>
        <SegmentedControl
          label="How hidden areas look"
          hideLabel
          value={edits.style}
          onChange={(style) => change(setRedactionStyle(edits, style))}
          options={ALL_REDACTION_STYLES.map((style) => ({ value: style, ...STYLES[style] }))}
        />
        <Button
          size="small"
          tone={drawing ? 'primary' : 'secondary'}
          icon={<SquareDashed />}
          aria-pressed={drawing}
          onClick={() => $previewPick.set(drawing ? null : { kind: 'blur-box' })}
        >
          {drawing ? 'Drawing… (Esc to stop)' : 'Draw a blur box'}
        </Button>
      </div>
      {tracks.length === 0 && (
        <p className="hint">
          {untracked
            ? 'This recording was made before Clickreel found fields to hide: draw boxes by hand.'
            : 'No password, email, phone, card or code field was on screen.'}
        </p>
      )}
      <ul className="redaction-rows">
        {tracks.map(({ track, name, spans, hidden }) => (
          <li key={track.id} className="redaction-row" data-redaction-id={track.id}>
            <Toggle
              label={name}
              name={`Hide ${name}`}
              checked={hidden}
              onChange={(checked) => change(setTrackHidden(edits, track.id, checked))}
            />
            <Lane spans={spans} durationMs={durationMs} playheadMs={playheadMs} off={!hidden} onSeek={seek} />
          </li>
        ))}
        {edits.boxes.map((box, index) => {
          const name = `Blur box ${index + 1}`;
          return (
            <li key={box.id} className="redaction-row" data-blur-box-id={box.id}>
              <span className="redaction-name">{name}</span>
              <Lane spans={[box]} durationMs={durationMs} playheadMs={playheadMs} onSeek={seek} />
              <SecondsField
                label="From"
                name={`${name} from (s)`}
                valueMs={box.startMs}
                maxMs={durationMs}
                onChange={(startMs) => change(retimeBlurBox(edits, box.id, { startMs }, durationMs))}
              />
              <SecondsField
                label="To"
                name={`${name} to (s)`}
                valueMs={box.endMs}
                maxMs={durationMs}
                onChange={(endMs) => change(retimeBlurBox(edits, box.id, { endMs }, durationMs))}
              />
              <IconButton
                label={`Remove ${name.toLowerCase()}`}
                icon={<Trash2 />}
                size="small"
                onClick={() => change(deleteBlurBox(edits, box.id))}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
