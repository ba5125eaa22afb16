import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { type RecorderSettings, readRecorderSettings, SETTINGS_STORAGE_KEY } from '../settings/recorder-settings';
import { hasMediaPermission, type MediaDevice, requestMediaPermission } from './media-permission';

/**
 * The recorder settings kept in the extension's storage (null until read), and `change` to save a patch of them;
 * turning the microphone or the webcam on asks for its permission when the extension has none yet.
 */
export function useStoredSettings() {
  const [settings, setSettings] = useState<RecorderSettings | null>(null);

  useEffect(() => {
    browser.storage.local
      .get(SETTINGS_STORAGE_KEY)
      .then((stored) => setSettings(readRecorderSettings(stored[SETTINGS_STORAGE_KEY])));
  }, []);

  const change = async (patch: Partial<RecorderSettings>) => {
    if (!settings) return;
    const next = { ...settings, ...patch };
    setSettings(next);
    await browser.storage.local.set({ [SETTINGS_STORAGE_KEY]: next });
    for (const [key, device] of [
      ['microphone', 'microphone'],
      ['webcam', 'camera'],
    ] as const) {
      if (patch[key] && !(await hasMediaPermission(device as MediaDevice))) await requestMediaPermission(device);
    }
  };

  return { settings, change };
}
