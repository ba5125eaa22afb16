import { ImagePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../../shared/errors/error-message';
import { ALL_ASPECT_RATIOS, type AspectRatio } from '../../../../shared/look/enumerations';
import {
  ALL_GRADIENT_PRESETS,
  ALL_WALLPAPERS,
  COLOR_PRESET_NAMES,
  COLOR_PRESETS,
  GRADIENT_PRESETS,
  type GradientPreset,
  type Wallpaper,
} from '../../../../shared/look/presets';
import { RENDER_LIMITS } from '../../../../shared/look/render-limits';
import type { Background } from '../../../../shared/look/render-settings';
import { OptionGrid, Section, Slider } from '../../../../shared/ui';
import { loadBackgroundImage, saveBackgroundImage } from './background-images';
import { ColourField, CustomGradientFields, customGradientFrom } from './colour-fields';
import { ASPECT_RATIO_NAMES, GRADIENT_NAMES, WALLPAPER_NAMES } from './option-names';
import type { PanelProps } from './panel-props';
import { AspectShape, cssGradient, FillPicture, WallpaperPicture } from './pictures';

/** The background as one picker value: what kind, and which. */
type BackgroundChoice =
  | 'none'
  | `wallpaper:${Wallpaper}`
  | 'picture'
  | `gradient:${GradientPreset}`
  | 'gradient:custom'
  | `colour:${string}`;

function choiceOf(background: Background): BackgroundChoice {
  switch (background.type) {
    case 'Hidden':
      return 'none';
    case 'Image':
      return background.image.kind === 'preset' ? `wallpaper:${background.image.wallpaper}` : 'picture';
    case 'Gradient':
      return background.gradient.kind === 'preset' ? `gradient:${background.gradient.preset}` : 'gradient:custom';
    case 'Color':
      return `colour:${background.color}`;
  }
}

function backgroundFor(choice: BackgroundChoice, background: Background): Background {
  const [kind, which = ''] = choice.split(':') as [string, string | undefined];
  if (kind === 'none') return { ...background, type: 'Hidden' };
  if (kind === 'picture') return { ...background, type: 'Image' };
  if (kind === 'wallpaper')
    return { ...background, type: 'Image', image: { kind: 'preset', wallpaper: which as Wallpaper } };
  if (kind === 'colour') return { ...background, type: 'Color', color: which };
  const gradient =
    which === 'custom'
      ? { kind: 'custom' as const, custom: customGradientFrom(background.gradient) }
      : { kind: 'preset' as const, preset: which as GradientPreset };
  return { ...background, type: 'Gradient', gradient };
}

/** The user's own picture as a thumbnail (read back from where it was stored). */
function UserPicture({ id }: { readonly id: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    loadBackgroundImage(id).then((blob) => {
      if (!blob) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return url ? <img className="picture-fill" src={url} alt="" /> : <span className="picture-fill" />;
}

/** Adds the user's picture: click to choose a file, or drop one on it. */
function PictureDrop({ onFile }: { readonly onFile: (file: File) => void }) {
  const [over, setOver] = useState(false);
  return (
    <label
      className="picture-drop"
      data-over={over ? '' : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const file = e.dataTransfer.files[0];
        if (file) onFile(file);
      }}
    >
      <ImagePlus size={18} aria-hidden="true" />
      <span>Add your picture</span>
      <span className="cr-hint">Drop an image here, or click to choose one</span>
      <input
        type="file"
        accept="image/*"
        className="cr-visually-hidden"
        aria-label="Use your own picture"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}

/** What each background section reads and changes: the background, the one choice it is, and how to choose. */
interface BackgroundSectionProps {
  readonly background: Background;
  readonly choice: BackgroundChoice;
  readonly choose: (choice: BackgroundChoice) => void;
  readonly set: PanelProps['set'];
}

/** The choice when it is of the group `prefix` names ("wallpaper:", say), else null: that group's grid picks none. */
function inGroup(choice: BackgroundChoice, prefix: string): BackgroundChoice | null {
  return choice.startsWith(prefix) ? choice : null;
}

/** Background (wallpapers, gradients, colours, your picture), the space around the video, and the output's shape. */
export function BackgroundPanel({ settings, set, onError }: PanelProps) {
  const { background } = settings;
  const choice = choiceOf(background);
  const choose = (next: BackgroundChoice) => set({ background: backgroundFor(next, background) });
  const takePicture = (file: File) =>
    saveBackgroundImage(file)
      .then((id) => set({ background: { ...background, type: 'Image', image: { kind: 'user', id } } }))
      .catch((error: unknown) => onError(errorMessage(error)));
  const sectionProps = { background, choice, choose, set };
  return (
    <>
      <WallpaperSection {...sectionProps} onPicture={takePicture} />
      <GradientSection {...sectionProps} />
      <ColourSection {...sectionProps} />
      <LayoutSection settings={settings} set={set} />
    </>
  );
}

/** The wallpapers and the user's own picture (once there is one), and the drop to add one. */
function WallpaperSection({
  background,
  choice,
  choose,
  onPicture,
}: BackgroundSectionProps & { readonly onPicture: (file: File) => void }) {
  return (
    <Section title="Wallpaper">
      <OptionGrid
        label="Wallpaper"
        value={inGroup(choice, 'wallpaper:') ?? (choice === 'picture' ? choice : null)}
        columns={3}
        onChange={choose}
        options={[
          ...ALL_WALLPAPERS.map((wallpaper) => ({
            value: `wallpaper:${wallpaper}` as const,
            label: WALLPAPER_NAMES[wallpaper],
            picture: <WallpaperPicture wallpaper={wallpaper} />,
          })),
          ...(background.image.kind === 'user'
            ? [
                {
                  value: 'picture' as const,
                  label: 'Your picture',
                  picture: <UserPicture id={background.image.id} />,
                },
              ]
            : []),
        ]}
      />
      <PictureDrop onFile={onPicture} />
    </Section>
  );
}

/** The preset gradients and the user's own, with its colour fields while it is the one chosen. */
function GradientSection({ background, choice, choose, set }: BackgroundSectionProps) {
  const customGradient = customGradientFrom(background.gradient);
  return (
    <Section title="Gradient">
      <OptionGrid
        label="Gradient"
        value={inGroup(choice, 'gradient:')}
        columns={4}
        onChange={choose}
        options={[
          ...ALL_GRADIENT_PRESETS.map((preset) => ({
            value: `gradient:${preset}` as const,
            label: GRADIENT_NAMES[preset],
            picture: <FillPicture fill={cssGradient(GRADIENT_PRESETS[preset])} />,
          })),
          {
            value: 'gradient:custom' as const,
            label: 'Your own gradient',
            picture: <FillPicture fill={cssGradient(customGradient)} />,
          },
        ]}
      />
      {choice === 'gradient:custom' && background.gradient.kind === 'custom' && (
        <CustomGradientFields
          gradient={background.gradient.custom}
          onChange={(custom) => set({ background: { ...background, gradient: { kind: 'custom', custom } } })}
        />
      )}
    </Section>
  );
}

/** No background, the preset colours and the user's own (when it is none of them), and a field for any colour. */
function ColourSection({ background, choice, choose, set }: BackgroundSectionProps) {
  const colourIsPreset = (COLOR_PRESETS as readonly string[]).includes(background.color);
  return (
    <Section title="Colour">
      <OptionGrid
        label="Colour"
        value={inGroup(choice, 'colour:') ?? (choice === 'none' ? choice : null)}
        columns={4}
        onChange={choose}
        options={[
          { value: 'none' as const, label: 'No background', picture: <span className="picture-fill picture-none" /> },
          ...COLOR_PRESETS.map((color) => ({
            value: `colour:${color}` as const,
            label: COLOR_PRESET_NAMES[color],
            picture: <FillPicture fill={color} />,
          })),
          ...(colourIsPreset
            ? []
            : [
                {
                  value: `colour:${background.color}` as const,
                  label: 'Your colour',
                  picture: <FillPicture fill={background.color} />,
                },
              ]),
        ]}
      />
      <ColourField
        label="Any colour"
        value={background.color}
        onChange={(color) => set({ background: { ...background, type: 'Color', color } })}
      />
    </Section>
  );
}

/** The space around the video (none without a background) and the output's shape. */
function LayoutSection({ settings, set }: Pick<PanelProps, 'settings' | 'set'>) {
  return (
    <Section title="Layout">
      <Slider
        label="Padding"
        value={settings.padding}
        min={RENDER_LIMITS.padding.min}
        max={RENDER_LIMITS.padding.max}
        step={RENDER_LIMITS.padding.step}
        format={(v) => `${Math.round(v * 100)} %`}
        disabled={settings.background.type === 'Hidden'}
        onChange={(padding) => set({ padding })}
      />
      <div className="cr-field">
        <span className="cr-field-label">Aspect ratio</span>
        <OptionGrid<AspectRatio>
          label="Aspect ratio"
          value={settings.aspectRatio}
          columns={3}
          captions
          onChange={(aspectRatio) => set({ aspectRatio })}
          options={ALL_ASPECT_RATIOS.map((ratio) => ({
            value: ratio,
            label: ratio === 'auto' ? ASPECT_RATIO_NAMES[ratio] : `${ASPECT_RATIO_NAMES[ratio]} ${ratio}`,
            picture: <AspectShape ratio={ratio} />,
          }))}
        />
      </div>
    </Section>
  );
}
