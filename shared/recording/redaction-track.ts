import type { RedactionKind } from '../redaction/redaction';
import type { Box, RedactionTrack } from './recording';

/** A raw box at recording time `t`, or before the start (`t` null) when it is the box the recording starts with. */
export interface TimedRedactBox {
  readonly t: number | null;
  readonly id: string;
  readonly kind: RedactionKind;
  readonly box: Box | null;
}

/**
 * Gathers the content script's redact events, in time order, into one track per element. An element's box from
 * before the start holds at t = 0; repeats of the same box are dropped.
 */
export class RedactionTracks {
  private readonly tracks = new Map<string, RedactionTrack>();
  private readonly atStart = new Map<string, TimedRedactBox>();

  add(event: TimedRedactBox): void {
    if (event.t === null) {
      this.atStart.set(event.id, event);
      return;
    }
    const track = this.trackFor(event);
    const last = track.boxes.at(-1) ?? this.atStart.get(event.id);
    if (last && sameBox(last.box, event.box)) return;
    track.boxes.push({ t: event.t, box: event.box });
  }

  /** The tracks, in the order their elements were first seen; elements never on screen are left out. */
  result(): RedactionTrack[] {
    for (const start of this.atStart.values()) {
      if (!start.box) continue;
      const track = this.trackFor(start);
      if ((track.boxes[0]?.t ?? 1) > 0) track.boxes.unshift({ t: 0, box: start.box });
    }
    return [...this.tracks.values()].filter((track) => track.boxes.some((entry) => entry.box !== null));
  }

  private trackFor(event: TimedRedactBox): RedactionTrack {
    let track = this.tracks.get(event.id);
    if (!track) {
      track = { id: event.id, kind: event.kind, boxes: [] };
      this.tracks.set(event.id, track);
    }
    return track;
  }
}

function sameBox(a: Box | null, b: Box | null): boolean {
  if (!a || !b) return a === b;
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
