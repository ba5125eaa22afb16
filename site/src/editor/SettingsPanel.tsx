import type { ReactNode } from 'react';
import {
  ALL_ASPECT_RATIOS,
  ALL_BACKGROUND_TYPES,
  ALL_CLICK_ANIMATIONS,
  ALL_CORNER_STYLES,
  ALL_FRAME_THEMES,
  ALL_SIZES,
  ALL_STRENGTH_LEVELS,
  ALL_WEBCAM_POSITIONS,
} from '../../../shared/look/enumerations';
import {
  ALL_GRADIENT_PRESETS,
  ALL_WALLPAPERS,
  GRADIENT_PRESETS,
  type LinearGradient,
} from '../../../shared/look/presets';
import { RENDER_LIMITS } from '../../../shared/look/render-limits';
import type { BackgroundGradient, RenderSettings } from '../../../shared/look/render-settings';
import { saveBackgroundImage } from './background-images';
import { PresetsSection } from './PresetsSection';
import { SoundControls } from './SoundControls';
import { ZoomTimingControls } from './ZoomTimingControls';

interface SettingsPanelProps {
  readonly settings: RenderSettings;
  readonly hasWebcam: boolean;
  readonly hasTrack: boolean;
  readonly onChange: (settings: RenderSettings) => void;
  /** Shows a problem (e.g. a picture that cannot be read) to the user. */
  readonly onError: (message: string) => void;
}

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  /** Set where the option would change nothing (a control never silently does nothing). */
  disabled?: boolean;
}) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <select
        aria-label={props.label}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

