import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { SUPPORT_EMAIL, supportContactLine } from '../../../shared/config/product';
import { maskLicenseKey } from '../../../shared/licenses/license-key';
import { SOMETHING_WENT_WRONG } from '../../../shared/licenses/license-status';
import { ALL_LICENSE_TIERS, browserProfileLimit, type LicenseTier } from '../../../shared/licenses/license-tiers';
import type { ProLicenseResponse } from '../../../shared/licenses/pro-license-api';
import { PRO_UNLOCKS } from '../../../shared/plans/plan-words';
import { checkNavigation } from '../../../shared/site/safe-navigation';
import { type SiteBrowserProfile, siteBrowserProfile } from '../install/site-browser-profile';
import { NEXT_PARAM, navigateTo, outsideHref } from '../navigation/navigate';
import {
  $checking,
  $isPro,
  $licenseDetails,
  $licenseVerdict,
  $storedLicense,
  activateLicense,
  forgetLicense,
  releaseBrowserProfile,
} from './pro-store';
import '../../../shared/ui/kit-buttons.css';
import './licenses.css';

const [supportLineStart] = supportContactLine().split(SUPPORT_EMAIL);
/** The key field and Activate; the key typed is the page's (kept while the form hides for a check). */
function LicenseKeyForm({ value: key, onChange: setKey }: { value: string; onChange: (key: string) => void }) {
  const [busy, setBusy] = useState(false);
  // The form arrives in the server's HTML before its code runs: until then a key typed would be dropped as the page
  // hydrates, and Activate would reload the page with the key in its address. So it stays disabled until then.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const submit = async () => {
    setBusy(true);
    try {
      const answer = await activateLicense(key);
      if (answer.ok) setKey('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label>
        License key
        <input
          name="licenseKey"
          disabled={!hydrated}
          value={key}
          onChange={(event) => setKey(event.target.value)}
          placeholder="Paste the key from your purchase email"
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <button type="submit" className="cr-button" data-tone="primary" data-size="large" disabled={busy || !hydrated}>
        {busy ? 'Checking…' : 'Activate'}
      </button>
    </form>
  );
}

const profiles = (n: number) => `${n} browser profile${n === 1 ? '' : 's'}`;

/** A checkout return may say where to go once the key is active: only a page of this site, never elsewhere. */
function useCheckoutReturn(isPro: boolean): string | null {
  const [next, setNext] = useState<string | null>(null);
  const [navigationMessage, setNavigationMessage] = useState<string | null>(null);
  useEffect(() => {
    const target = new URLSearchParams(window.location.search).get(NEXT_PARAM);
    if (target === null) return;
    const check = checkNavigation(target, { base: window.location.href });
    if (check.ok) setNext(check.url);
    else setNavigationMessage(check.message);
  }, []);
  useEffect(() => {
    if (next && isPro) setNavigationMessage(navigateTo(next));
  }, [next, isPro]);
  return navigationMessage;
}

/** The browser profiles the key is active on (this one marked), each with Release, and the customer portal. */
function BoundProfiles({
  details,
  thisProfileId,
}: {
  readonly details: ProLicenseResponse;
  readonly thisProfileId: string | undefined;
}) {
  // The provider's portal link is offered only when it is a safe URL (the details exist in the browser only).
  const portal = typeof window !== 'undefined' ? outsideHref(details.customerPortal, { allowExternal: true }) : null;
  return (
    <section className="license-card" aria-label="Browser profiles">
      <h2>
        Browser profiles ({details.browserProfiles.length} of {details.browserProfileLimit})
      </h2>
      <ul className="profiles">
        {details.browserProfiles.map((bound) => (
          <li key={bound.id} data-testid="bound-profile" data-this={bound.id === thisProfileId}>
            <span>
              {bound.name}
              {bound.id === thisProfileId ? ' (this browser)' : ''}
            </span>
            <button type="button" className="cr-button" onClick={() => void releaseBrowserProfile(bound.id)}>
              Release
            </button>
          </li>
        ))}
      </ul>
      <p className="license-actions">
        {portal && (
          <a className="cr-button" href={portal} target="_blank" rel="noreferrer">
            Open the customer portal
          </a>
        )}
      </p>
    </section>
  );
}

/** The tiers on sale, each with its checkout link. */
function BuyPro({ checkoutUrls }: { checkoutUrls: Partial<Record<LicenseTier, string>> }) {
  return (
    <section aria-label="Buy Pro">
      <h2>Buy Pro</h2>
      <p className="note">
        {PRO_UNLOCKS}. One key, for as many browser profiles as you need: see the <a href="/#pricing">prices</a>.
      </p>
      <ul className="tiers">
        {ALL_LICENSE_TIERS.map((tier) => (
          <li key={tier} className="tier">
            <span className="tier-kind">Pro</span>
            <span className="tier-profiles">{profiles(browserProfileLimit(tier))}</span>
            {checkoutUrls[tier] ? (
              <a className="cr-button" data-tone="primary" href={checkoutUrls[tier]} data-testid="checkout-link">
                Buy<span className="visually-hidden"> Pro for {profiles(browserProfileLimit(tier))}</span>
              </a>
            ) : (
              <span className="note">Not on sale</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /licenses: enter a key, see its status, the email, the browser profiles it is active on (this one marked),
 * release one, open the customer portal, and buy a tier. `checkoutUrls` are the safe ones (see licenses.astro).
 */
export function LicensesApp({ checkoutUrls }: { checkoutUrls: Partial<Record<LicenseTier, string>> }) {
  const isPro = useStore($isPro);
  const stored = useStore($storedLicense);
  const details = useStore($licenseDetails);
  const verdict = useStore($licenseVerdict);
  const checking = useStore($checking);
  const [site, setSite] = useState<SiteBrowserProfile | null>(null);
  const [key, setKey] = useState('');
  const navigationMessage = useCheckoutReturn(isPro);

  useEffect(() => {
    void siteBrowserProfile().then(setSite);
  }, []);

  // Pro here needs no key typed: the form shows only without one, or once the stored one was refused (it is then
  // cleared, or kept through a rate limit), never while a stored key waits for its first answer.
  const showKeyForm = !isPro && !(stored && (checking || verdict?.key !== stored.key));
  const message = verdict && !verdict.answer.ok ? verdict.answer.failure.message : null;

  return (
    <div className="licenses" data-plan={isPro ? 'pro' : 'free'}>
      <p role="alert" data-testid="navigation-message">
        {navigationMessage ?? ''}
      </p>
      <section className="license-card" aria-label="Your license">
        <h2>
          Your plan: <span data-testid="plan">{isPro ? 'Pro' : checking && stored ? 'Checking…' : 'Free'}</span>
        </h2>
        {isPro && stored?.email && (
          <p>
            Licensed to <strong data-testid="license-email">{stored.email}</strong>
          </p>
        )}
        {site && site.extensionId === null && (
          <p data-testid="no-extension" className="note">
            The Clickreel extension is not installed in this browser, so the key is checked for this browser only.
            Install the extension to count this browser once for the site and the recorder.
          </p>
        )}
        {site && <p className="note">This browser profile: {site.profile.name}</p>}

        {isPro && stored && (
          <p className="license-key-row">
            <span>
              Key <code data-testid="license-key">{maskLicenseKey(stored.key)}</code>
            </span>
            <button type="button" className="cr-button" data-tone="ghost" onClick={forgetLicense}>
              Remove the key from this browser
            </button>
          </p>
        )}

        {showKeyForm && <LicenseKeyForm value={key} onChange={setKey} />}
        <p role="status" data-testid="license-message">
          {message ?? ''}
        </p>
        {message === SOMETHING_WENT_WRONG && (
          // The message asks the user to reach out: the address is given beside it (SUPPORT_LINE, shared/config/product.ts).
          <p data-testid="license-support-contact">
            {supportLineStart}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        )}
      </section>

      {isPro && details && <BoundProfiles details={details} thisProfileId={site?.profile.id} />}

      <BuyPro checkoutUrls={checkoutUrls} />
    </div>
  );
}
