import { ALL_CLICK_ANIMATIONS, ALL_SIZES, ALL_STRENGTH_LEVELS } from '../../../../shared/look/enumerations';
import { OptionGrid, Section, SegmentedControl, Toggle } from '../../../../shared/ui';
import { CLICK_ANIMATION_NAMES, SIZE_NAMES, STRENGTH_NAMES } from './option-names';
import type { PanelProps } from './panel-props';
import { ClickPicture, CursorPicture } from './pictures';

/** The cursor drawn from the track: shown or not, its size, how it moves and what a click looks like. */
export function CursorPanel({ settings, set, hasTrack }: PanelProps) {
  const { cursor } = settings;
  const shown = hasTrack && !cursor.hidden;
  return (
    <>
      <Section title="Cursor">
        <Toggle
          label="Show cursor"
          checked={!cursor.hidden}
          disabled={!hasTrack}
          onChange={(show) => set({ cursor: { ...cursor, hidden: !show } })}
          hint={hasTrack ? undefined : 'This video has no cursor track: add zooms by hand.'}
        />
        <div className="cr-field" data-disabled={shown ? undefined : ''}>
          <span className="cr-field-label">Size</span>
          <OptionGrid
            label="Cursor size"
            value={cursor.size}
            columns={4}
            captions
            disabled={!shown}
            onChange={(size) => set({ cursor: { ...cursor, size } })}
            options={ALL_SIZES.map((size) => ({
              value: size,
              label: SIZE_NAMES[size].full,
              picture: <CursorPicture size={size} />,
            }))}
          />
        </div>
        <SegmentedControl
          label="Smoothing"
          value={cursor.smoothing}
          disabled={!shown}
          onChange={(smoothing) => set({ cursor: { ...cursor, smoothing } })}
          options={ALL_STRENGTH_LEVELS.map((level) => ({ value: level, label: STRENGTH_NAMES[level] }))}
        />
      </Section>
      <Section title="Clicks">
        <OptionGrid
          label="Click animation"
          value={cursor.clickAnimation}
          columns={3}
          captions
          disabled={!shown}
          onChange={(clickAnimation) => set({ cursor: { ...cursor, clickAnimation } })}
          options={ALL_CLICK_ANIMATIONS.map((animation) => ({
            value: animation,
            label: CLICK_ANIMATION_NAMES[animation],
            picture: <ClickPicture animation={animation} />,
          }))}
        />
      </Section>
      <Section title="Behaviour">
        <Toggle
          label="Hide when idle"
          hint="Fades out when the pointer rests"
          checked={cursor.hideWhenIdle}
          disabled={!shown}
          onChange={(hideWhenIdle) => set({ cursor: { ...cursor, hideWhenIdle } })}
        />
        <Toggle
          label="Same size when zoomed in"
          checked={cursor.constantSize}
          disabled={!shown}
          onChange={(constantSize) => set({ cursor: { ...cursor, constantSize } })}
        />
        <Toggle
          label="Return to start at the end"
          hint="For GIFs that loop without a jump"
          checked={cursor.returnToStart}
          disabled={!shown}
          onChange={(returnToStart) => set({ cursor: { ...cursor, returnToStart } })}
        />
      </Section>
    </>
  );
}
