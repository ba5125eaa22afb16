import { BLUR_BOX, type BlurBox, type RedactionBox, type RedactionEdits, type RedactionStyle } from './redaction';

/** Blur or pixelate. */
export function setRedactionStyle(edits: RedactionEdits, style: RedactionStyle): RedactionEdits {
  return { ...edits, style };
}

/** Hides (`hidden`) or shows the recorded element `id`. */
export function setTrackHidden(edits: RedactionEdits, id: string, hidden: boolean): RedactionEdits {
  const off = edits.off.filter((other) => other !== id);
  return { ...edits, off: hidden ? off : [...off, id] };
}

/** A box's times kept inside the recording, at least the shortest length long. */
function clampTimes(startMs: number, endMs: number, durationMs: number): { startMs: number; endMs: number } {
  const length = Math.min(durationMs, Math.max(BLUR_BOX.minDurationMs, endMs - startMs));
  const start = Math.min(Math.max(0, startMs), durationMs - length);
  return { startMs: start, endMs: start + length };
}

/** `box` kept on the video (0..1). */
function clampBox(box: RedactionBox): RedactionBox {
  const x = Math.min(1, Math.max(0, box.x));
  const y = Math.min(1, Math.max(0, box.y));
  return { x, y, width: Math.min(1 - x, Math.max(0, box.width)), height: Math.min(1 - y, Math.max(0, box.height)) };
}

/** Adds a box drawn by hand over `box`, from `atMs` for the default length; unchanged when the box is too small. */
export function addBlurBox(
  edits: RedactionEdits,
  init: { readonly id: string; readonly atMs: number; readonly durationMs: number; readonly box: RedactionBox },
): RedactionEdits {
  const box = clampBox(init.box);
  if (box.width < BLUR_BOX.minSide || box.height < BLUR_BOX.minSide) return edits;
  const times = clampTimes(init.atMs, init.atMs + BLUR_BOX.defaultDurationMs, init.durationMs);
  return { ...edits, boxes: [...edits.boxes, { id: init.id, ...times, box }] };
}

/** Changes a drawn box's times (kept inside the recording and at least the shortest length). */
export function retimeBlurBox(
  edits: RedactionEdits,
  id: string,
  times: Partial<Pick<BlurBox, 'startMs' | 'endMs'>>,
  durationMs: number,
): RedactionEdits {
  return {
    ...edits,
    boxes: edits.boxes.map((box) =>
      box.id === id
        ? { ...box, ...clampTimes(times.startMs ?? box.startMs, times.endMs ?? box.endMs, durationMs) }
        : box,
    ),
  };
}

/** Gives a drawn box a new area on the video (its times stay); unchanged when the area is too small. */
export function reshapeBlurBox(edits: RedactionEdits, id: string, area: RedactionBox): RedactionEdits {
  const box = clampBox(area);
  if (box.width < BLUR_BOX.minSide || box.height < BLUR_BOX.minSide) return edits;
  return { ...edits, boxes: edits.boxes.map((b) => (b.id === id ? { ...b, box } : b)) };
}

/** Removes a drawn box. */
export function deleteBlurBox(edits: RedactionEdits, id: string): RedactionEdits {
  return { ...edits, boxes: edits.boxes.filter((box) => box.id !== id) };
}
