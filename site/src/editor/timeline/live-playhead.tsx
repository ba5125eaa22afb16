import type { ReadableAtom } from 'nanostores';
import { useEffect, useRef } from 'react';
import { formatTime } from './timeline-scale';

/**
 * Playing, the editor's state takes the playhead only this often: rendering the editor with every painted frame
 * (and painting again the page it changed) took the main thread most of the time a frame of 1080p needs
 * (bench:preview). What moves with every frame, the timeline's playhead and the time codes, follows the store's live
 * playhead instead, written straight into their elements.
 */
export const PLAYING_STATE_MS = 250;

/** The playhead to show: while playing, the live one (the picture shown last); paused, the editor's. */
export function shownPlayhead(live: ReadableAtom<number | null>, ms: number): number {
  return live.get() ?? ms;
}

/** Calls `apply` with every live playhead while playing: each element moves without React rendering it again. */
export function useLivePlayhead(live: ReadableAtom<number | null>, apply: (ms: number) => void): void {
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(
    () =>
      live.listen((ms) => {
        if (ms !== null) applyRef.current(ms);
      }),
    [live],
  );
}

/** The playhead's time code (and its ms in `data-ms`), moving with every picture shown while playing. */
export function PlayheadTime({
  live,
  ms,
  testId,
}: {
  readonly live: ReadableAtom<number | null>;
  readonly ms: number;
  readonly testId?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  useLivePlayhead(live, (at) => {
    const element = ref.current;
    if (!element) return;
    element.dataset.ms = String(Math.round(at));
    const text = formatTime(at);
    if (element.textContent !== text) element.textContent = text;
  });
  const shown = shownPlayhead(live, ms);
  return (
    <span ref={ref} data-testid={testId} data-ms={Math.round(shown)}>
      {formatTime(shown)}
    </span>
  );
}
