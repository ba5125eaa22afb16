import type { ZoomTiming } from '../../../../shared/look/zoom-timing';
import { DEFAULT_ZOOM_TIMING, withinZoomTimingLimits, ZOOM_TIMING_LIMITS } from '../../../../shared/look/zoom-timing';
import { Slider } from '../../../../shared/ui';

/** What each timing setting is called, and how its value reads (lead-in and hold in seconds, speed as a factor). */
export const ZOOM_TIMING_LABELS: Readonly<Record<keyof ZoomTiming, string>> = {
  leadInMs: 'Zoom in before a click',
  holdMs: 'Hold after',
  speed: 'Zoom speed',
};

/** A timing value as the user reads it: seconds for lead-in and hold, a multiple of the default for speed. */
export function formatZoomTiming(key: keyof ZoomTiming, value: number): string {
  if (key === 'speed') return `${(value / DEFAULT_ZOOM_TIMING.speed).toFixed(1)}×`;
  return `${(value / 1000).toFixed(key === 'leadInMs' ? 2 : 1)} s`;
}

const KEYS = ['leadInMs', 'holdMs', 'speed'] as const satisfies readonly (keyof ZoomTiming)[];

/** Sliders for when automatic zooms start and end around an action and how fast the camera moves. */
export function ZoomTimingControls(props: {
  readonly timing: ZoomTiming;
  readonly disabled?: boolean;
  readonly onChange: (timing: ZoomTiming) => void;
}) {
  return (
    <>
      {KEYS.map((key) => {
        const limits = ZOOM_TIMING_LIMITS[key];
        return (
          <Slider
            key={key}
            label={ZOOM_TIMING_LABELS[key]}
            value={props.timing[key]}
            min={limits.min}
            max={limits.max}
            step={limits.step}
            disabled={props.disabled}
            format={(value) => formatZoomTiming(key, value)}
            onChange={(value) => props.onChange({ ...props.timing, [key]: withinZoomTimingLimits(key, value) })}
          />
        );
      })}
    </>
  );
}
