import { type StoredFormat, upgradeStored } from '../../../shared/data/stored-format';
import { presetsWithSettings } from '../../../shared/look/look-presets';
import { settingsWithShutterBlur } from '../../../shared/look/render-settings-migration';
import { type PreferenceTexts, parsedJson, textOf } from './json-text';
import { foldLegacyExportKeys } from './legacy-export-options';
import { foldLegacyLookKeys } from './legacy-look';

// The preferences kept in this browser (localStorage, 'clickreel:…') are one stored document with a version, read
// like every other one (shared/data/stored-format.ts): the version under 'clickreel:version', each step a pure
// change of the stored texts. Browsers that kept preferences before they had a version hold version 1.

/** A preference's JSON text with `change` applied to its value (unchanged when not stored or not JSON). */
function changedText(texts: PreferenceTexts, name: string, change: (value: unknown) => unknown): PreferenceTexts {
  const text = textOf(texts, name);
  const value = parsedJson(text);
  if (text === null || value === undefined) return texts;
  const changed = change(value);
  return changed === value ? texts : { ...texts, [name]: JSON.stringify(changed) };
}

/** The last-used look and this browser's presets with motion blur a shutter (it was a strength level). */
function shutterBlurInLooks(texts: PreferenceTexts): Record<string, unknown> {
  const withLook = changedText(texts, 'look', settingsWithShutterBlur);
  return { ...changedText(withLook, 'presets', (presets) => presetsWithSettings(presets, settingsWithShutterBlur)) };
}

/** The preferences' versions. 2: the look's fields in the look only; 3: the export's choice one object; 4: shutter. */
export const PREFERENCES_FORMAT: StoredFormat = {
  versionField: 'version',
  current: 4,
  unversioned: 1,
  steps: { 1: foldLegacyLookKeys, 2: foldLegacyExportKeys, 3: shutterBlurInLooks },
};

/** The stored texts under `prefix`, by name, and the version as a number (absent or not a number: none). */
function readTexts(storage: Storage, prefix: string): Record<string, unknown> {
  const texts: Record<string, unknown> = {};
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) texts[key.slice(prefix.length)] = storage.getItem(key);
  }
  const version = Number(texts.version);
  if (Number.isInteger(version)) texts.version = version;
  else delete texts.version;
  return texts;
}

/**
 * Brings the preferences under `prefix` in `storage` up to date, before any is read: writes what a step changed,
 * removes what one removed. Preferences from a newer version are left as they are (each is validated when read).
 */
export function upgradeStoredPreferences(storage: Storage, prefix: string): void {
  const stored = readTexts(storage, prefix);
  const upgraded = upgradeStored(PREFERENCES_FORMAT, stored);
  if (!upgraded.ok || upgraded.data === stored) return;
  const current = upgraded.data as Record<string, unknown>;
  for (const name of Object.keys(stored)) if (!(name in current)) storage.removeItem(prefix + name);
  for (const [name, text] of Object.entries(current)) {
    if (name !== 'version' && typeof text === 'string' && text !== stored[name]) storage.setItem(prefix + name, text);
  }
  storage.setItem(`${prefix}version`, String(PREFERENCES_FORMAT.current));
}
