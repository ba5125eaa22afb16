import { isRecord } from '../data/plain-objects';
import { type StoredFormat, upgradeStored } from '../data/stored-format';
import { captureKey } from './key-capture';

/**
 * The version of the recording format this code writes; readers migrate older versions and refuse newer ones.
 * 2: key presses became shortcuts and time-only typing. 3: the captured surface (`capture`).
 */
export const RECORDING_FORMAT_VERSION = 3;

/**
 * 1 → 2: version 1 kept every key press with its key and code (typed text, apart from password
 * fields). Only shortcuts keep their key now; every other press becomes a time-only typing marker,
 * so opening an old recording drops the text that was typed during it.
 */
function typedKeysDropped(data: Record<string, unknown>): Record<string, unknown> {
  const { keys, ...rest } = data;
  if (!Array.isArray(keys)) return { ...rest, shortcuts: keys, typing: [] };
  const shortcuts: unknown[] = [];
  const typing: unknown[] = [];
  for (const press of keys) {
    if (!isRecord(press)) {
      typing.push({ t: undefined });
      continue;
    }
    const down = {
      key: typeof press.key === 'string' ? press.key : '',
      code: typeof press.code === 'string' ? press.code : '',
      ctrl: press.ctrl === true,
      alt: press.alt === true,
      shift: press.shift === true,
      meta: press.meta === true,
      altGraph: false,
    };
    const kind = captureKey(down, press.redacted === true);
    if (kind === 'shortcut') {
      const { key, code, ctrl, alt, shift, meta } = down;
      shortcuts.push({ t: press.t, key, code, ctrl, alt, shift, meta });
    } else if (kind === 'typing') typing.push({ t: press.t });
  }
  return { ...rest, shortcuts, typing };
}

/**
 * 2 → 3: every recording before version 3 is of a tab, or of a video file opened alone (its viewport is the video's
 * size at ratio 1 and its page has no address): the captured surface is that tab's viewport, or the file.
 */
function captureOfTabOrFile(data: Record<string, unknown>): Record<string, unknown> {
  const viewport = isRecord(data.viewport) ? data.viewport : {};
  const page = isRecord(data.page) ? data.page : {};
  const source = page.url === '' ? 'file' : 'tab';
  return { ...data, capture: { source, width: viewport.width, height: viewport.height } };
}

/** The recording format's versions (shared/data/stored-format.ts). */
export const RECORDING_FORMAT: StoredFormat = {
  versionField: 'formatVersion',
  current: RECORDING_FORMAT_VERSION,
  steps: { 1: typedKeysDropped, 2: captureOfTabOrFile },
};

/**
 * Brings a stored or imported recording written by an older version up to the current format, before
 * it is validated. Never throws: whatever it cannot make sense of (a newer one too) is left for validation.
 */
export function migrateRecording(data: unknown): unknown {
  const upgraded = upgradeStored(RECORDING_FORMAT, data);
  return upgraded.ok ? upgraded.data : data;
}
