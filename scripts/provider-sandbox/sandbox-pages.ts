import { ALL_LICENSE_TIERS, type LicenseTier } from '../../shared/licenses/license-tiers';
import { DEFAULT_PRICE_CURRENCY, formatPrice, SANDBOX_PRICES } from '../../shared/site/prices';
import { escapeHtml, json, type SandboxRequest, type SandboxResponse } from './http';
import type { SandboxState } from './sandbox-state';
import { SANDBOX_ORGANIZATION } from './seed';

/** The small pages a buyer meets in the sandbox: a demo checkout per tier and both customer portals. */

function page(title: string, body: string): SandboxResponse {
  return {
    status: 200,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 16px}code{background:#eee;padding:2px 6px;border-radius:4px}</style>
</head><body><p><em>Provider sandbox: nothing here is a real payment.</em></p><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  };
}

/** GET /buy/tier-{n}: the demo checkout, handing out the tier's valid demo keys (linked to the site, if any). */
function demoCheckout(tier: number, state: SandboxState, siteUrl: string | null): SandboxResponse {
  if (!(ALL_LICENSE_TIERS as readonly number[]).includes(tier)) return json(404, { error: 'Not found' });
  const keys = [...state.licenses.values()].filter((l) => l.tier === tier && l.kind === 'valid');
  const items = keys
    .map((l) => {
      const link = siteUrl
        ? ` <a href="${escapeHtml(`${siteUrl}/licenses?licenseKey=${encodeURIComponent(l.key)}`)}">Use it</a>`
        : '';
      return `<li><code>${escapeHtml(l.key)}</code> (${l.provider === 'polar' ? 'Polar' : 'Lemon Squeezy'})${link}</li>`;
    })
    .join('');
  return page(
    `Clickreel Pro for ${tier / 3} browser profile${tier === 3 ? '' : 's'}`,
    `<p>Price: ${escapeHtml(formatPrice(SANDBOX_PRICES[tier as LicenseTier], DEFAULT_PRICE_CURRENCY))}. In the sandbox every purchase succeeds at once. Your demo license keys:</p><ul>${items}</ul>`,
  );
}

/** GET /billing: Lemon Squeezy's customer portal. */
function lemonSqueezyPortal(): SandboxResponse {
  return page(
    'Lemon Squeezy customer portal',
    '<p>Sign in with the email of your purchase to see your orders, download invoices and manage subscriptions.</p>',
  );
}

/** GET /portal/{organization}: Polar's customer portal, signed in by a live customer session's token. */
function polarPortal(request: SandboxRequest, state: SandboxState): SandboxResponse {
  const session = state.customerSessions.get(request.url.searchParams.get('customer_session_token') ?? '');
  const license = session ? state.licenseOfCustomer(session.customerId) : undefined;
  if (!session || !license || Date.parse(session.expiresAt) < Date.now()) {
    return page(
      `${SANDBOX_ORGANIZATION.name} customer portal`,
      '<p>Enter the email of your purchase to get a sign-in link.</p>',
    );
  }
  return page(
    `${SANDBOX_ORGANIZATION.name} customer portal`,
    `<p>Signed in as <strong>${escapeHtml(license.email)}</strong>.</p><p>License key <code>${escapeHtml(license.key)}</code>, ${license.activations.length} activation(s).</p>`,
  );
}

/** The buyer's pages; null when the request is for none of them. */
export function handleBuyerPage(
  request: SandboxRequest,
  state: SandboxState,
  siteUrl: string | null,
): SandboxResponse | null {
  if (request.method !== 'GET') return null;
  const { pathname } = request.url;
  const buy = /^\/buy\/tier-(\d+)$/.exec(pathname);
  if (buy) return demoCheckout(Number(buy[1]), state, siteUrl);
  if (pathname === '/billing') return lemonSqueezyPortal();
  if (/^\/portal(?:\/([^/]+))?\/?$/.test(pathname)) return polarPortal(request, state);
  return null;
}