function Toggle(props: { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <label className="field toggle">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

function Group(props: { title: string; children: ReactNode }) {
  return (
    <fieldset className="group">
      <legend>{props.title}</legend>
      {props.children}
    </fieldset>
  );
}

/** A custom gradient to start from: the current one, or the preset that was chosen. */
function customGradientFrom(gradient: BackgroundGradient): LinearGradient {
  return gradient.kind === 'custom' ? gradient.custom : GRADIENT_PRESETS[gradient.preset];
}

/** Two colours and an angle: the custom gradient most people want. */
function CustomGradientFields(props: { gradient: LinearGradient; onChange: (gradient: LinearGradient) => void }) {
  const { gradient } = props;
  const first = gradient.stops[0]?.color ?? '#000000';
  const last = gradient.stops[gradient.stops.length - 1]?.color ?? '#ffffff';
  const withColours = (from: string, to: string): LinearGradient => ({
    angle: gradient.angle,
    stops: [
      { offset: 0, color: from },
      { offset: 1, color: to },
    ],
  });
  return (
    <>
      <label className="field">
        <span>From</span>
        <input
          type="color"
          aria-label="Gradient start colour"
          value={first}
          onChange={(e) => props.onChange(withColours(e.target.value, last))}
        />
      </label>
      <label className="field">
        <span>To</span>
        <input
          type="color"
          aria-label="Gradient end colour"
          value={last}
          onChange={(e) => props.onChange(withColours(first, e.target.value))}
        />
      </label>
      <label className="field">
        <span>Angle</span>
        <input
          type="range"
          aria-label="Gradient angle"
          min={0}
          max={360}
          step={5}
          value={gradient.angle}
          onChange={(e) => props.onChange({ ...gradient, angle: Number(e.target.value) })}
        />
      </label>
    </>
  );
}

/** Every option of the render engine; each change repaints the preview and is remembered for the next recording. */
export function SettingsPanel({ settings, hasWebcam, hasTrack, onChange, onError }: SettingsPanelProps) {
  const set = (change: Partial<RenderSettings>) => onChange({ ...settings, ...change });
  const { background, webcam, cursor } = settings;
  // Padding and shadow sit on the background; cursor options need a shown cursor; webcam options a shown webcam.
  const backgroundShown = background.type !== 'Hidden';
  const cursorShown = hasTrack && !cursor.hidden;
  const webcamShown = hasWebcam && webcam.visible;
  return (
    <aside className="settings" aria-label="Settings">
      <PresetsSection settings={settings} onApply={onChange} />
      <Group title="Background">
        <Choice
          label="Background"
          value={background.type}
          options={ALL_BACKGROUND_TYPES}
          onChange={(type) => set({ background: { ...background, type } })}
        />
        {background.type === 'Image' && (
          <>
            <Choice
              label="Wallpaper"
              value={background.image.kind === 'preset' ? background.image.wallpaper : 'your picture'}
              options={[...ALL_WALLPAPERS, ...(background.image.kind === 'user' ? (['your picture'] as const) : [])]}
              onChange={(wallpaper) => {
                if (wallpaper !== 'your picture')
                  set({ background: { ...background, image: { kind: 'preset', wallpaper } } });
              }}
            />
            <label className="field">
              <span>Your picture</span>
              <input
                type="file"
                accept="image/*"
                aria-label="Use your own picture"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  saveBackgroundImage(file)
                    .then((id) => set({ background: { ...background, image: { kind: 'user', id } } }))
                    .catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
                }}
              />
            </label>
          </>
        )}
        {background.type === 'Gradient' && (
          <>
            <Choice
              label="Gradient"
              value={background.gradient.kind === 'preset' ? background.gradient.preset : 'custom'}
              options={[...ALL_GRADIENT_PRESETS, 'custom'] as const}
              onChange={(choice) =>
                set({
                  background: {
                    ...background,
                    gradient:
                      choice === 'custom'
                        ? { kind: 'custom', custom: customGradientFrom(background.gradient) }
                        : { kind: 'preset', preset: choice },
                  },
                })
              }
            />
            {background.gradient.kind === 'custom' && (
              <CustomGradientFields
                gradient={background.gradient.custom}
                onChange={(custom) => set({ background: { ...background, gradient: { kind: 'custom', custom } } })}
              />
            )}
          </>
        )}
        {background.type === 'Color' && (
          <label className="field">
            <span>Colour</span>
            <input
              type="color"
              value={background.color}
              onChange={(e) => set({ background: { ...background, color: e.target.value } })}
            />
          </label>
        )}
        <label className="field">
          <span>Padding</span>
          <input
            type="range"
            aria-label="Padding"
            min={RENDER_LIMITS.padding.min}
            max={RENDER_LIMITS.padding.max}
            step={RENDER_LIMITS.padding.step}
            value={settings.padding}
            disabled={!backgroundShown}
            onChange={(e) => set({ padding: Number(e.target.value) })}
          />
        </label>
        <Choice
          label="Aspect ratio"
          value={settings.aspectRatio}
          options={ALL_ASPECT_RATIOS}
          onChange={(aspectRatio) => set({ aspectRatio })}
        />
      </Group>

      <Group title="Window">
        <Choice
          label="Browser frame"
          value={settings.frame}
          options={ALL_FRAME_THEMES}
          onChange={(frame) => set({ frame })}
        />
        <Choice
          label="Corners"
          value={settings.corners}
          options={ALL_CORNER_STYLES}
          onChange={(corners) => set({ corners })}
        />
        <Choice
          label="Shadow"
          value={settings.shadow}
          options={ALL_STRENGTH_LEVELS}
          disabled={!backgroundShown}
          onChange={(shadow) => set({ shadow })}
        />
        <label className="field">
          <span>Border</span>
          <input
            type="range"
            aria-label="Border width"
            min={RENDER_LIMITS.borderWidth.min}
            max={RENDER_LIMITS.borderWidth.max}
            step={RENDER_LIMITS.borderWidth.step}
            value={settings.border.width}
            onChange={(e) => set({ border: { ...settings.border, width: Number(e.target.value) } })}
          />
          <input
            type="color"
            aria-label="Border colour"
            value={settings.border.color}
            disabled={settings.border.width === 0}
            onChange={(e) => set({ border: { ...settings.border, color: e.target.value } })}
          />
        </label>
      </Group>

      <Group title="Cursor">
        <Toggle
          label="Show cursor"
          checked={!cursor.hidden}
          disabled={!hasTrack}
          onChange={(show) => set({ cursor: { ...cursor, hidden: !show } })}
        />
        {!hasTrack && <p className="hint">This video has no cursor track: add zooms by hand.</p>}
        <Choice
          label="Cursor size"
          value={cursor.size}
          options={ALL_SIZES}
          disabled={!cursorShown}
          onChange={(size) => set({ cursor: { ...cursor, size } })}
        />
        <Choice
          label="Smoothing"
          value={cursor.smoothing}
          options={ALL_STRENGTH_LEVELS}
          disabled={!cursorShown}
          onChange={(smoothing) => set({ cursor: { ...cursor, smoothing } })}
        />
        <Toggle
          label="Hide when idle"
          checked={cursor.hideWhenIdle}
          disabled={!cursorShown}
          onChange={(hideWhenIdle) => set({ cursor: { ...cursor, hideWhenIdle } })}
        />
        <Choice
          label="Click animation"
          value={cursor.clickAnimation}
          options={ALL_CLICK_ANIMATIONS}
          disabled={!cursorShown}
          onChange={(clickAnimation) => set({ cursor: { ...cursor, clickAnimation } })}
        />
        <Toggle
          label="Same size when zoomed in"
          checked={cursor.constantSize}
          disabled={!cursorShown}
          onChange={(constantSize) => set({ cursor: { ...cursor, constantSize } })}
        />
        <Toggle
          label="Return to start at the end (for looping GIFs)"
          checked={cursor.returnToStart}
          disabled={!cursorShown}
          onChange={(returnToStart) => set({ cursor: { ...cursor, returnToStart } })}
        />
      </Group>

      <Group title="Sounds">
        <SoundControls sounds={settings.sounds} hasTrack={hasTrack} onChange={(sounds) => set({ sounds })} />
      </Group>

      <Group title="Camera">
        <Choice
          label="Zoom depth"
          value={settings.zoomDepth}
          options={ALL_STRENGTH_LEVELS}
          onChange={(zoomDepth) => set({ zoomDepth })}
        />
        <ZoomTimingControls timing={settings.zoomTiming} onChange={(zoomTiming) => set({ zoomTiming })} />
        <p className="hint">
          Automatic zooms take this depth and timing at once, and new zooms start at them; zooms you made or edited keep
          theirs.
        </p>
        <Choice
          label="Motion blur"
          value={settings.motionBlur}
          options={ALL_STRENGTH_LEVELS}
          onChange={(motionBlur) => set({ motionBlur })}
        />
        <Toggle
          label="Show keyboard shortcuts"
          checked={settings.keystrokes}
          disabled={!hasTrack}
          onChange={(keystrokes) => set({ keystrokes })}
        />
      </Group>

      <Group title="Webcam">
        {!hasWebcam && <p className="hint">No webcam in this recording.</p>}
        <Toggle
          label="Show webcam"
          checked={webcam.visible}
          disabled={!hasWebcam}
          onChange={(visible) => set({ webcam: { ...webcam, visible } })}
        />
        <Choice
          label="Webcam shape"
          value={webcam.shape}
          options={ALL_CORNER_STYLES}
          disabled={!webcamShown}
          onChange={(shape) => set({ webcam: { ...webcam, shape } })}
        />
        <Choice
          label="Webcam position"
          value={webcam.position}
          options={ALL_WEBCAM_POSITIONS}
          disabled={!webcamShown}
          onChange={(position) => set({ webcam: { ...webcam, position } })}
        />
        <Choice
          label="Webcam size"
          value={webcam.size}
          options={ALL_SIZES}
          disabled={!webcamShown}
          onChange={(size) => set({ webcam: { ...webcam, size } })}
        />
      </Group>
    </aside>
  );
}
