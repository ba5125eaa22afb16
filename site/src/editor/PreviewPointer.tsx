import { useStore } from '@nanostores/react';
import { type PointerEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { updateCallout } from '../../../shared/callouts/callout-edits';
import { addBlurBox } from '../../../shared/redaction/redaction-edits';
import { type Composition, frameInputOf } from '../../../shared/render/composition';
import { frameAt } from '../../../shared/render/frame-at';
import { videoPointAt } from '../../../shared/render/video-point';
import { Button } from '../../../shared/ui';
import { editDocument } from './editor-state';
import type { EditorStore } from './editor-store';
import { $previewPick } from './preview-pick';

type Point = { readonly x: number; readonly y: number };

/** What to do on the preview, said over it. */
const HINTS = {
  'label-target': 'Click where the label points',
  'blur-box': 'Drag over the picture to draw a blur box',
} as const;

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

  // The buttons that start a pick sit below the timeline, often with the preview scrolled out of view: bring the
  // picture back into view, where the click or the drag is asked for.
  useLayoutEffect(() => {
    if (pick) overlay.current?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  }, [pick]);
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
    if (!canvas) return null;
    const rect = canvas.getBoundingClientRect();
    const output = { width: canvas.width, height: canvas.height };
    const description = frameAt(frameInputOf(composition, output), editor.$state.get().playheadMs);
    const { video } = description.layout;
    const x = Math.min(video.x + video.width, Math.max(video.x, ((client.x - rect.left) * output.width) / rect.width));
    const y = Math.min(
      video.y + video.height,
      Math.max(video.y, ((client.y - rect.top) * output.height) / rect.height),
    );
    return videoPointAt(description, x, y);
  };
  const local = (event: PointerEvent): Point => {
    const box = overlay.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };
  const client = (event: PointerEvent): Point => ({ x: event.clientX, y: event.clientY });

  const state = editor.$state.get();
  const document = state.history.present;
  const durationMs = composition.recording.video.durationMs;
  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = client(event);
    if (pick.kind === 'blur-box') setDrag({ from: local(event), to: local(event) });
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
      const callouts = updateCallout(document.callouts, pick.calloutId, { target: end }, durationMs);
      editor.run(editDocument, { ...document, callouts }, 'push');
    } else {
      const box = {
        x: Math.min(from.x, end.x),
        y: Math.min(from.y, end.y),
        width: Math.abs(end.x - from.x),
        height: Math.abs(end.y - from.y),
      };
      const id = `blur-${crypto.randomUUID()}`;
      const redaction = addBlurBox(document.redaction, { id, atMs: state.playheadMs, durationMs, box });
      editor.run(editDocument, { ...document, redaction }, 'push');
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
      {drag && (
        <div
          className="preview-pointer-box"
          style={{
            left: Math.min(drag.from.x, drag.to.x),
            top: Math.min(drag.from.y, drag.to.y),
            width: Math.abs(drag.to.x - drag.from.x),
            height: Math.abs(drag.to.y - drag.from.y),
          }}
        />
      )}
    </div>
  );
}
