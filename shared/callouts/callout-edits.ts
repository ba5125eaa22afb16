import { clamp } from '../geometry/geometry';
import { CALLOUT, type Callout, type CalloutKind } from './callout';
import { type CalloutScene, placeCallout } from './callout-placement';

/** What a new callout of each kind says until it is typed over. */
export const NEW_CALLOUT_TEXT: Readonly<Record<CalloutKind, string>> = {
  title: 'Your title',
  caption: 'Your caption',
  label: 'Look here',
};

/** `callout` with its times kept inside the recording and at least CALLOUT.minDurationMs apart. */
function fitted(callout: Callout, durationMs: number): Callout {
  const length = Math.min(Math.max(callout.endMs - callout.startMs, CALLOUT.minDurationMs), durationMs);
  const startMs = clamp(callout.startMs, 0, Math.max(0, durationMs - length));
  return { ...callout, startMs, endMs: Math.min(durationMs, startMs + length) };
}

/**
 * The list with a new callout of `kind` saying NEW_CALLOUT_TEXT, placed in free space (callout-placement.ts): a title at
 * the start of the video, a caption or label from the playhead `atMs`, where it covers no other callout and not the
 * element clicked near then.
 */
export function addCallout(
  callouts: readonly Callout[],
  kind: CalloutKind,
  at: { readonly id: string; readonly atMs: number },
  scene: CalloutScene,
): Callout[] {
  return [...callouts, placeCallout(callouts, { id: at.id, kind, text: NEW_CALLOUT_TEXT[kind], atMs: at.atMs }, scene)];
}

/** The list with callout `id` changed; times are kept inside the recording, an end before its start moves the start. */
export function updateCallout(
  callouts: readonly Callout[],
  id: string,
  change: Partial<Omit<Callout, 'id' | 'kind'>>,
  durationMs: number,
): Callout[] {
  return callouts.map((callout) => {
    if (callout.id !== id) return callout;
    const next = { ...callout, ...change, text: (change.text ?? callout.text).slice(0, CALLOUT.maxTextLength) };
    if (
      change.endMs !== undefined &&
      change.startMs === undefined &&
      next.endMs - next.startMs < CALLOUT.minDurationMs
    ) {
      const endMs = clamp(next.endMs, CALLOUT.minDurationMs, durationMs);
      return { ...next, endMs, startMs: Math.min(next.startMs, endMs - CALLOUT.minDurationMs) };
    }
    if (change.startMs !== undefined && next.endMs - next.startMs < CALLOUT.minDurationMs) {
      return fitted({ ...next, endMs: next.startMs + CALLOUT.minDurationMs }, durationMs);
    }
    return fitted(next, durationMs);
  });
}

/** The list without callout `id`. */
export function deleteCallout(callouts: readonly Callout[], id: string): Callout[] {
  return callouts.filter((callout) => callout.id !== id);
}
