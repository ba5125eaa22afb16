import { randomBytes, randomUUID } from 'node:crypto';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import { customerObject, licenseKeyObject, licenseStatus } from './polar-objects';
import {
  isExpired,
  newWebhookSecret,
  type SandboxLicense,
  type SandboxState,
  type WebhookEndpointRecord,
} from './sandbox-state';
import { SANDBOX_ORGANIZATION } from './seed';
import type { WebhookSender } from './webhook-sender';

/**
 * The Polar calls the product makes, with Polar's paths, status codes and error shapes: customer-portal license
 * keys (validate, activate, deactivate; no token), customer sessions and the eight webhook-management calls
 * (bearer token). Answers are snake_case JSON that the official SDK's response validation accepts.
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

type Issue = { loc: (string | number)[]; msg: string; type: string };
const invalid = (issues: Issue[]) => json(422, { detail: issues });
const notFound = (detail = 'Not found') => json(404, { error: 'ResourceNotFound', detail });
const missing = (...loc: (string | number)[]): Issue => ({ loc, msg: 'Field required', type: 'missing' });

function activationObject(license: SandboxLicense, activation: SandboxLicense['activations'][number]) {
  return {
    id: activation.id,
    license_key_id: license.id,
    label: activation.label,
    meta: activation.meta,
    created_at: activation.createdAt,
    modified_at: null,
  };
}

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

/** A page of a list: Polar's `{ items, pagination: { total_count, max_page } }`. */
function page<T>(items: T[], url: URL): SandboxResponse {
  const pageNumber = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const issues: Issue[] = [];
  if (!Number.isInteger(pageNumber) || pageNumber < 1) {
    issues.push({ loc: ['query', 'page'], msg: 'Input should be greater than 0', type: 'greater_than' });
  }
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    issues.push({ loc: ['query', 'limit'], msg: 'Input should be between 1 and 100', type: 'less_than_equal' });
  }
  if (issues.length > 0) return invalid(issues);
  return json(200, {
    items: items.slice((pageNumber - 1) * limit, pageNumber * limit),
    pagination: { total_count: items.length, max_page: Math.max(1, Math.ceil(items.length / limit)) },
  });
}

