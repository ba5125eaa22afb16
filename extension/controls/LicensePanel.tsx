import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import { SUPPORT_EMAIL, supportContactLine } from '../../shared/config/product';
import { heightName } from '../../shared/export/export-resolutions';
import { normalizeLicenseKey } from '../../shared/licenses/license-key';
import { licenseMessage } from '../../shared/licenses/license-status';
import { callProLicense } from '../../shared/licenses/pro-license-client';
import { recheckDelayMs, type StoredLicense, storedLicenseAfter } from '../../shared/licenses/pro-state';
import { planLimits } from '../../shared/plans/plans';
import type { BrowserProfile } from '../../shared/profile/browser-profile';
import { Button } from '../../shared/ui';
import { loadStoredLicense, saveStoredLicense } from '../background/license-storage';

const FREE = planLimits('free');
const PRO = planLimits('pro');

type Shown =
  | { readonly state: 'checking' }
  | { readonly state: 'free'; readonly message: string | null }
  | { readonly state: 'pro'; readonly email: string | null; readonly message: string | null };

/**
 * Free or Pro in the controls: the stored key is checked with the site's /api/licenses/pro/validate for this
 * browser profile each time the controls open; a key can be entered here too (activated for this profile).
 */
const [supportLineStart] = supportContactLine().split(SUPPORT_EMAIL);

export function LicensePanel({
  profile,
  onPlan,
}: {
  profile: BrowserProfile;
  /** Told Free or Pro once known (the header shows it). */
  onPlan?: (plan: 'free' | 'pro') => void;
}) {
  const [shown, setShown] = useState<Shown>({ state: 'checking' });
  useEffect(() => {
    if (shown.state !== 'checking') onPlan?.(shown.state);
  }, [shown.state, onPlan]);
  const [input, setInput] = useState('');
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

  const activate = async () => {
    const key = normalizeLicenseKey(input);
    if (!key) {
      setShown({ state: 'free', message: licenseMessage('INVALID_EMPTY') });
      return;
    }
    await apply('activate', key, await loadStoredLicense());
    setInput('');
  };

  return (
    <section aria-label="License" className="card">
      <div className="plan-row">
        <strong data-testid="plan" data-plan={shown.state}>
          {shown.state === 'checking' ? 'Checking license…' : shown.state === 'pro' ? 'Pro' : 'Free'}
        </strong>
        {shown.state === 'pro' && shown.email && (
          <span className="muted" data-testid="license-email">
            {shown.email}
          </span>
        )}
        {shown.state === 'free' && (
          <span className="muted">
            {heightName(FREE.maxHeight)}, {FREE.maxFrameRate} fps, watermark
          </span>
        )}
      </div>
      {shown.state !== 'checking' && shown.message && (
        <p role="status" className="alert">
          {shown.message}
        </p>
      )}
      {shown.state === 'free' && (
        <form
          className="key-form"
          onSubmit={(e) => {
            e.preventDefault();
            void activate();
          }}
        >
          <span className="field">
            <input
              className="cr-input"
              aria-label="License key"
              placeholder="Paste a license key"
              value={input}
              onChange={(e) => setInput(e.target.value)}
            />
          </span>
          <Button type="submit" size="small" tone="primary">
            Activate
          </Button>
        </form>
      )}
      <a className="link" href={`${__CLICKREEL_BUILD__.siteUrl}/licenses`} target="_blank" rel="noreferrer">
        {shown.state === 'pro'
          ? 'Manage licenses'
          : `Get Pro: no watermark, ${heightName(PRO.maxHeight)}, ${PRO.maxFrameRate} fps`}
      </a>
      {/* The controls have no footer: the address any message here may send the user to (SUPPORT_LINE, shared/config/product.ts). */}
      <p data-testid="support-contact" className="support-contact">
        {supportLineStart}
        <a className="link" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
      </p>
    </section>
  );
}
