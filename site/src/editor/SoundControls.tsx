import { RENDER_LIMITS } from '../../../shared/look/render-limits';
import type { ClickSoundSettings } from '../../../shared/look/render-settings';

/** Click and key sounds for the export, and their volume. */
export function SoundControls(props: {
  readonly sounds: ClickSoundSettings;
  readonly hasTrack: boolean;
  readonly onChange: (sounds: ClickSoundSettings) => void;
}) {
  const { sounds, hasTrack, onChange } = props;
  return (
    <>
      <label className="field toggle">
        <input
          type="checkbox"
          checked={sounds.clicks}
          disabled={!hasTrack}
          onChange={(e) => onChange({ ...sounds, clicks: e.target.checked })}
        />
        <span>Click sounds</span>
      </label>
      <label className="field toggle">
        <input
          type="checkbox"
          checked={sounds.keys}
          disabled={!hasTrack}
          onChange={(e) => onChange({ ...sounds, keys: e.target.checked })}
        />
        <span>Key sounds</span>
      </label>
      <label className="field stacked">
        <span className="field-head">
          <span>Sound volume</span>
          <span className="field-readout" aria-hidden="true">
            {Math.round(sounds.volume * 100)} %
          </span>
        </span>
        <input
          type="range"
          aria-label="Sound volume"
          aria-valuetext={`${Math.round(sounds.volume * 100)} %`}
          min={RENDER_LIMITS.clickSoundVolume.min}
          max={RENDER_LIMITS.clickSoundVolume.max}
          step={RENDER_LIMITS.clickSoundVolume.step}
          value={sounds.volume}
          disabled={!hasTrack || !(sounds.clicks || sounds.keys)}
          onChange={(e) => onChange({ ...sounds, volume: Number(e.target.value) })}
        />
      </label>
      <p className="hint">Mixed into MP4 and WebM exports, in time with each click (GIFs have no sound).</p>
    </>
  );
}
