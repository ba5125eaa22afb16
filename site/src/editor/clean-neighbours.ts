import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Recording } from '../../../shared/recording/recording';
import { type PausedFramePatches, PausedPatches } from './paused-patches';

/** The clean neighbours' pixels found for the paused frame at `ms`, held until released. */
export interface RestoredFrame {
  readonly ms: number;
  readonly found: PausedFramePatches;
}

/**
 * The paused preview's clean neighbours of `video` (decoded apart: PausedPatches), null until they are open, and
 * the patches last found for the paused frame (set by the caller, released here when the video changes).
 */
export function useCleanNeighbours(
  video: Blob,
  recording: Recording,
): { neighbours: PausedPatches | null; restoredRef: RefObject<RestoredFrame | null> } {
  const [neighbours, setNeighbours] = useState<PausedPatches | null>(null);
  const restoredRef = useRef<RestoredFrame | null>(null);
  useEffect(() => {
    let closed = false;
    let opened: PausedPatches | null = null;
    void PausedPatches.open(video, recording).then((made) => {
      if (closed) void made?.close();
      else {
        opened = made;
        setNeighbours(made);
      }
    });
    return () => {
      closed = true;
      setNeighbours(null);
      restoredRef.current?.found.release();
      restoredRef.current = null;
      void opened?.close();
    };
  }, [video, recording]);
  return { neighbours, restoredRef };
}
