import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { RecorderCommand, RecorderStatus } from '../../shared/messages/extension-messages';
import type { BrowserProfile } from '../../shared/profile/browser-profile';
import { QUALITY_LEVEL_HINTS, qualityName } from '../../shared/quality/quality-names';
import { formatBadgeTime } from '../background/badge';
import { loadBrowserProfile, renameBrowserProfile } from '../background/browser-profile-store';
import {
  ALL_FRAME_RATES,
  ALL_QUALITIES,
  type RecorderSettings,
  readRecorderSettings,
  SETTINGS_STORAGE_KEY,
} from '../settings/recorder-settings';
import { LicensePanel } from './LicensePanel';
import { hasMediaPermission, type MediaDevice, requestMediaPermission } from './media-permission';
import { RedactElement } from './RedactElement';
import { ShortcutStatus } from './ShortcutStatus';
import './controls.css';

async function ask(message: object): Promise<RecorderStatus> {
  return (await browser.runtime.sendMessage({ to: 'background', ...message })) as RecorderStatus;
}

/**
 * The controls and settings (opened from the toolbar button's right-click menu): a prominent Record button, then
 * stop, pause/resume and discard while recording, recordings waiting for the editor, capture settings as switches
 * and segmented choices, Free or Pro (and a key to enter), links to the library and the editor, and the browser
 * profile's name. Styled with the shared design tokens (shared/design/tokens.css).
 */
