/** The side panel's tabs, in the order a video is usually made up (the screenshot test reads them from here). */
export const ALL_SETTINGS_PANELS = ['Background', 'Window', 'Cursor', 'Zoom', 'Webcam', 'Sound', 'Presets'] as const;
export type SettingsPanelName = (typeof ALL_SETTINGS_PANELS)[number];
