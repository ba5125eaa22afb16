import { useStore } from '@nanostores/react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { type Composition, frameInputOf } from '../../../shared/render/composition';
import { frameAt } from '../../../shared/render/frame-at';
import { videoPointAt } from '../../../shared/render/video-point';
import { Button } from '../../../shared/ui';
import { updateCalloutFields } from './state/callout-actions';
import type { EditorStore } from './state/editor-store';
import { $previewPick } from './state/preview-pick';
import './redaction/redaction.css';
import { addBlurBoxAt, redrawBlurBox } from './state/redaction-actions';

type Point = { readonly x: number; readonly y: number };

/** What to do on the preview, said over it. */
const HINTS = {
  'label-target': 'Click where the label points',
  'blur-box': 'Drag over the picture to draw a blur box',
  'blur-area': 'Drag over the picture where the blur box goes',
} as const;

/** The box with corners `a` and `b`. */
function boxBetween(a: Point, b: Point) {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) };
}

/** The video point under `client` (clamped onto the video) on the preview's `canvas`, at the frame of `playheadMs`. */
function videoPointOn(
  canvas: HTMLCanvasElement,
  composition: Composition,
  playheadMs: number,
  client: Point,
): Point | null {
  const rect = canvas.getBoundingClientRect();
  const output = { width: canvas.width, height: canvas.height };
  const description = frameAt(frameInputOf(composition, output), playheadMs);
  const { video } = description.layout;
  const x = Math.min(video.x + video.width, Math.max(video.x, ((client.x - rect.left) * output.width) / rect.width));
  const y = Math.min(video.y + video.height, Math.max(video.y, ((client.y - rect.top) * output.height) / rect.height));
  return videoPointAt(description, x, y);
}

/** The box being drawn, from where the drag started to where the pointer is (overlay px). */
function DragBox({ from, to }: { readonly from: Point; readonly to: Point }) {
  const box = boxBetween(from, to);
  return (
    <div className="preview-pointer-box" style={{ left: box.x, top: box.y, width: box.width, height: box.height }} />
  );
}

/**
 * Over the preview while an inspector asks for a point or a box: a click places a label's arrow, a drag draws a blur
 * box (from the playhead). Points are taken through the camera of the frame shown, so they land on the page where it
 * was clicked. Escape or the Cancel button leaves without a change.
 */
export function PreviewPointer({ editor, composition }: { editor: EditorStore; composition: Composition }) {
  const pick = useStore($previewPick);
  const overlay = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const start = useRef<Point | null>(null);

  useEffect(() => {
    if (!pick) return;
    const cancel = (event: KeyboardEvent) => {
      if (event.key === 'Escape') $previewPick.set(null);
    };
    window.addEventListener('keydown', cancel);
    return () => window.removeEventListener('keydown', cancel);
  }, [pick]);
  if (!pick) return null;

  /** The video point under a client position (clamped onto the video), at the playhead's frame. */
  const videoPoint = (client: Point): Point | null => {
    const canvas = overlay.current?.parentElement?.querySelector('canvas');
    return canvas ? videoPointOn(canvas, composition, editor.$state.get().playheadMs, client) : null;
  };
  const local = (event: PointerEvent): Point => {
    const box = overlay.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };
  const client = (event: PointerEvent): Point => ({ x: event.clientX, y: event.clientY });

  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = client(event);
    if (pick.kind !== 'label-target') setDrag({ from: local(event), to: local(event) });
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag) setDrag({ ...drag, to: local(event) });
  };
  const onUp = (event: PointerEvent<HTMLDivElement>) => {
    const end = videoPoint(client(event));
    const from = start.current ? videoPoint(start.current) : null;
    setDrag(null);
    if (!end || !from) return;
    if (pick.kind === 'label-target') {
      editor.run(updateCalloutFields, pick.calloutId, { target: end }, 'push');
    } else {
      const area = boxBetween(from, end);
      if (pick.kind === 'blur-area') editor.run(redrawBlurBox, pick.boxId, area);
      else editor.run(addBlurBoxAt, `blur-${crypto.randomUUID()}`, area, null);
    }
    $previewPick.set(null);
  };

  return (
    <div
      ref={overlay}
      className="preview-pointer"
      data-pick={pick.kind}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
    >
      <div className="preview-pointer-hint" role="status">
        {HINTS[pick.kind]}
        <Button size="small" onPointerDown={(e) => e.stopPropagation()} onClick={() => $previewPick.set(null)}>
          Cancel
        </Button>
      </div>
      {drag && <DragBox from={drag.from} to={drag.to} />}
    </div>
  );
}
