import { QUALITY_LEVEL_HINTS, QUALITY_LEVEL_NAMES } from '../../shared/quality/quality-names';
import { SegmentedControl, Toggle } from '../../shared/ui';
import { ALL_FRAME_RATES, ALL_QUALITIES, type RecorderSettings } from '../settings/recorder-settings';

/** The capture settings as switches and segmented choices; `locked` (not idle) turns them off. */
export function RecordingSettings({
  settings,
  locked,
  change,
}: {
  settings: RecorderSettings;
  locked: boolean;
  change: (patch: Partial<RecorderSettings>) => void;
}) {
  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">Recording settings</h2>
      <div className={`settings${locked ? ' settings-off' : ''}`}>
        <Toggle
          label="Microphone"
          checked={settings.microphone}
          disabled={locked}
          onChange={(on) => change({ microphone: on })}
        />
        <Toggle label="Webcam" checked={settings.webcam} disabled={locked} onChange={(on) => change({ webcam: on })} />
        <Toggle
          label="3-2-1 countdown"
          checked={settings.countdown}
          disabled={locked}
          onChange={(on) => change({ countdown: on })}
        />
        <SegmentedControl
          label="Frame rate"
          value={String(settings.frameRate)}
          disabled={locked}
          onChange={(rate) => change({ frameRate: Number(rate) as RecorderSettings['frameRate'] })}
          options={ALL_FRAME_RATES.map((rate) => ({ value: String(rate), label: `${rate} fps` }))}
        />
        <SegmentedControl
          label="Quality"
          value={settings.quality}
          disabled={locked}
          onChange={(quality) => change({ quality })}
          options={ALL_QUALITIES.map((quality) => ({
            value: quality,
            label: QUALITY_LEVEL_NAMES[quality],
            hint: QUALITY_LEVEL_HINTS[quality],
          }))}
        />
      </div>
    </section>
  );
}
