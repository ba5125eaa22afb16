import { useEffect, useState } from 'react';

/**
 * The box the preview may fill, CSS px: what the app bar, the inspector and the timeline leave of the window; and the
 * screen's device pixels per CSS pixel. Followed as the window, the timeline's height or the inspector change it.
 */
export function useStageBox(stage: HTMLDivElement | null): { width: number; height: number; pixelRatio: number } {
  const [box, setBox] = useState({ width: 1280, height: 720, pixelRatio: 1 });
  useEffect(() => {
    if (!stage || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = {
        width: stage.clientWidth,
        height: stage.clientHeight,
        pixelRatio: window.devicePixelRatio || 1,
      };
      if (next.width === 0 || next.height === 0) return;
      setBox((last) =>
        last.width === next.width && last.height === next.height && last.pixelRatio === next.pixelRatio ? last : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [stage]);
  return box;
}
