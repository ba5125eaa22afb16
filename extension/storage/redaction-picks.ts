import { storage } from 'wxt/utils/storage';

/**
 * Elements the user picked to hide ("Redact an element"), as CSS selectors per site origin. Kept in the extension's
 * local storage, so they apply to every later recording of that site.
 */
const redactionPicks = storage.defineItem<Record<string, string[]>>('local:redactionPicks', { fallback: {} });

/** Most selectors kept per site: a bound on what every page of the site queries. */
const MAX_PICKS_PER_SITE = 50;

/** The selectors picked on `origin`. */
export async function picksFor(origin: string): Promise<string[]> {
  return (await redactionPicks.getValue())[origin] ?? [];
}

/** Remembers `selector` for `origin` (once). */
export async function addPick(origin: string, selector: string): Promise<void> {
  const all = await redactionPicks.getValue();
  const site = all[origin] ?? [];
  if (site.includes(selector)) return;
  await redactionPicks.setValue({ ...all, [origin]: [...site, selector].slice(-MAX_PICKS_PER_SITE) });
}

/** Forgets every pick of `origin`. */
export async function forgetPicks(origin: string): Promise<void> {
  const { [origin]: _, ...rest } = await redactionPicks.getValue();
  await redactionPicks.setValue(rest);
}

/** Calls `onChange` with `origin`'s selectors whenever they change; returns the unsubscribe. */
export function watchPicks(origin: string, onChange: (selectors: string[]) => void): () => void {
  return redactionPicks.watch((all) => onChange(all?.[origin] ?? []));
}
