import { browser } from 'wxt/browser';
/** Devices the recorder may use besides the tab. */
export const ALL_MEDIA_DEVICES = ['microphone', 'camera'] as const;
export type MediaDevice = (typeof ALL_MEDIA_DEVICES)[number];

/** Whether the extension may use `device` without asking (the offscreen recorder cannot show a prompt). */
export async function hasMediaPermission(device: MediaDevice): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: device as PermissionName });
    return status.state === 'granted';
  } catch {
    return false;
  }
}

/** Opens the extension page that asks for `device` in a tab, where the browser can show its prompt. */
export async function requestMediaPermission(device: MediaDevice): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(`/permissions.html#${device}`) });
}
