import { ALL_MOTION_BLURS, ALL_STRENGTH_LEVELS } from '../../../../shared/look/enumerations';
import { Section, SegmentedControl, Toggle } from '../../../../shared/ui';
import { STRENGTH_NAMES } from './option-names';
import type { PanelProps } from './panel-props';
import { ZoomTimingControls } from './ZoomTimingControls';

/** The automatic camera: how deep and when it zooms, motion blur, and shortcuts shown on the video. */
export function ZoomPanel({ settings, set, hasTrack }: PanelProps) {
  return (
    <>
      <Section title="Automatic zoom">
        <SegmentedControl
          label="Zoom depth"
          value={settings.zoomDepth}
          onChange={(zoomDepth) => set({ zoomDepth })}
          options={ALL_STRENGTH_LEVELS.map((level) => ({ value: level, label: STRENGTH_NAMES[level] }))}
        />
        <ZoomTimingControls timing={settings.zoomTiming} onChange={(zoomTiming) => set({ zoomTiming })} />
        <p className="cr-hint">
          Automatic zooms take this depth and timing at once, and new zooms start at them; zooms you made or edited keep
          theirs.
        </p>
      </Section>
      <Section title="Motion">
        <SegmentedControl
          label="Motion blur"
          value={settings.motionBlur}
          onChange={(motionBlur) => set({ motionBlur })}
          options={ALL_MOTION_BLURS.map((shutter) => ({ value: shutter, label: shutter }))}
        />
        <Toggle
          label="Show keyboard shortcuts"
          hint="Shortcuts pressed while recording appear on the video"
          checked={settings.keystrokes}
          disabled={!hasTrack}
          onChange={(keystrokes) => set({ keystrokes })}
        />
      </Section>
    </>
  );
}
