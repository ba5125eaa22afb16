import { useStore } from '@nanostores/react';
import { Crosshair, MousePointer2, Trash2 } from 'lucide-react';
import { Button, SegmentedControl } from '../../../shared/ui';
import { zoomTimingOf } from '../../../shared/zoom/zoom-edits';
import type { ZoomFocus } from '../../../shared/zoom/zoom-segment';
import { DEFAULT_ZOOM_TIMING } from '../../../shared/zoom/zoom-timing';
import {
  deleteZoom,
  resizeSelectedZoom,
  selectedZoom,
  setSelectedZoomTiming,
  updateSelectedZoom,
} from './editor-state';
import type { EditorStore } from './editor-store';
import { STRENGTH_NAMES } from './settings/option-names';
import { ZOOM_TIMING_LABELS } from './ZoomTimingControls';
import { STRENGTH_LEVELS_FOR_ZOOM } from './zoom-depths';

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}

/** The selected zoom's start, end, depth and what it follows (the cursor or a fixed point); nothing when none is. */
export function ZoomInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const zoom = selectedZoom(state);
  if (!zoom) return null;
  const timing = zoomTimingOf(zoom);
  const speed = zoom.speed ?? state.history.present.settings.zoomTiming.speed;
  const hasTrack = editor.context.recording.cursor.length > 0;
  const focus = (next: ZoomFocus) => editor.run(updateSelectedZoom, { focus: next });
  const point = zoom.focus.kind === 'point' ? zoom.focus : null;
  return (
    <section className="zoom-inspector" aria-label="Selected zoom">
      <label className="field inline">
        <span>Zoom start (s)</span>
        <input
          type="number"
          step={0.1}
          value={(zoom.startMs / 1000).toFixed(2)}
          onChange={(e) => editor.run(resizeSelectedZoom, { startMs: Number(e.target.value) * 1000 })}
        />
      </label>
      <label className="field inline">
        <span>Zoom end (s)</span>
        <input
          type="number"
          step={0.1}
          value={(zoom.endMs / 1000).toFixed(2)}
          onChange={(e) => editor.run(resizeSelectedZoom, { endMs: Number(e.target.value) * 1000 })}
        />
      </label>
      {timing && (
        <>
          <label className="field inline">
            <span>{ZOOM_TIMING_LABELS.leadInMs} (s)</span>
            <input
              type="number"
              step={0.05}
              min={0}
              value={(timing.leadInMs / 1000).toFixed(2)}
              onChange={(e) => editor.run(setSelectedZoomTiming, { leadInMs: Number(e.target.value) * 1000 })}
            />
          </label>
          <label className="field inline">
            <span>{ZOOM_TIMING_LABELS.holdMs} (s)</span>
            <input
              type="number"
              step={0.1}
              min={0}
              value={(timing.holdMs / 1000).toFixed(2)}
              onChange={(e) => editor.run(setSelectedZoomTiming, { holdMs: Number(e.target.value) * 1000 })}
            />
          </label>
        </>
      )}
      <label className="field inline">
        <span>{ZOOM_TIMING_LABELS.speed} (×)</span>
        <input
          type="number"
          step={0.1}
          value={(speed / DEFAULT_ZOOM_TIMING.speed).toFixed(1)}
          onChange={(e) =>
            editor.run(setSelectedZoomTiming, { speed: Number(e.target.value) * DEFAULT_ZOOM_TIMING.speed })
          }
        />
      </label>
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
      {point && (
        <>
          <label className="field inline">
            <span>Focus x</span>
            <input
              type="number"
              step={0.01}
              min={0}
              max={1}
              value={point.x}
              onChange={(e) => focus({ ...point, x: clamp01(Number(e.target.value)) })}
            />
          </label>
          <label className="field inline">
            <span>Focus y</span>
            <input
              type="number"
              step={0.01}
              min={0}
              max={1}
              value={point.y}
              onChange={(e) => focus({ ...point, y: clamp01(Number(e.target.value)) })}
            />
          </label>
        </>
      )}
      <Button tone="danger" icon={<Trash2 />} onClick={() => editor.run(deleteZoom)}>
        Delete zoom
      </Button>
    </section>
  );
}
