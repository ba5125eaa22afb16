import { QUALITY_LEVEL_HINTS, QUALITY_LEVEL_NAMES } from '../../shared/quality/quality-names';
import { SegmentedControl, Toggle } from '../../shared/ui';
import { ALL_FRAME_RATES, ALL_QUALITIES, type RecorderSettings } from '../settings/recorder-settings';

/** The sources in a buyer's words, and what each captures. */
const SOURCE_CHOICES = [
  { value: 'tab', label: 'This tab', hint: 'The tab you start from: its picture and sound, and the cursor track' },
  { value: 'window', label: 'A window', hint: 'A window you pick in Chrome’s picker, as it appears on your screen' },
  { value: 'screen', label: 'The whole screen', hint: 'A screen you pick in Chrome’s picker, everything on it' },
] as const;

/** What the chosen source captures, said before recording starts. */
function sourceNote(source: RecorderSettings['source']): string {
  if (source === 'tab') return 'Records this tab’s picture and sound, with the cursor for automatic zooms.';
  if (source === 'screen')
    return 'Chrome asks which screen to share; everything on it is recorded, the system pointer too. The cursor is tracked in Chrome’s tabs (for zooms, the drawn cursor and blurred fields), not in other apps.';
  return 'Chrome asks which window to share; everything in it is recorded, the system pointer too. Automatic zooms, the drawn cursor and blurred fields need “This tab” or “The whole screen”.';
}

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
        <div className="source-choice">
          <SegmentedControl
            label="Record"
            value={settings.source}
            disabled={locked}
            onChange={(source) => change({ source })}
            options={SOURCE_CHOICES}
          />
          <p className="source-note">{sourceNote(settings.source)}</p>
        </div>
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
