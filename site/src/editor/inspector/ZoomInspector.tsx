import { useStore } from '@nanostores/react';
import { Crosshair, MousePointer2, Trash2 } from 'lucide-react';
import { ZOOM_TIMING_LIMITS, type ZoomTiming } from '../../../../shared/look/zoom-timing';
import { hasCursorTrack } from '../../../../shared/recording/track';
import { Button, NumberField, SecondsField, SegmentedControl, Slider } from '../../../../shared/ui';
import { zoomTimingOf } from '../../../../shared/zoom/zoom-edits';
import type { ZoomFocus } from '../../../../shared/zoom/zoom-segment';
import { STRENGTH_NAMES } from '../settings/option-names';
import { formatZoomTiming, ZOOM_TIMING_LABELS } from '../settings/ZoomTimingControls';
import {
  deleteZoom,
  resizeSelectedZoom,
  selectedZoom,
  setSelectedZoomTiming,
  updateSelectedZoom,
} from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { formatTime } from '../timeline/timeline-scale';
import { SelectionPanel, spanText } from './SelectionPanel';
import { STRENGTH_LEVELS_FOR_ZOOM } from './zoom-depths';

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}

/** The selected zoom's start, end, timing, depth and what it follows (the cursor or a fixed point). */
export function ZoomInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const zoom = selectedZoom(state);
  if (!zoom) return null;
  const index = state.history.present.zoomSegments.indexOf(zoom);
  const timing = zoomTimingOf(zoom);
  const speed = zoom.speed ?? state.history.present.settings.zoomTiming.speed;
  const durationMs = editor.context.recording.video.durationMs;
  const hasTrack = hasCursorTrack(editor.context.recording);
  const focus = (next: ZoomFocus) => editor.run(updateSelectedZoom, { focus: next });
  const point = zoom.focus.kind === 'point' ? zoom.focus : null;
  return (
    <SelectionPanel
      editor={editor}
      label="Selected zoom"
      title={`Zoom ${index + 1}`}
      detail={`${zoom.origin === 'auto' ? 'Made from your clicks' : 'Yours'} · ${spanText(zoom, formatTime)}`}
    >
      <div className="inspector-pair">
        <SecondsField
          label="Start"
          name="Zoom start (s)"
          valueMs={zoom.startMs}
          maxMs={durationMs}
          onChange={(startMs) => editor.run(resizeSelectedZoom, { startMs })}
        />
        <SecondsField
          label="End"
          name="Zoom end (s)"
          valueMs={zoom.endMs}
          maxMs={durationMs}
          onChange={(endMs) => editor.run(resizeSelectedZoom, { endMs })}
        />
      </div>
      <SegmentedControl
        label="Zoom depth"
        value={zoom.depth}
        onChange={(depth) => editor.run(updateSelectedZoom, { depth })}
        options={STRENGTH_LEVELS_FOR_ZOOM.map((level) => ({ value: level, label: STRENGTH_NAMES[level] }))}
      />
      <SegmentedControl
        label="Follow"
        value={zoom.focus.kind}
        onChange={(kind) => focus(kind === 'cursor' ? { kind: 'cursor' } : { kind: 'point', x: 0.5, y: 0.5 })}
        options={[
          { value: 'cursor', label: 'Cursor', icon: <MousePointer2 />, disabled: !hasTrack },
          { value: 'point', label: 'Fixed point', icon: <Crosshair /> },
        ]}
      />
      {point && <FocusPointFields point={point} onChange={focus} />}
      {timing && (
        <LeadInAndHoldFields timing={timing} onChange={(change) => editor.run(setSelectedZoomTiming, change)} />
      )}
      <Slider
        label={ZOOM_TIMING_LABELS.speed}
        value={speed}
        min={ZOOM_TIMING_LIMITS.speed.min}
        max={ZOOM_TIMING_LIMITS.speed.max}
        step={ZOOM_TIMING_LIMITS.speed.step}
        format={(value) => formatZoomTiming('speed', value)}
        onChange={(value) => editor.run(setSelectedZoomTiming, { speed: value })}
      />
      <Button tone="danger" icon={<Trash2 />} onClick={() => editor.run(deleteZoom)}>
        Delete zoom
      </Button>
    </SelectionPanel>
  );
}

/** A fixed point's place in the picture, in percent across and down. */
function FocusPointFields({
  point,
  onChange,
}: {
  readonly point: Extract<ZoomFocus, { kind: 'point' }>;
  readonly onChange: (focus: ZoomFocus) => void;
}) {
  return (
    <div className="inspector-pair">
      <NumberField
        label="Across"
        name="Focus across (%)"
        value={Math.round(point.x * 100)}
        min={0}
        max={100}
        step={1}
        decimals={0}
        unit="%"
        onChange={(x) => onChange({ ...point, x: clamp01(x / 100) })}
      />
      <NumberField
        label="Down"
        name="Focus down (%)"
        value={Math.round(point.y * 100)}
        min={0}
        max={100}
        step={1}
        decimals={0}
        unit="%"
        onChange={(y) => onChange({ ...point, y: clamp01(y / 100) })}
      />
    </div>
  );
}

/** How long before the click the zoom starts, and how long it holds after. */
function LeadInAndHoldFields({
  timing,
  onChange,
}: {
  readonly timing: Pick<ZoomTiming, 'leadInMs' | 'holdMs'>;
  readonly onChange: (change: Partial<ZoomTiming>) => void;
}) {
  return (
    <div className="inspector-pair">
      <SecondsField
        label={ZOOM_TIMING_LABELS.leadInMs}
        name={`${ZOOM_TIMING_LABELS.leadInMs} (s)`}
        valueMs={timing.leadInMs}
        minMs={ZOOM_TIMING_LIMITS.leadInMs.min}
        maxMs={ZOOM_TIMING_LIMITS.leadInMs.max}
        stepMs={ZOOM_TIMING_LIMITS.leadInMs.step}
        onChange={(leadInMs) => onChange({ leadInMs })}
      />
      <SecondsField
        label={ZOOM_TIMING_LABELS.holdMs}
        name={`${ZOOM_TIMING_LABELS.holdMs} (s)`}
        valueMs={timing.holdMs}
        minMs={ZOOM_TIMING_LIMITS.holdMs.min}
        maxMs={ZOOM_TIMING_LIMITS.holdMs.max}
        stepMs={ZOOM_TIMING_LIMITS.holdMs.step}
        onChange={(holdMs) => onChange({ holdMs })}
      />
    </div>
  );
}
