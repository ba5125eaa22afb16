import { json, type SandboxRequest, type SandboxResponse } from './http';
import { handleBuyerPage } from './sandbox-pages';
import type { ProviderCall, SandboxState } from './sandbox-state';
import { ALL_SANDBOX_WEBHOOK_EVENTS, type SandboxWebhookEvent, type WebhookSender } from './webhook-sender';

/**
 * What the sandbox offers besides the providers' APIs: its health, the demo keys, failure injection, call counts,
 * firing a signed webhook, and the small pages a buyer meets (a demo checkout per tier, both customer portals; those
 * are in sandbox-pages.ts).
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

/** The JSON body's fields; none when it is not an object. */
function fieldsOf(request: SandboxRequest): Record<string, unknown> {
  return (request.json && typeof request.json === 'object' ? request.json : {}) as Record<string, unknown>;
}

/** GET /sandbox/keys: the demo keys, with the labels of their activations. */
function listDemoKeys(_request: SandboxRequest, state: SandboxState): SandboxResponse {
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

/** POST /sandbox/faults: queues a fault for the next calls to a provider (or both). */
function addFault(request: SandboxRequest, state: SandboxState): SandboxResponse {
  const fields = fieldsOf(request);
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
      detail: 'Send { target: lemonsqueezy|polar|all, status?: 400-599, delayMs?: 0-60000, times?: positive integer }',
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

function clearFaults(_request: SandboxRequest, state: SandboxState): SandboxResponse {
  state.faults = [];
  return json(204);
}

function clearCalls(_request: SandboxRequest, state: SandboxState): SandboxResponse {
  state.calls = [];
  return json(204);
}

/** POST /sandbox/webhooks/send: fires a signed event about a seeded Polar key at the registered endpoints. */
function sendWebhook(
  request: SandboxRequest,
  state: SandboxState,
  sender: WebhookSender,
): Promise<SandboxResponse> | SandboxResponse {
  const fields = fieldsOf(request);
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

type ControlHandler = (
  request: SandboxRequest,
  state: SandboxState,
  sender: WebhookSender,
) => Promise<SandboxResponse> | SandboxResponse;

/** The sandbox's own routes: by path, then by method. */
const CONTROL_ROUTES: Readonly<Record<string, Readonly<Record<string, ControlHandler>>>> = {
  '/health': { GET: () => json(200, { status: 'ok' }) },
  '/sandbox/keys': { GET: listDemoKeys },
  '/sandbox/faults': { DELETE: clearFaults, POST: addFault },
  '/sandbox/calls': { DELETE: clearCalls, GET: (_request, state) => json(200, callSummary(state.calls)) },
  '/sandbox/webhooks/send': { POST: sendWebhook },
};

function controlHandler({ url, method }: SandboxRequest): ControlHandler | undefined {
  const methods = Object.hasOwn(CONTROL_ROUTES, url.pathname) ? CONTROL_ROUTES[url.pathname] : undefined;
  return methods && Object.hasOwn(methods, method) ? methods[method] : undefined;
}

/** The sandbox's own routes and the buyer's pages; null when the request is for none of them. */
export function handleControl(
  request: SandboxRequest,
  state: SandboxState,
  sender: WebhookSender,
  siteUrl: string | null,
): Promise<SandboxResponse> | SandboxResponse | null {
  const handler = controlHandler(request);
  if (handler) return handler(request, state, sender);
  return handleBuyerPage(request, state, siteUrl);
}
