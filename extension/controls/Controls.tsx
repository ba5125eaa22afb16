import { Clapperboard, Library, Pause, Play, Square, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { RecorderCommand, RecorderStatus } from '../../shared/messages/extension-messages';
import type { BrowserProfile } from '../../shared/profile/browser-profile';
import { QUALITY_LEVEL_HINTS, QUALITY_LEVEL_NAMES } from '../../shared/quality/quality-names';
import { Button, SegmentedControl, Toggle } from '../../shared/ui';
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
import '../../shared/ui/kit.css';
import './controls.css';
import './controls-session.css';

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
          <Button tone="record" size="large" className="record-button" onClick={() => run('start')}>
            <span className="record-dot" aria-hidden="true" />
            Record this tab
          </Button>
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
              <Button tone="primary" icon={<Square />} onClick={() => run('stop')}>
                Stop and edit
              </Button>
              {phase === 'recording' ? (
                <Button icon={<Pause />} onClick={() => run('pause')}>
                  Pause
                </Button>
              ) : (
                <Button icon={<Play />} onClick={() => run('resume')}>
                  Resume
                </Button>
              )}
              <Button tone="ghost" icon={<Trash2 />} onClick={() => run('discard')}>
                Discard
              </Button>
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
              <Button size="small" onClick={() => ask({ type: 'open-pending', sessionId: item.id })}>
                Open
              </Button>
            </div>
          ))}
        </section>
      )}

      {settings && (
        <section className="card" aria-labelledby="settings-title">
          <h2 id="settings-title">Recording settings</h2>
          <div className={`settings${phase !== 'idle' ? ' settings-off' : ''}`}>
            <Toggle
              label="Microphone"
              checked={settings.microphone}
              disabled={phase !== 'idle'}
              onChange={(on) => change({ microphone: on })}
            />
            <Toggle
              label="Webcam"
              checked={settings.webcam}
              disabled={phase !== 'idle'}
              onChange={(on) => change({ webcam: on })}
            />
            <Toggle
              label="3-2-1 countdown"
              checked={settings.countdown}
              disabled={phase !== 'idle'}
              onChange={(on) => change({ countdown: on })}
            />
            <SegmentedControl
              label="Frame rate"
              value={String(settings.frameRate)}
              disabled={phase !== 'idle'}
              onChange={(rate) => change({ frameRate: Number(rate) as RecorderSettings['frameRate'] })}
              options={ALL_FRAME_RATES.map((rate) => ({ value: String(rate), label: `${rate} fps` }))}
            />
            <SegmentedControl
              label="Quality"
              value={settings.quality}
              disabled={phase !== 'idle'}
              onChange={(quality) => change({ quality })}
              options={ALL_QUALITIES.map((quality) => ({
                value: quality,
                label: QUALITY_LEVEL_NAMES[quality],
                hint: QUALITY_LEVEL_HINTS[quality],
              }))}
            />
          </div>
        </section>
      )}

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

      {profile && (
        <details className="profile">
          <summary>This browser: {profile.name}</summary>
          <label className="field">
            Browser profile name
            <input
              className="cr-input"
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
