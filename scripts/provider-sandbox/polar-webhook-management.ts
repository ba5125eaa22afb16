import { json, type SandboxRequest, type SandboxResponse } from './http';
import { body, type Issue, invalid, methodNotAllowed, missing, notADictionary, notFound, page } from './polar-http';
import {
  newWebhookSecret,
  type SandboxState,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from './sandbox-state';
import type { WebhookSender } from './webhook-sender';

/**
 * Polar's eight webhook-management calls (access token; polar-api.ts checks it): list, create, get, update and
 * delete an endpoint, rotate its secret, list deliveries and redeliver an event.
 */

/** Webhook formats and the event types the sandbox knows (Polar's names). */
export const WEBHOOK_FORMATS = ['raw', 'discord', 'slack'] as const;
export const WEBHOOK_EVENT_TYPES = [
  'checkout.created',
  'checkout.updated',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.state_changed',
  'order.created',
  'order.updated',
  'order.paid',
  'order.refunded',
  'subscription.created',
  'subscription.updated',
  'subscription.active',
  'subscription.canceled',
  'subscription.uncanceled',
  'subscription.revoked',
  'refund.created',
  'refund.updated',
  'product.created',
  'product.updated',
  'benefit.created',
  'benefit.updated',
  'benefit_grant.created',
  'benefit_grant.cycled',
  'benefit_grant.updated',
  'benefit_grant.revoked',
  'organization.updated',
] as const;

function endpointObject(endpoint: WebhookEndpointRecord) {
  return {
    id: endpoint.id,
    created_at: endpoint.createdAt,
    modified_at: endpoint.modifiedAt,
    url: endpoint.url,
    name: endpoint.name,
    format: endpoint.format,
    secret: endpoint.secret,
    organization_id: endpoint.organizationId,
    events: endpoint.events,
    enabled: endpoint.enabled,
  };
}

const WEBHOOK_SECRET_RULE = 'Input should be a string of 32 to 256 characters with no spaces';
function isWebhookSecret(value: unknown): value is string {
  return typeof value === 'string' && /^\S{32,256}$/.test(value);
}

function endpointInput(fields: Record<string, unknown>, partial: boolean): Issue[] {
  const issues: Issue[] = [];
  const check = (name: string, ok: (v: unknown) => boolean, msg: string) => {
    if (fields[name] === undefined || fields[name] === null) {
      if (!partial) issues.push(missing('body', name));
    } else if (!ok(fields[name])) issues.push({ loc: ['body', name], msg, type: 'value_error' });
  };
  check('url', (v) => typeof v === 'string' && /^https?:\/\/\S+$/.test(v), 'Input should be a valid URL');
  check(
    'format',
    (v) => (WEBHOOK_FORMATS as readonly unknown[]).includes(v),
    `Input should be ${WEBHOOK_FORMATS.join(', ')}`,
  );
  check(
    'events',
    (v) => Array.isArray(v) && v.every((e) => (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(e)),
    'Input should be a list of webhook event types',
  );
  // Optional on both: without one, a new endpoint gets a generated secret. It keys the endpoint's signatures; the
  // spec names no format for it, so the sandbox asks for what a generated one is like (long, no spaces).
  if (fields.secret !== undefined && fields.secret !== null && !isWebhookSecret(fields.secret)) {
    issues.push({ loc: ['body', 'secret'], msg: WEBHOOK_SECRET_RULE, type: 'value_error' });
  }
  return issues;
}

function listEndpoints(request: SandboxRequest, state: SandboxState): SandboxResponse {
  const organization = request.url.searchParams.getAll('organization_id');
  const items = [...state.endpoints.values()]
    .filter((e) => organization.length === 0 || organization.includes(e.organizationId))
    .map(endpointObject);
  return page(items, request.url);
}

function createEndpoint(request: SandboxRequest, state: SandboxState): SandboxResponse {
  const fields = body(request);
  if (!fields) return notADictionary();
  const issues = endpointInput(fields, false);
  if (fields.organization_id != null && fields.organization_id !== state.credentials.organizationId) {
    issues.push({ loc: ['body', 'organization_id'], msg: 'Organization not found.', type: 'value_error' });
  }
  if (issues.length > 0) return invalid(issues);
  const endpoint = state.addEndpoint({
    url: fields.url as string,
    name: (fields.name as string | null | undefined) ?? null,
    format: fields.format as string,
    events: fields.events as string[],
    secret: isWebhookSecret(fields.secret) ? fields.secret : undefined,
  });
  return json(201, endpointObject(endpoint));
}

function updateEndpoint(request: SandboxRequest, endpoint: WebhookEndpointRecord): SandboxResponse {
  const fields = body(request);
  if (!fields) return notADictionary();
  const issues = endpointInput(fields, true);
  if (issues.length > 0) return invalid(issues);
  if (typeof fields.url === 'string') endpoint.url = fields.url;
  if (fields.name !== undefined) endpoint.name = (fields.name as string | null) ?? null;
  if (typeof fields.format === 'string') endpoint.format = fields.format;
  if (Array.isArray(fields.events)) endpoint.events = fields.events as string[];
  if (typeof fields.enabled === 'boolean') endpoint.enabled = fields.enabled;
  if (isWebhookSecret(fields.secret)) endpoint.secret = fields.secret;
  endpoint.modifiedAt = new Date().toISOString();
  return json(200, endpointObject(endpoint));
}

function rotateEndpointSecret(endpoint: WebhookEndpointRecord): SandboxResponse {
  endpoint.secret = newWebhookSecret();
  endpoint.modifiedAt = new Date().toISOString();
  return json(200, endpointObject(endpoint));
}

/** A delivery with the event it carried, as Polar lists them. */
function deliveryObject(delivery: WebhookDeliveryRecord, state: SandboxState) {
  const event = state.events.get(delivery.eventId);
  return {
    id: delivery.id,
    created_at: delivery.createdAt,
    modified_at: null,
    succeeded: delivery.succeeded,
    http_code: delivery.httpCode,
    response: delivery.response,
    webhook_event: {
      id: delivery.eventId,
      created_at: event?.createdAt ?? delivery.createdAt,
      modified_at: null,
      last_http_code: event?.lastHttpCode ?? null,
      succeeded: event?.succeeded ?? null,
      skipped: false,
      payload: event?.payload ?? null,
      type: event?.type ?? 'order.refunded',
      is_archived: false,
    },
  };
}

/** A route answers its request, or null when the request is not its own. */
type WebhookRoute = (
  request: SandboxRequest,
  state: SandboxState,
  sender: WebhookSender,
) => Promise<SandboxResponse> | SandboxResponse | null;

/** /v1/webhooks/endpoints: list (GET) and create (POST). */
const endpointsRoute: WebhookRoute = (request, state) => {
  if (!/^\/v1\/webhooks\/endpoints\/?$/.test(request.url.pathname)) return null;
  if (request.method === 'GET') return listEndpoints(request, state);
  if (request.method === 'POST') return createEndpoint(request, state);
  return methodNotAllowed();
};

/** /v1/webhooks/endpoints/{id}: get, delete and update (PATCH); with /secret, rotate the secret (PATCH). */
const endpointRoute: WebhookRoute = (request, state) => {
  const match = /^\/v1\/webhooks\/endpoints\/([^/]+)(\/secret)?\/?$/.exec(request.url.pathname);
  if (!match) return null;
  const id = decodeURIComponent(match[1] as string);
  const endpoint = state.endpoints.get(id);
  if (!endpoint) return notFound();
  if (match[2]) return request.method === 'PATCH' ? rotateEndpointSecret(endpoint) : methodNotAllowed();
  if (request.method === 'GET') return json(200, endpointObject(endpoint));
  if (request.method === 'DELETE') {
    state.endpoints.delete(id);
    return json(204);
  }
  if (request.method === 'PATCH') return updateEndpoint(request, endpoint);
  return methodNotAllowed();
};

/** GET /v1/webhooks/deliveries: newest first, optionally of some endpoints only. */
const deliveriesRoute: WebhookRoute = (request, state) => {
  if (!/^\/v1\/webhooks\/deliveries\/?$/.test(request.url.pathname) || request.method !== 'GET') return null;
  const endpointIds = request.url.searchParams.getAll('endpoint_id');
  const items = state.deliveries
    .filter((d) => endpointIds.length === 0 || endpointIds.includes(d.endpointId))
    .toReversed()
    .map((delivery) => deliveryObject(delivery, state));
  return page(items, request.url);
};

/** POST /v1/webhooks/events/{id}/redeliver. */
const redeliverRoute: WebhookRoute = (request, state, sender) => {
  const match = /^\/v1\/webhooks\/events\/([^/]+)\/redeliver\/?$/.exec(request.url.pathname);
  if (!match || request.method !== 'POST') return null;
  const event = state.events.get(decodeURIComponent(match[1] as string));
  if (!event) return notFound();
  return sender.redeliver(event).then(() => json(202, {}));
};

const WEBHOOK_ROUTES: readonly WebhookRoute[] = [endpointsRoute, endpointRoute, deliveriesRoute, redeliverRoute];

/** The /v1/webhooks/ calls; a 404 for a path none of them takes. */
export function handleWebhooks(
  request: SandboxRequest,
  state: SandboxState,
  sender: WebhookSender,
): Promise<SandboxResponse> | SandboxResponse {
  for (const route of WEBHOOK_ROUTES) {
    const answer = route(request, state, sender);
    if (answer) return answer;
  }
  return notFound(`No route for ${request.method} ${request.url.pathname}`);
}
