import { SquareDashedMousePointer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { errorMessage } from '../../shared/errors/error-message';
import { Button } from '../../shared/ui';
import { forgetPicks, picksFor } from '../storage/redaction-picks';

/**
 * The page the user was last looking at: the most recently used browser tab other than this one (the controls are a
 * toolbar popup, or a tab or window of their own where no popup can open).
 */
async function pageTab(): Promise<number | null> {
  const current = await browser.tabs.getCurrent();
  const tabs = (await browser.tabs.query({ windowType: 'normal' })).filter((tab) => tab.id !== current?.id);
  const latest = tabs.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
  return latest?.id ?? null;
}

/** The origin of the page in `tabId`, asked of its content script (null on pages the extension cannot run in). */
async function originOf(tabId: number): Promise<string | null> {
  try {
    const page = (await browser.tabs.sendMessage(tabId, { to: 'content', type: 'describe-page' }, { frameId: 0 })) as {
      url?: string;
    };
    return page?.url ? new URL(page.url).origin : null;
  } catch {
    return null;
  }
}

/**
 * "Redact an element": the popup closes and the page lets the user click the element to hide in every recording of
 * that site (password, email, phone, card and one-time-code fields are hidden without asking). Shows how many are
 * picked on the current site, with a way to forget them.
 */
export function RedactElement() {
  const [site, setSite] = useState<{ tabId: number; origin: string; picks: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void (async () => {
      const tabId = await pageTab();
      const origin = tabId === null ? null : await originOf(tabId);
      if (tabId !== null && origin) setSite({ tabId, origin, picks: (await picksFor(origin)).length });
    })();
  }, []);

  const pick = async () => {
    if (!site) return;
    try {
      await browser.tabs.sendMessage(site.tabId, { to: 'content', type: 'pick-redaction' }, { frameId: 0 });
      window.close();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const forget = async () => {
    if (!site) return;
    await forgetPicks(site.origin);
    setSite({ ...site, picks: 0 });
  };

  return (
    <section className="card redact" aria-labelledby="redact-title">
      <h2 id="redact-title">Privacy</h2>
      <p className="redact-hint">Password, email, phone, card and code fields are blurred in the editor.</p>
      <div className="session-buttons">
        <Button icon={<SquareDashedMousePointer />} disabled={!site} onClick={pick}>
          Redact an element
        </Button>
        {site && site.picks > 0 && (
          <Button tone="ghost" onClick={forget}>
            Forget {site.picks} on {new URL(site.origin).host}
          </Button>
        )}
      </div>
      {!site && <p className="redact-hint">Open a web page to pick an element on it.</p>}
      {error && (
        <p role="alert" className="alert">
          {error}
        </p>
      )}
    </section>
  );
}
