import { Bookmark, Camera, Image, MousePointer2, Music, PanelsTopLeft, ZoomIn } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { RenderSettings } from '../../../shared/look/render-settings';
import { Tabs } from '../../../shared/ui';
import { PresetsSection } from './PresetsSection';
import { SoundControls } from './SoundControls';
import { BackgroundPanel } from './settings/BackgroundPanel';
import { CursorPanel } from './settings/CursorPanel';
import type { PanelProps } from './settings/panel-props';
import { WebcamPanel } from './settings/WebcamPanel';
import { WindowPanel } from './settings/WindowPanel';
import { ZoomPanel } from './settings/ZoomPanel';
import './settings/settings.css';

interface SettingsPanelProps {
  readonly settings: RenderSettings;
  readonly hasWebcam: boolean;
  readonly hasTrack: boolean;
  readonly onChange: (settings: RenderSettings) => void;
  /** Shows a problem (e.g. a picture that cannot be read) to the user. */
  readonly onError: (message: string) => void;
}

/** The side panel's tabs, in the order a video is usually made up. */
export const ALL_SETTINGS_PANELS = ['Background', 'Window', 'Cursor', 'Zoom', 'Webcam', 'Sound', 'Presets'] as const;
export type SettingsPanelName = (typeof ALL_SETTINGS_PANELS)[number];

const PANEL_ICONS: Readonly<Record<SettingsPanelName, ReactNode>> = {
  Background: <Image />,
  Window: <PanelsTopLeft />,
  Cursor: <MousePointer2 />,
  Zoom: <ZoomIn />,
  Webcam: <Camera />,
  Sound: <Music />,
  Presets: <Bookmark />,
};

/** Every option of the render engine, one tab per part; each change repaints the preview and is remembered. */
export function SettingsPanel({ settings, hasWebcam, hasTrack, onChange, onError }: SettingsPanelProps) {
  const [panel, setPanel] = useState<SettingsPanelName>('Background');
  const props: PanelProps = {
    settings,
    hasWebcam,
    hasTrack,
    onError,
    set: (change) => onChange({ ...settings, ...change }),
  };
  const content: Record<SettingsPanelName, ReactNode> = {
    Background: <BackgroundPanel {...props} />,
    Window: <WindowPanel {...props} />,
    Cursor: <CursorPanel {...props} />,
    Zoom: <ZoomPanel {...props} />,
    Webcam: <WebcamPanel {...props} />,
    Sound: <SoundControls sounds={settings.sounds} hasTrack={hasTrack} onChange={(sounds) => props.set({ sounds })} />,
    Presets: <PresetsSection settings={settings} onApply={onChange} />,
  };
  return (
    <aside className="settings" aria-label="Settings">
      <Tabs
        label="Settings"
        value={panel}
        onChange={setPanel}
        tabs={ALL_SETTINGS_PANELS.map((name) => ({
          value: name,
          label: name,
          icon: PANEL_ICONS[name],
          content: content[name],
        }))}
      />
    </aside>
  );
}
