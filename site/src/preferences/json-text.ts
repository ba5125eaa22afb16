/** A stored JSON text's value; undefined when nothing is stored or the text is not JSON. */
export function parsedJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The preferences as stored, each by its name without the 'clickreel:' prefix: JSON texts, and the preferences'
 * version (a number) under `version`. What the preferences' format steps read and return (preferences-format.ts).
 */
export type PreferenceTexts = Readonly<Record<string, unknown>>;

/** The stored text of preference `name`; null when none is stored. */
export function textOf(texts: PreferenceTexts, name: string): string | null {
  const text = texts[name];
  return typeof text === 'string' ? text : null;
}

/** `texts` without the preferences named in `names`. */
export function withoutPreferences(texts: PreferenceTexts, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(texts).filter(([name]) => !names.includes(name)));
}
