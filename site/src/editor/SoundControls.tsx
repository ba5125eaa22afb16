import { RENDER_LIMITS } from '../../../shared/look/render-limits';
import type { ClickSoundSettings } from '../../../shared/look/render-settings';
import { Section, Slider, Toggle } from '../../../shared/ui';

/** Click and key sounds for the export, and their volume. */
export function SoundControls(props: {
  readonly sounds: ClickSoundSettings;
  readonly hasTrack: boolean;
  readonly onChange: (sounds: ClickSoundSettings) => void;
}) {
  const { sounds, hasTrack, onChange } = props;
  return (
    <Section title="Sound effects">
      <Toggle
        label="Click sounds"
        checked={sounds.clicks}
        disabled={!hasTrack}
        onChange={(clicks) => onChange({ ...sounds, clicks })}
      />
      <Toggle
        label="Key sounds"
        hint="A soft tap at each key press"
        checked={sounds.keys}
        disabled={!hasTrack}
        onChange={(keys) => onChange({ ...sounds, keys })}
      />
      <Slider
        label="Sound volume"
        value={sounds.volume}
        min={RENDER_LIMITS.clickSoundVolume.min}
        max={RENDER_LIMITS.clickSoundVolume.max}
        step={RENDER_LIMITS.clickSoundVolume.step}
        format={(volume) => `${Math.round(volume * 100)} %`}
        disabled={!hasTrack || !(sounds.clicks || sounds.keys)}
        onChange={(volume) => onChange({ ...sounds, volume })}
      />
      <p className="cr-hint">Mixed into MP4 and WebM exports, in time with each click (GIFs have no sound).</p>
    </Section>
  );
}