function body(request: SandboxRequest): Record<string, unknown> | null {
  const value = request.json;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function isAuthorized(request: SandboxRequest, state: SandboxState): boolean {
  return request.headers.authorization === `Bearer ${state.credentials.accessToken}`;
}

/** Why a key cannot be used, in Polar's words (answered as 404 by validate and activate); null when it can. */
function refusal(license: SandboxLicense): string | null {
  if (licenseStatus(license) !== 'granted') return 'License key is no longer active.';
  if (isExpired(license)) return 'License key has expired.';
  return null;
}

function licenseKeyRequest(
  request: SandboxRequest,
  required: string[],
  state: SandboxState,
): { license: SandboxLicense; fields: Record<string, unknown> } | SandboxResponse {
  const fields = body(request);
  if (!fields) return invalid([{ loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type' }]);
  const issues = required.filter((name) => typeof fields[name] !== 'string').map((name) => missing('body', name));
  if (issues.length > 0) return invalid(issues);
  const license = state.licenses.get(fields.key as string);
  if (license?.provider !== 'polar' || fields.organization_id !== state.credentials.organizationId) {
    return notFound('License key not found.');
  }
  return { license, fields };
}

function handleLicenseKeys(action: string, request: SandboxRequest, state: SandboxState): SandboxResponse {
  if (request.method !== 'POST') return json(405, { detail: 'Method Not Allowed' });
  if (action === 'validate') {
    const found = licenseKeyRequest(request, ['key', 'organization_id'], state);
    if ('status' in found) return found;
    const { license, fields } = found;
    const why = refusal(license);
    if (why) return notFound(why);
    if (typeof fields.benefit_id === 'string' && fields.benefit_id !== license.productId) return notFound();
    if (typeof fields.customer_id === 'string' && fields.customer_id !== license.customerId) return notFound();
    let activation = null;
    if (typeof fields.activation_id === 'string') {
      const found = license.activations.find((a) => a.id === fields.activation_id);
      if (!found) return notFound('License key activation not found.');
      activation = activationObject(license, found);
    }
    license.validations++;
    license.lastValidatedAt = new Date().toISOString();
    return json(200, { ...licenseKeyObject(license), activation });
  }
  if (action === 'activate') {
    const found = licenseKeyRequest(request, ['key', 'organization_id', 'label'], state);
    if ('status' in found) return found;
    const { license, fields } = found;
    const why = refusal(license);
    if (why) return notFound(why);
    if (license.activations.length >= license.activationLimit) {
      return json(403, { error: 'NotPermitted', detail: 'License key activation limit reached' });
    }
    const meta = (fields.meta && typeof fields.meta === 'object' ? fields.meta : {}) as Record<string, string>;
    const activation = { id: randomUUID(), label: fields.label as string, meta, createdAt: new Date().toISOString() };
    license.activations.push(activation);
    return json(200, { ...activationObject(license, activation), license_key: licenseKeyObject(license) });
  }
  if (action === 'deactivate') {
    const found = licenseKeyRequest(request, ['key', 'organization_id', 'activation_id'], state);
    if ('status' in found) return found;
    const { license, fields } = found;
    const index = license.activations.findIndex((a) => a.id === fields.activation_id);
    if (index < 0) return notFound('License key activation not found.');
    license.activations.splice(index, 1);
    return json(204);
  }
  return notFound();
}

/** GET /v1/license-keys/{id}: the key with its activations (Polar's detail view, access token). */
function handleLicenseKeyDetail(id: string, request: SandboxRequest, state: SandboxState): SandboxResponse {
  if (request.method !== 'GET') return json(405, { detail: 'Method Not Allowed' });
  const license = [...state.licenses.values()].find((l) => l.provider === 'polar' && l.id === id);
  if (!license) return notFound();
  return json(200, {
    ...licenseKeyObject(license),
    activations: license.activations.map((activation) => activationObject(license, activation)),
  });
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

function handleWebhooks(
  request: SandboxRequest,
  state: SandboxState,
  sender: WebhookSender,
): Promise<SandboxResponse> | SandboxResponse {
  const path = request.url.pathname;
  const endpointMatch = /^\/v1\/webhooks\/endpoints\/([^/]+)(\/secret)?\/?$/.exec(path);
  if (/^\/v1\/webhooks\/endpoints\/?$/.test(path)) {
    if (request.method === 'GET') {
      const organization = request.url.searchParams.getAll('organization_id');
      const items = [...state.endpoints.values()]
        .filter((e) => organization.length === 0 || organization.includes(e.organizationId))
        .map(endpointObject);
      return page(items, request.url);
    }
    if (request.method === 'POST') {
      const fields = body(request);
      if (!fields) return invalid([{ loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type' }]);
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
    return json(405, { detail: 'Method Not Allowed' });
  }
  if (endpointMatch) {
    const id = decodeURIComponent(endpointMatch[1] as string);
    const endpoint = state.endpoints.get(id);
    if (!endpoint) return notFound();
    if (endpointMatch[2]) {
      if (request.method !== 'PATCH') return json(405, { detail: 'Method Not Allowed' });
      endpoint.secret = newWebhookSecret();
      endpoint.modifiedAt = new Date().toISOString();
      return json(200, endpointObject(endpoint));
    }
    if (request.method === 'GET') return json(200, endpointObject(endpoint));
    if (request.method === 'DELETE') {
      state.endpoints.delete(id);
      return json(204);
    }
    if (request.method === 'PATCH') {
      const fields = body(request);
      if (!fields) return invalid([{ loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type' }]);
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
    return json(405, { detail: 'Method Not Allowed' });
  }
  if (/^\/v1\/webhooks\/deliveries\/?$/.test(path) && request.method === 'GET') {
    const endpointIds = request.url.searchParams.getAll('endpoint_id');
    const items = state.deliveries
      .filter((d) => endpointIds.length === 0 || endpointIds.includes(d.endpointId))
      .toReversed()
      .map((delivery) => {
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
      });
    return page(items, request.url);
  }
  const redeliver = /^\/v1\/webhooks\/events\/([^/]+)\/redeliver\/?$/.exec(path);
  if (redeliver && request.method === 'POST') {
    const event = state.events.get(decodeURIComponent(redeliver[1] as string));
    if (!event) return notFound();
    return sender.redeliver(event).then(() => json(202, {}));
  }
  return notFound(`No route for ${request.method} ${path}`);
}

function handleCustomerSessions(request: SandboxRequest, state: SandboxState, publicUrl: string): SandboxResponse {
  if (request.method !== 'POST') return json(405, { detail: 'Method Not Allowed' });
  const fields = body(request);
  if (!fields || typeof fields.customer_id !== 'string') return invalid([missing('body', 'customer_id')]);
  const license = state.licenseOfCustomer(fields.customer_id);
  if (license?.provider !== 'polar') {
    return invalid([{ loc: ['body', 'customer_id'], msg: 'Customer does not exist.', type: 'value_error' }]);
  }
  const token = `polar_cst_${randomBytes(18).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
  state.customerSessions.set(token, { customerId: license.customerId, expiresAt });
  return json(201, {
    id: randomUUID(),
    created_at: new Date().toISOString(),
    modified_at: null,
    token,
    expires_at: expiresAt,
    return_url: (fields.return_url as string | undefined) ?? null,
    customer_portal_url: `${publicUrl}/portal/${SANDBOX_ORGANIZATION.slug}?customer_session_token=${token}`,
    customer_id: license.customerId,
    customer: customerObject(license),
  });
}

/** Polar's routes; null when the path is not Polar's. */
export function handlePolar(
  request: SandboxRequest,
  state: SandboxState,
  sender: WebhookSender,
  publicUrl: string,
): Promise<SandboxResponse> | SandboxResponse | null {
  const path = request.url.pathname;
  const licenseAction = /^\/v1\/customer-portal\/license-keys\/(validate|activate|deactivate)\/?$/.exec(path)?.[1];
  if (licenseAction) return handleLicenseKeys(licenseAction, request, state);
  const licenseKeyId = /^\/v1\/license-keys\/([^/]+)\/?$/.exec(path)?.[1];
  const backOffice =
    path.startsWith('/v1/webhooks/') || /^\/v1\/customer-sessions\/?$/.test(path) || licenseKeyId !== undefined;
  if (!backOffice) return null;
  if (!isAuthorized(request, state))
    return json(401, { error: 'Unauthorized', detail: 'Missing or invalid access token.' });
  if (path.startsWith('/v1/customer-sessions')) return handleCustomerSessions(request, state, publicUrl);
  if (licenseKeyId !== undefined) return handleLicenseKeyDetail(decodeURIComponent(licenseKeyId), request, state);
  return handleWebhooks(request, state, sender);
}
