import { Bookmark, Camera, Image, MousePointer2, Music, PanelsTopLeft, ZoomIn } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import type { RenderSettings } from '../../../shared/look/render-settings';
import type { Recording } from '../../../shared/recording/recording';
import { Tabs } from '../../../shared/ui';
import { PresetsSection } from './PresetsSection';
import { SoundControls } from './SoundControls';
import { BackgroundPanel } from './settings/BackgroundPanel';
import { CursorPanel } from './settings/CursorPanel';
import { ALL_SETTINGS_PANELS, type SettingsPanelName } from './settings/panel-names';
import type { PanelProps } from './settings/panel-props';
import { WebcamPanel } from './settings/WebcamPanel';
import { WindowPanel } from './settings/WindowPanel';
import { ZoomPanel } from './settings/ZoomPanel';
import './settings/settings.css';

interface SettingsPanelProps {
  readonly recording: Recording;
  /** The recording's video (the starter looks show its picture). */
  readonly video: Blob;
  readonly settings: RenderSettings;
  readonly hasWebcam: boolean;
  readonly hasTrack: boolean;
  readonly onChange: (settings: RenderSettings) => void;
  /** Shows a problem (e.g. a picture that cannot be read) to the user. */
  readonly onError: (message: string) => void;
}

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
export function SettingsPanel({
  recording,
  video,
  settings,
  hasWebcam,
  hasTrack,
  onChange,
  onError,
}: SettingsPanelProps) {
  const [panel, setPanel] = useState<SettingsPanelName>('Background');
  const root = useRef<HTMLElement>(null);
  // Each tab opens at its top, wherever it was left scrolled.
  const open = (next: SettingsPanelName) => {
    setPanel(next);
    requestAnimationFrame(() => {
      for (const tabPanel of root.current?.querySelectorAll<HTMLElement>('.cr-tab-panel') ?? []) tabPanel.scrollTop = 0;
    });
  };
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
    Presets: <PresetsSection recording={recording} video={video} settings={settings} onApply={onChange} />,
  };
  return (
    <aside className="settings" aria-label="Settings" ref={root}>
      <Tabs
        label="Settings"
        value={panel}
        onChange={open}
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
