import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { normalizeLicenseKey } from '../../shared/licenses/license-key';
import { licenseMessage } from '../../shared/licenses/license-status';
import { callProLicense } from '../../shared/licenses/pro-license-client';
import { recheckDelayMs, type StoredLicense, storedLicenseAfter } from '../../shared/licenses/pro-state';
import type { BrowserProfile } from '../../shared/profile/browser-profile';
import { loadStoredLicense, saveStoredLicense } from '../background/license-storage';

/** What the license panel shows: still checking, Free (and why), or Pro (whose, and any warning). */
type Shown =
  | { readonly state: 'checking' }
  | { readonly state: 'free'; readonly message: string | null }
  | { readonly state: 'pro'; readonly email: string | null; readonly message: string | null };

/**
 * The license as the controls show it: the stored key checked with the site's /api/licenses/pro/validate for this
 * browser profile when the controls open, and `activate` for a key entered (activated for this profile; false when
 * the key is empty, so nothing was asked).
 */
export function useLicenseCheck(
  profile: BrowserProfile,
  onPlan: ((plan: 'free' | 'pro') => void) | undefined,
): { readonly shown: Shown; readonly activate: (input: string) => Promise<boolean> } {
  const [shown, setShown] = useState<Shown>({ state: 'checking' });
  useEffect(() => {
    if (shown.state !== 'checking') onPlan?.(shown.state);
  }, [shown.state, onPlan]);
  const recheck = useRef<ReturnType<typeof setTimeout>>(undefined);

  const apply = useCallback(
    async (action: 'activate' | 'validate', key: string, stored: StoredLicense | null): Promise<void> => {
      clearTimeout(recheck.current);
      // A kept key stays Pro while it is checked again.
      if (!stored) setShown({ state: 'checking' });
      const answer = await callProLicense(
        action,
        { license: { key }, browserProfile: profile },
        __CLICKREEL_BUILD__.siteUrl,
        browser.runtime.getManifest().version,
      );
      const after = storedLicenseAfter(stored, key, answer);
      if (after !== stored) await saveStoredLicense(after);
      if (answer.ok) setShown({ state: 'pro', email: answer.response.license.email, message: null });
      else if (after) setShown({ state: 'pro', email: after.email, message: answer.failure.message });
      else setShown({ state: 'free', message: action === 'activate' || stored ? answer.failure.message : null });
      // A refusal that kept the key (the site's rate limit) says when to ask again.
      const delay = recheckDelayMs(answer);
      if (after && delay !== null) recheck.current = setTimeout(() => void apply('validate', after.key, after), delay);
    },
    [profile],
  );

  useEffect(() => {
    void loadStoredLicense().then((stored) =>
      stored ? apply('validate', stored.key, stored) : setShown({ state: 'free', message: null }),
    );
    return () => clearTimeout(recheck.current);
  }, [apply]);

  const activate = async (input: string): Promise<boolean> => {
    const key = normalizeLicenseKey(input);
    if (!key) {
      setShown({ state: 'free', message: licenseMessage('INVALID_EMPTY') });
      return false;
    }
    await apply('activate', key, await loadStoredLicense());
    return true;
  };

  return { shown, activate };
}
