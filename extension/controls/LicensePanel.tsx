import { useState } from 'react';
import { SUPPORT_EMAIL, supportContactLine } from '../../shared/config/product';
import { heightName } from '../../shared/export/export-resolutions';
import { planLimits } from '../../shared/plans/plans';
import type { BrowserProfile } from '../../shared/profile/browser-profile';
import { Button } from '../../shared/ui';
import { useLicenseCheck } from './license-check';

const FREE = planLimits('free');
const PRO = planLimits('pro');

const [supportLineStart] = supportContactLine().split(SUPPORT_EMAIL);

/**
 * Free or Pro in the controls: the stored key is checked with the site's /api/licenses/pro/validate for this
 * browser profile each time the controls open; a key can be entered here too (activated for this profile).
 */
export function LicensePanel({
  profile,
  onPlan,
}: {
  profile: BrowserProfile;
  /** Told Free or Pro once known (the header shows it). */
  onPlan?: (plan: 'free' | 'pro') => void;
}) {
  const { shown, activate: activateKey } = useLicenseCheck(profile, onPlan);
  const [input, setInput] = useState('');

  const activate = async () => {
    if (await activateKey(input)) setInput('');
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
