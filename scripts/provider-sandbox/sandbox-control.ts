import { ALL_LICENSE_TIERS, type LicenseTier } from '../../shared/licenses/license-tiers';
import { DEFAULT_PRICE_CURRENCY, formatPrice, SANDBOX_PRICES } from '../../shared/site/prices';
import { escapeHtml, json, type SandboxRequest, type SandboxResponse } from './http';
import type { ProviderCall, SandboxState } from './sandbox-state';
import { SANDBOX_ORGANIZATION } from './seed';
import { ALL_SANDBOX_WEBHOOK_EVENTS, type SandboxWebhookEvent, type WebhookSender } from './webhook-sender';

/**
 * What the sandbox offers besides the providers' APIs: its health, the demo keys, failure injection, call counts,
 * firing a signed webhook, and the small pages a buyer meets (a demo checkout per tier, both customer portals).
 */

/** The largest number of calls to one provider within any 60 s window. */
export function maxCallsPerMinute(calls: readonly ProviderCall[], provider: ProviderCall['provider']): number {
  const times = calls.filter((c) => c.provider === provider).map((c) => c.at);
  let max = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= 60_000) start++;
    max = Math.max(max, end - start + 1);
  }
  return max;
}

function callSummary(calls: readonly ProviderCall[]) {
  const byKey: Record<string, number> = {};
  for (const call of calls) if (call.key) byKey[call.key] = (byKey[call.key] ?? 0) + 1;
  return {
    total: calls.length,
    byProvider: {
      lemonsqueezy: calls.filter((c) => c.provider === 'lemonsqueezy').length,
      polar: calls.filter((c) => c.provider === 'polar').length,
    },
    maxPerMinute: {
      lemonsqueezy: maxCallsPerMinute(calls, 'lemonsqueezy'),
      polar: maxCallsPerMinute(calls, 'polar'),
    },
    byKey,
  };
}

function page(title: string, body: string): SandboxResponse {
  return {
    status: 200,
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 16px}code{background:#eee;padding:2px 6px;border-radius:4px}</style>
</head><body><p><em>Provider sandbox: nothing here is a real payment.</em></p><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  };
}

export function handleControl(
  request: SandboxRequest,
  state: SandboxState,
  sender: WebhookSender,
  siteUrl: string | null,
): Promise<SandboxResponse> | SandboxResponse | null {
  const { pathname, searchParams } = request.url;
  const fields = (request.json && typeof request.json === 'object' ? request.json : {}) as Record<string, unknown>;

  if (pathname === '/health' && request.method === 'GET') return json(200, { status: 'ok' });

  if (pathname === '/sandbox/keys' && request.method === 'GET') {
    return json(
      200,
      [...state.licenses.values()].map(({ key, provider, kind, tier, email, activations }) => ({
        key,
        provider,
        kind,
        tier,
        email,
        activations: activations.map((a) => a.label),
      })),
    );
  }

  if (pathname === '/sandbox/faults') {
    if (request.method === 'DELETE') {
      state.faults = [];
      return json(204);
    }
    if (request.method === 'POST') {
      const target = fields.target ?? 'all';
      const status = fields.status ?? null;
      const delayMs = fields.delayMs ?? 0;
      const times = fields.times ?? null;
      if (
        !['lemonsqueezy', 'polar', 'all'].includes(target as string) ||
        (status !== null && !(Number.isInteger(status) && (status as number) >= 400 && (status as number) <= 599)) ||
        !(Number.isInteger(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= 60_000) ||
        (times !== null && !(Number.isInteger(times) && (times as number) > 0))
      ) {
        return json(422, {
          error: 'InvalidFault',
          detail:
            'Send { target: lemonsqueezy|polar|all, status?: 400-599, delayMs?: 0-60000, times?: positive integer }',
        });
      }
      state.faults.push({
        target: target as 'lemonsqueezy' | 'polar' | 'all',
        status: status as number | null,
        delayMs: delayMs as number,
        remaining: times as number | null,
      });
      return json(201, { faults: state.faults });
    }
  }

  if (pathname === '/sandbox/calls') {
    if (request.method === 'DELETE') {
      state.calls = [];
      return json(204);
    }
    if (request.method === 'GET') return json(200, callSummary(state.calls));
  }

  if (pathname === '/sandbox/webhooks/send' && request.method === 'POST') {
    const type = fields.type as SandboxWebhookEvent;
    const license = typeof fields.key === 'string' ? state.licenses.get(fields.key) : undefined;
    if (!ALL_SANDBOX_WEBHOOK_EVENTS.includes(type) || !license || license.provider !== 'polar') {
      return json(422, {
        error: 'InvalidWebhook',
        detail: `Send { type: ${ALL_SANDBOX_WEBHOOK_EVENTS.join('|')}, key: a seeded Polar key }`,
      });
    }
    return sender
      .send(type, license)
      .then(({ event, deliveries }) => json(200, { event: { id: event.id, type: event.type }, deliveries }));
  }

  const buy = /^\/buy\/tier-(\d+)$/.exec(pathname);
  if (buy && request.method === 'GET') {
    const tier = Number(buy[1]);
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

  if (pathname === '/billing' && request.method === 'GET') {
    return page(
      'Lemon Squeezy customer portal',
      '<p>Sign in with the email of your purchase to see your orders, download invoices and manage subscriptions.</p>',
    );
  }

  const portal = /^\/portal(?:\/([^/]+))?\/?$/.exec(pathname);
  if (portal && request.method === 'GET') {
    const session = state.customerSessions.get(searchParams.get('customer_session_token') ?? '');
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
  return null;
}
