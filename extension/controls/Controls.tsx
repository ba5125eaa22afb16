import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { RecorderCommand, RecorderStatus } from '../../shared/messages/extension-messages';
import type { BrowserProfile } from '../../shared/profile/browser-profile';
import { formatBadgeTime } from '../background/badge';
import { loadBrowserProfile, renameBrowserProfile } from '../background/browser-profile-store';
import {
  ALL_QUALITIES,
  type RecorderSettings,
  readRecorderSettings,
  SETTINGS_STORAGE_KEY,
} from '../settings/recorder-settings';
import { LicensePanel } from './LicensePanel';
import { hasMediaPermission, type MediaDevice, requestMediaPermission } from './media-permission';
import { ShortcutStatus } from './ShortcutStatus';

const QUALITY_LABELS: Record<(typeof ALL_QUALITIES)[number], string> = {
  standard: 'Standard',
  high: 'High',
  maximum: 'Maximum',
};

async function ask(message: object): Promise<RecorderStatus> {
  return (await browser.runtime.sendMessage({ to: 'background', ...message })) as RecorderStatus;
}

/**
 * The controls and settings (opened from the toolbar button's right-click menu): record, pause/resume,
 * stop, discard, recordings waiting for the editor, capture settings, Free or Pro (and a key to enter) and the
 * browser profile's name.
 */
export function Controls() {
  const [status, setStatus] = useState<RecorderStatus | null>(null);
  const [settings, setSettings] = useState<RecorderSettings | null>(null);
  const [profile, setProfile] = useState<BrowserProfile | null>(null);
  const [error, setError] = useState<string | null>(null);

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
  return (
    <main style={{ width: 300, padding: 14, font: '14px system-ui, sans-serif', display: 'grid', gap: 12 }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h1 style={{ fontSize: 16, margin: 0 }}>Clickreel</h1>
        <span data-phase={phase}>
          {phase === 'recording' && `● ${formatBadgeTime(status?.elapsedMs ?? 0)}`}
          {phase === 'paused' && `Paused at ${formatBadgeTime(status?.elapsedMs ?? 0)}`}
          {(phase === 'starting' || phase === 'countdown') && 'Starting…'}
          {phase === 'stopping' && 'Saving…'}
        </span>
      </header>

      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {phase === 'idle' && (
          <button type="button" onClick={() => run('start')}>
            Record this tab
          </button>
        )}
        {phase === 'recording' && (
          <button type="button" onClick={() => run('pause')}>
            Pause
          </button>
        )}
        {phase === 'paused' && (
          <button type="button" onClick={() => run('resume')}>
            Resume
          </button>
        )}
        {recording && (
          <button type="button" onClick={() => run('stop')}>
            Stop
          </button>
        )}
        {recording && (
          <button type="button" onClick={() => run('discard')}>
            Discard
          </button>
        )}
      </div>

      {(error ?? status?.message) && (
        <p role="alert" style={{ margin: 0, color: '#b3261e' }}>
          {error ?? status?.message}
        </p>
      )}

      {status && status.pending.length > 0 && (
        <section>
          <h2 style={{ fontSize: 13, margin: '0 0 4px' }}>Waiting for the editor</h2>
          {status.pending.map((item) => (
            <div key={item.id} style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <span>
                {item.name}
                {item.recovered ? ' (recovered)' : ''}
              </span>
              <button type="button" onClick={() => ask({ type: 'open-pending', sessionId: item.id })}>
                Open
              </button>
            </div>
          ))}
        </section>
      )}

      {settings && (
        <fieldset disabled={phase !== 'idle'} style={{ display: 'grid', gap: 6 }}>
          <legend>Settings</legend>
          <label>
            Frame rate{' '}
            <select
              value={settings.frameRate}
              onChange={(e) => change({ frameRate: Number(e.target.value) === 60 ? 60 : 30 })}
            >
              <option value={30}>30 fps</option>
              <option value={60}>60 fps</option>
            </select>
          </label>
          <label>
            Quality{' '}
            <select
              value={settings.quality}
              onChange={(e) => change({ quality: e.target.value as RecorderSettings['quality'] })}
            >
              {ALL_QUALITIES.map((quality) => (
                <option key={quality} value={quality}>
                  {QUALITY_LABELS[quality]}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              checked={settings.microphone}
              onChange={(e) => change({ microphone: e.target.checked })}
            />{' '}
            Microphone
          </label>
          <label>
            <input type="checkbox" checked={settings.webcam} onChange={(e) => change({ webcam: e.target.checked })} />{' '}
            Webcam
          </label>
          <label>
            <input
              type="checkbox"
              checked={settings.countdown}
              onChange={(e) => change({ countdown: e.target.checked })}
            />{' '}
            3-2-1 countdown
          </label>
        </fieldset>
      )}

      {profile && <LicensePanel profile={profile} />}

      {profile && (
        <label>
          Browser profile name{' '}
          <input
            defaultValue={profile.name}
            maxLength={80}
            onBlur={(e) => renameBrowserProfile(e.target.value).then(setProfile)}
          />
        </label>
      )}
      <ShortcutStatus />
    </main>
  );
}
