import type { RenderSettings } from '../../../../shared/look/render-settings';

/** What every settings panel gets: the settings, a way to change some of them, and what the recording has. */
export interface PanelProps {
  readonly settings: RenderSettings;
  readonly set: (change: Partial<RenderSettings>) => void;
  readonly hasWebcam: boolean;
  readonly hasTrack: boolean;
  /** Shows a problem (e.g. a picture that cannot be read) to the user. */
  readonly onError: (message: string) => void;
}
