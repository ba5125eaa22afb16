import { isRecord } from '../data/plain-objects';
import { captureKey } from './key-capture';

/**
 * Brings a stored or imported recording written by an older version up to the current format, before
 * it is validated. Never throws: whatever it cannot make sense of is left for validation to report.
 *
 * 1 → 2: version 1 kept every key press with its key and code (typed text, apart from password
 * fields). Only shortcuts keep their key now; every other press becomes a time-only typing marker,
 * so opening an old recording drops the text that was typed during it.
 */
export function migrateRecording(data: unknown): unknown {
  if (!isRecord(data) || data.formatVersion !== 1) return data;
  const { keys, ...rest } = data;
  if (!Array.isArray(keys)) return { ...rest, formatVersion: 2, shortcuts: keys, typing: [] };
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
  return { ...rest, formatVersion: 2, shortcuts, typing };
}
