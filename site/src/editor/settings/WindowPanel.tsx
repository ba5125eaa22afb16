import { ALL_CORNER_STYLES, ALL_FRAME_THEMES, ALL_STRENGTH_LEVELS } from '../../../../shared/look/enumerations';
import { RENDER_LIMITS } from '../../../../shared/look/render-limits';
import { OptionGrid, Section, SegmentedControl, Slider } from '../../../../shared/ui';
import { ColourField } from './colour-fields';
import { CORNER_NAMES, FRAME_NAMES, STRENGTH_NAMES } from './option-names';
import type { PanelProps } from './panel-props';
import { CornerIcon, FramePicture } from './pictures';

/** The window around the video: its frame, corners, shadow and border. */
export function WindowPanel({ settings, set }: PanelProps) {
  const backgroundShown = settings.background.type !== 'Hidden';
  return (
    <>
      <Section title="Frame">
        <OptionGrid
          label="Browser frame"
          value={settings.frame}
          columns={3}
          captions
          onChange={(frame) => set({ frame })}
          options={ALL_FRAME_THEMES.map((frame) => ({
            value: frame,
            label: FRAME_NAMES[frame],
            picture: <FramePicture frame={frame} />,
          }))}
        />
      </Section>
      <Section title="Shape">
        <SegmentedControl
          label="Corners"
          value={settings.corners}
          onChange={(corners) => set({ corners })}
          options={ALL_CORNER_STYLES.map((style) => ({
            value: style,
            label: CORNER_NAMES[style],
            icon: <CornerIcon style={style} />,
          }))}
        />
        <SegmentedControl
          label="Shadow"
          value={settings.shadow}
          disabled={!backgroundShown}
          onChange={(shadow) => set({ shadow })}
          options={ALL_STRENGTH_LEVELS.map((level) => ({ value: level, label: STRENGTH_NAMES[level] }))}
        />
        {!backgroundShown && <p className="cr-hint">A shadow falls on the background: choose one to see it.</p>}
      </Section>
      <Section title="Border">
        <Slider
          label="Border width"
          value={settings.border.width}
          min={RENDER_LIMITS.borderWidth.min}
          max={RENDER_LIMITS.borderWidth.max}
          step={RENDER_LIMITS.borderWidth.step}
          format={(width) => (width === 0 ? 'None' : `${width} px`)}
          onChange={(width) => set({ border: { ...settings.border, width } })}
        />
        <ColourField
          label="Border colour"
          value={settings.border.color}
          disabled={settings.border.width === 0}
          onChange={(color) => set({ border: { ...settings.border, color } })}
        />
      </Section>
    </>
  );
}