export function Controls() {
  const [status, setStatus] = useState<RecorderStatus | null>(null);
  const [settings, setSettings] = useState<RecorderSettings | null>(null);
  const [profile, setProfile] = useState<BrowserProfile | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Free or Pro, as the license panel found it (null while it checks).
  const [plan, setPlan] = useState<'free' | 'pro' | null>(null);

  const refresh = useCallback(() => {
    ask({ type: 'get-status' }).then(setStatus, (e: unknown) => setError(String(e)));
  }, []);

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, 1000);
    browser.storage.local
      .get(SETTINGS_STORAGE_KEY)
      .then((stored) => setSettings(readRecorderSettings(stored[SETTINGS_STORAGE_KEY])));
    loadBrowserProfile().then(setProfile, () => undefined);
    return () => clearInterval(timer);
  }, [refresh]);

  const run = async (command: RecorderCommand) => {
    setError(null);
    try {
      setStatus(await ask({ type: 'command', command }));
      if (command === 'start') window.close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const change = async (patch: Partial<RecorderSettings>) => {
    if (!settings) return;
    const next = { ...settings, ...patch };
    setSettings(next);
    await browser.storage.local.set({ [SETTINGS_STORAGE_KEY]: next });
    for (const [key, device] of [
      ['microphone', 'microphone'],
      ['webcam', 'camera'],
    ] as const) {
      if (patch[key] && !(await hasMediaPermission(device as MediaDevice))) await requestMediaPermission(device);
    }
  };

  const phase = status?.phase ?? 'idle';
  const recording = phase === 'recording' || phase === 'paused';
  const elapsed = formatBadgeTime(status?.elapsedMs ?? 0);
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

      {phase === 'idle' && (
        <div className="session">
          <button type="button" className="record-button" onClick={() => run('start')}>
            <span className="record-dot" aria-hidden="true" />
            Record this tab
          </button>
          <p className="record-hint">Picture, sound and pointer. Nothing is uploaded.</p>
        </div>
      )}
      {phase !== 'idle' && (
        <section className="card session" aria-label="Recording">
          <div className="session-time" data-phase={phase} role="status">
            {recording && <span className="record-dot" aria-hidden="true" />}
            {phase === 'recording' && elapsed}
            {phase === 'paused' && `Paused at ${elapsed}`}
            {(phase === 'starting' || phase === 'countdown') && 'Starting…'}
            {phase === 'stopping' && 'Saving…'}
          </div>
          {recording && (
            <div className="session-buttons">
              <button type="button" className="button button-primary" onClick={() => run('stop')}>
                Stop and edit
              </button>
              {phase === 'recording' ? (
                <button type="button" className="button" onClick={() => run('pause')}>
                  Pause
                </button>
              ) : (
                <button type="button" className="button" onClick={() => run('resume')}>
                  Resume
                </button>
              )}
              <button type="button" className="button button-quiet" onClick={() => run('discard')}>
                Discard
              </button>
            </div>
          )}
        </section>
      )}

      {(error ?? status?.message) && (
        <p role="alert" className="alert">
          {error ?? status?.message}
        </p>
      )}

      {status && status.pending.length > 0 && (
        <section className="card" aria-labelledby="pending-title">
          <h2 id="pending-title">Waiting for the editor</h2>
          {status.pending.map((item) => (
            <div key={item.id} className="pending-item">
              <span>
                {item.name}
                {item.recovered ? ' (recovered)' : ''}
              </span>
              <button
                type="button"
                className="button button-small"
                onClick={() => ask({ type: 'open-pending', sessionId: item.id })}
              >
                Open
              </button>
            </div>
          ))}
        </section>
      )}

      {settings && (
        <section className="card" aria-labelledby="settings-title">
          <h2 id="settings-title">Recording settings</h2>
          <fieldset disabled={phase !== 'idle'} className={`settings${phase !== 'idle' ? ' settings-off' : ''}`}>
            <Toggle label="Microphone" checked={settings.microphone} onChange={(on) => change({ microphone: on })} />
            <Toggle label="Webcam" checked={settings.webcam} onChange={(on) => change({ webcam: on })} />
            <Toggle label="3-2-1 countdown" checked={settings.countdown} onChange={(on) => change({ countdown: on })} />
            <div className="setting">
              <span className="setting-name" id="frame-rate-label">
                Frame rate
              </span>
              <div className="segmented" role="radiogroup" aria-labelledby="frame-rate-label">
                {ALL_FRAME_RATES.map((rate) => (
                  <label key={rate}>
                    <input
                      type="radio"
                      name="frame-rate"
                      checked={settings.frameRate === rate}
                      onChange={() => change({ frameRate: rate })}
                    />
                    <span>{rate} fps</span>
                  </label>
                ))}
              </div>
            </div>
            <div className="setting">
              <span className="setting-name" id="quality-label">
                Quality
              </span>
              <div className="segmented" role="radiogroup" aria-labelledby="quality-label">
                {ALL_QUALITIES.map((quality) => (
                  <label key={quality} title={QUALITY_LEVEL_HINTS[quality]}>
                    <input
                      type="radio"
                      name="quality"
                      checked={settings.quality === quality}
                      onChange={() => change({ quality })}
                    />
                    <span>{qualityName(quality)}</span>
                  </label>
                ))}
              </div>
            </div>
          </fieldset>
        </section>
      )}

      <RedactElement />

      {profile && <LicensePanel profile={profile} onPlan={setPlan} />}

      <nav className="links" aria-label="Clickreel on the web">
        <a className="link" href={`${__CLICKREEL_BUILD__.siteUrl}/recordings`} target="_blank" rel="noreferrer">
          Your recordings →
        </a>
        <a className="link" href={`${__CLICKREEL_BUILD__.siteUrl}/editor`} target="_blank" rel="noreferrer">
          Open the editor
        </a>
      </nav>

      {profile && (
        <details className="profile">
          <summary>This browser: {profile.name}</summary>
          <label className="field">
            Browser profile name
            <input
              defaultValue={profile.name}
              maxLength={80}
              onBlur={(e) => renameBrowserProfile(e.target.value).then(setProfile)}
            />
          </label>
        </details>
      )}
      <ShortcutStatus />
    </main>
  );
}

/** A setting that is on or off, shown as a switch. */
function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="toggle">
      <span className="setting-name">{label}</span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}
