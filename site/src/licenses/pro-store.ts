import { persistentAtom } from '@nanostores/persistent';
import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import { normalizeLicenseKey } from '../../../shared/licenses/license-key';
import type { ProLicenseAction, ProLicenseAnswer, ProLicenseResponse } from '../../../shared/licenses/pro-license-api';
import {
  PRO_RECHECK_INTERVAL_MS,
  parseStoredLicense,
  recheckDelayMs,
  type StoredLicense,
  storedLicenseAfter,
  urlKeyToCheck,
} from '../../../shared/licenses/stored-license';
import { type Plan, planOf } from '../../../shared/plans/plans';
import { askExtension, siteBrowserProfile } from '../install/site-browser-profile';

/**
 * Calls the site's license endpoint. Its answer is validated with zod, which loads only for a call: a page with no
 * key stored (most visits to /licenses, the editor) never loads it.
 */
async function callProLicense(action: ProLicenseAction, body: object): Promise<ProLicenseAnswer> {
  const client = await import('../../../shared/licenses/pro-license-client');
  return client.callProLicense(action, body);
}

/**
 * Pro in the site (README.md, Pro licenses). The key and email live in localStorage (`clickreel:license`), written only
 * from the server's answers; pro is on only once the server answered about the stored key in this page (VALID,
 * or ENDPOINT_DOWN, which keeps it), so nothing a page script stores turns pro on by itself.
 */
const LICENSE_STORAGE_KEY = 'clickreel:license';
export const $storedLicense = persistentAtom<StoredLicense | null>(LICENSE_STORAGE_KEY, null, {
  encode: JSON.stringify,
  decode: parseStoredLicense,
});

/** The server's last verdict in this page: about which key, and what it said. */
export interface LicenseVerdict {
  readonly key: string;
  readonly answer: ProLicenseAnswer;
}
const $verdict = atom<LicenseVerdict | null>(null);
/** A check under way. */
export const $checking = atom(false);

/** The last verdict (for the status message on /licenses). */
export const $licenseVerdict: ReadableAtom<LicenseVerdict | null> = $verdict;

/** Whether pro is on: a stored key the server has not refused in this page. */
export const $isPro: ReadableAtom<boolean> = computed([$storedLicense, $verdict], (stored, verdict) => {
  if (!stored || !verdict || verdict.key !== stored.key) return false;
  return verdict.answer.ok || verdict.answer.failure.status === 'ENDPOINT_DOWN';
});

/** The plan the editor applies. */
export const $plan: ReadableAtom<Plan> = computed($isPro, planOf);

// Whatever page shows pro state (the editor, /licenses) starts the checks by using it.
onMount($isPro, () => {
  startProStore();
});

/** The server's last success about the stored key: its email, bound profiles and customer portal. */
export const $licenseDetails: ReadableAtom<ProLicenseResponse | null> = computed(
  [$storedLicense, $verdict],
  (stored, verdict) => (stored && verdict?.key === stored.key && verdict.answer.ok ? verdict.answer.response : null),
);

/** Applies an answer about `key` to what is stored, and tells the extension the outcome. */
function record(key: string, answer: ProLicenseAnswer): void {
  const before = $storedLicense.get();
  const after = storedLicenseAfter(before, key, answer);
  $verdict.set({ key, answer });
  if (after !== before) {
    $storedLicense.set(after);
    void askExtension({ type: 'clickreel:store-license', license: after });
  } else if (answer.ok) {
    // The extension may not have it yet (installed after the key was entered).
    void askExtension({ type: 'clickreel:store-license', license: after });
  }
}

let recheckTimer: ReturnType<typeof setTimeout> | undefined;

/** Re-checks the stored key when a refusal that kept it (a rate limit) said when to ask again. */
function scheduleRecheck(answer: ProLicenseAnswer): void {
  const delay = recheckDelayMs(answer);
  if (delay === null || !$storedLicense.get()) return;
  clearTimeout(recheckTimer);
  recheckTimer = setTimeout(() => void revalidateLicense(), delay);
}

async function check(action: 'activate' | 'validate', rawKey: string): Promise<ProLicenseAnswer> {
  const key = normalizeLicenseKey(rawKey);
  $checking.set(true);
  try {
    const { profile } = await siteBrowserProfile();
    const answer = await callProLicense(action, { license: { key }, browserProfile: profile });
    record(key, answer);
    scheduleRecheck(answer);
    return answer;
  } finally {
    $checking.set(false);
  }
}

/** Activates a key typed or pasted by the user for this browser profile. */
export function activateLicense(rawKey: string): Promise<ProLicenseAnswer> {
  return check('activate', rawKey);
}

/** Asks the server again about the stored key; nothing to do when none is stored. */
export async function revalidateLicense(): Promise<ProLicenseAnswer | null> {
  const stored = $storedLicense.get();
  return stored ? check('validate', stored.key) : null;
}

/** Frees a browser profile's slot on the stored license; releasing this browser's own profile ends pro here. */
export async function releaseBrowserProfile(profileId: string): Promise<ProLicenseAnswer | null> {
  const stored = $storedLicense.get();
  if (!stored) return null;
  const { profile } = await siteBrowserProfile();
  const answer = await callProLicense('release', {
    license: { key: stored.key },
    browserProfile: profile,
    releaseBrowserProfileId: profileId,
  });
  if (answer.ok && answer.response.browserProfile === null) {
    $storedLicense.set(null);
    void askExtension({ type: 'clickreel:store-license', license: null });
  }
  $verdict.set({ key: stored.key, answer });
  return answer;
}

/** Forgets the stored key in this browser (pro off); the slot stays taken until released. */
export function forgetLicense(): void {
  $storedLicense.set(null);
  $verdict.set(null);
  void askExtension({ type: 'clickreel:store-license', license: null });
}

let started = false;

/**
 * Starts the store in a page: checks `?licenseKey=` when no key is stored (then drops it from the address bar),
 * else re-checks the stored key; re-checks whenever another tab changes the stored license, and every
 * PRO_RECHECK_INTERVAL_MS while the page is open.
 */
export function startProStore(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const urlKey = urlKeyToCheck($storedLicense.get(), window.location.search);
  if (new URLSearchParams(window.location.search).has('licenseKey')) {
    const url = new URL(window.location.href);
    url.searchParams.delete('licenseKey');
    window.history.replaceState(window.history.state, '', url);
  }
  if (urlKey) void activateLicense(urlKey);
  else void revalidateLicense();

  // Another tab changed the stored license (a storage change in another tab re-checks). persistentAtom
  // follows the write itself; what was written is not believed here until this page's server answers about it, so
  // a cleared key turns pro off at once and a stored one (new, or the same key written again) is validated before pro
  // shows. The event fires only in the other tabs, never in the one that wrote.
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== localStorage || (event.key !== null && event.key !== LICENSE_STORAGE_KEY)) return;
    clearTimeout(recheckTimer);
    $verdict.set(null);
    const written = event.key === null ? null : parseStoredLicense(event.newValue);
    if (written) void check('validate', written.key);
  });
  setInterval(() => void revalidateLicense(), PRO_RECHECK_INTERVAL_MS);
}
