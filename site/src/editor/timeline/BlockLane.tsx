import { type ReactNode, type PointerEvent as ReactPointerEvent, useState } from 'react';
import type { TimeRange } from '../../../../shared/timeline/timeline';
import type { EditMode } from '../state/editor-state';
import { EdgeHandle } from './EdgeHandle';
import { TrackRow } from './TrackRow';
import {
  arrowStepMs,
  dragPointer,
  percentOf,
  snapToFrame,
  spanOf,
  type TimelineScale,
  timeAtX,
  useTimelineScale,
} from './timeline-scale';

/** One block of a lane: a stretch of time with a name. */
export interface LaneBlock {
  readonly id: string;
  readonly startMs: number;
  readonly endMs: number;
  /** What the block shows (its words, its depth…). */
  readonly label: ReactNode;
  /** How it reads to a screen reader: the block's own words first, then which one it is and when. */
  readonly name: string;
  /** Its grips' names, e.g. "Zoom 1 start". */
  readonly edgeName: string;
  /** Extra class names (a zoom made automatically, say). */
  readonly className?: string;
  /** `data-*` attributes tests and styles read. */
  readonly data?: Readonly<Record<`data-${string}`, string | number>>;
}

interface BlockLaneProps {
  /** The row's name in the gutter, e.g. "Zoom". */
  readonly label: string;
  readonly className: string;
  /** The class and test id of each block, e.g. "zoom-segment". */
  readonly blockClass: string;
  readonly blocks: readonly LaneBlock[];
  readonly selectedId: string | null;
  readonly onSelect: (id: string | null) => void;
  /** A block moved to start at `startMs`; `mode`: a new undo step or the rest of a drag. */
  readonly onMove: (id: string, startMs: number, mode: EditMode) => void;
  readonly onResize: (id: string, edges: Partial<TimeRange>, mode: EditMode) => void;
  /** A drag along the empty lane: make a block over the time dragged. */
  readonly onCreate: (range: TimeRange) => void;
  /** What the empty lane says. */
  readonly empty: string;
  readonly title: string;
  /** Drawn in the row behind the blocks (the spans of the fields the extension hid, say). */
  readonly children?: ReactNode;
}

/**
 * A timeline row of blocks in time (zooms, text callouts, blur boxes): a click selects one, a drag moves it, its
 * grips change its start and end, ← / → move it a frame (Shift: a second), and a drag along the empty lane makes a new
 * one over the time dragged. A click on the empty lane selects nothing.
 */
export function BlockLane(props: BlockLaneProps) {
  const scale = useTimelineScale();
  const { drawing, draw } = useBlockDrawing(scale, props.onCreate);
  const { blocks, selectedId, onSelect } = props;
  return (
    <TrackRow
      label={props.label}
      className={`block-lane ${props.className}`}
      title={props.title}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        onSelect(null);
        draw(event);
      }}
    >
      {props.children}
      {blocks.map((block) => (
        <LaneBlockView
          key={block.id}
          block={block}
          blockClass={props.blockClass}
          selected={block.id === selectedId}
          onSelect={onSelect}
          onMove={props.onMove}
          onResize={props.onResize}
        />
      ))}
      {drawing && <div className="lane-drawing" style={spanOf(scale, drawing.startMs, drawing.endMs)} />}
      {blocks.length === 0 && !drawing && props.empty && (
        <span className="track-empty" style={{ left: percentOf(scale, 0) }}>
          {props.empty}
        </span>
      )}
    </TrackRow>
  );
}

/** A drag along the empty lane from the pointer's frame: the time dragged (drawn meanwhile), made a block at the end. */
function useBlockDrawing(scale: TimelineScale, onCreate: (range: TimeRange) => void) {
  const [drawing, setDrawing] = useState<TimeRange | null>(null);
  const draw = (event: ReactPointerEvent) => {
    const from = snapToFrame(scale, timeAtX(scale, event.clientX));
    let range: TimeRange | null = null;
    dragPointer(
      scale,
      event,
      (ms) => {
        const to = snapToFrame(scale, ms);
        // A wobble of the hand is a click, not a block.
        if (Math.abs(to - from) < scale.durationMs / (100 * scale.zoom)) return;
        range = { startMs: Math.min(from, to), endMs: Math.max(from, to) };
        setDrawing(range);
      },
      () => {
        setDrawing(null);
        if (range) onCreate(range);
      },
    );
  };
  return { drawing, draw };
}

interface LaneBlockViewProps extends Pick<BlockLaneProps, 'blockClass' | 'onSelect' | 'onMove' | 'onResize'> {
  readonly block: LaneBlock;
  readonly selected: boolean;
}

/** One block: its body (selects, drags, ← / → move it) and its start and end grips. */
function LaneBlockView({ block, blockClass, selected, onSelect, onMove, onResize }: LaneBlockViewProps) {
  const scale = useTimelineScale();
  return (
    <div
      className={`lane-block ${blockClass}${selected ? ' selected' : ''}${block.className ? ` ${block.className}` : ''}`}
      data-testid={blockClass}
      data-start-ms={Math.round(block.startMs)}
      data-end-ms={Math.round(block.endMs)}
      {...block.data}
      style={spanOf(scale, block.startMs, block.endMs)}
    >
      <button
        type="button"
        className="lane-block-body"
        aria-pressed={selected}
        aria-label={block.name}
        onFocus={() => onSelect(block.id)}
        onPointerDown={(event) => {
          onSelect(block.id);
          const grab = timeAtX(scale, event.clientX) - block.startMs;
          dragPointer(scale, event, (ms, first) => onMove(block.id, ms - grab, first ? 'push' : 'replace'));
        }}
        onKeyDown={(event) => {
          const step = arrowStepMs(scale, event);
          if (step === null) return;
          event.preventDefault();
          event.stopPropagation();
          onMove(block.id, block.startMs + step, 'push');
        }}
      >
        <span className="lane-block-label">{block.label}</span>
      </button>
      <EdgeHandle
        className="lane-block-edge start"
        label={`${block.edgeName} start`}
        ms={block.startMs}
        style={{ left: 0 }}
        onPress={() => onSelect(block.id)}
        onMove={(ms, first) => onResize(block.id, { startMs: ms }, first ? 'push' : 'replace')}
      />
      <EdgeHandle
        className="lane-block-edge end"
        label={`${block.edgeName} end`}
        ms={block.endMs}
        style={{ left: '100%' }}
        onPress={() => onSelect(block.id)}
        onMove={(ms, first) => onResize(block.id, { endMs: ms }, first ? 'push' : 'replace')}
      />
    </div>
  );
}
