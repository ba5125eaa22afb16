import { Clapperboard, Library } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { BrowserProfile } from '../../shared/profile/browser-profile';
import { loadBrowserProfile } from '../background/browser-profile-store';
import { LicensePanel } from './LicensePanel';
import { PendingRecordings } from './PendingRecordings';
import { ProfileName } from './ProfileName';
import { RecordingSession } from './RecordingSession';
import { RecordingSettings } from './RecordingSettings';
import { RedactElement } from './RedactElement';
import { useRecorderStatus } from './recorder-status';
import { ShortcutStatus } from './ShortcutStatus';
import { useStoredSettings } from './stored-settings';
import '../../shared/ui/kit.css';
import './controls.css';
import './controls-session.css';

/**
 * The controls and settings (opened from the toolbar button's right-click menu): a prominent Record button, then
 * stop, pause/resume and discard while recording, recordings waiting for the editor, capture settings as switches
 * and segmented choices, Free or Pro (and a key to enter), links to the library and the editor, and the browser
 * profile's name. Styled with the shared design tokens (shared/design/tokens.css).
 */
export function Controls() {
  const { status, error, run, openPending } = useRecorderStatus();
  const { settings, change } = useStoredSettings();
  const [profile, setProfile] = useState<BrowserProfile | null>(null);
  // Free or Pro, as the license panel found it (null while it checks).
  const [plan, setPlan] = useState<'free' | 'pro' | null>(null);

  useEffect(() => {
    loadBrowserProfile().then(setProfile, () => undefined);
  }, []);

  const phase = status?.phase ?? 'idle';
  return (
    <main className="controls">
      <header className="controls-header">
        <img className="controls-logo" src="/icons/clickreel-48.png" alt="" width={24} height={24} />
        <h1>Clickreel</h1>
        {plan && (
          <span className="plan-badge" data-plan={plan}>
            {plan === 'pro' ? 'Pro' : 'Free'}
          </span>
        )}
      </header>

      <RecordingSession phase={phase} elapsedMs={status?.elapsedMs ?? 0} source={settings?.source ?? 'tab'} run={run} />

      {(error ?? status?.message) && (
        <p role="alert" className="alert">
          {error ?? status?.message}
        </p>
      )}

      {status && status.pending.length > 0 && <PendingRecordings pending={status.pending} open={openPending} />}

      {settings && <RecordingSettings settings={settings} locked={phase !== 'idle'} change={change} />}

      <RedactElement />

      {profile && <LicensePanel profile={profile} onPlan={setPlan} />}

      <nav className="links" aria-label="Clickreel on the web">
        <a
          className="cr-button"
          data-tone="secondary"
          href={`${__CLICKREEL_BUILD__.siteUrl}/recordings`}
          target="_blank"
          rel="noreferrer"
        >
          <Library size={16} aria-hidden="true" />
          Your recordings
        </a>
        <a
          className="cr-button"
          data-tone="ghost"
          href={`${__CLICKREEL_BUILD__.siteUrl}/editor`}
          target="_blank"
          rel="noreferrer"
        >
          <Clapperboard size={16} aria-hidden="true" />
          Open the editor
        </a>
      </nav>

      {profile && <ProfileName profile={profile} onRenamed={setProfile} />}
      <ShortcutStatus />
    </main>
  );
}
