import { randomBytes, randomUUID } from 'node:crypto';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import { body, invalid, methodNotAllowed, missing } from './polar-http';
import { handleLicenseKeyDetail, handleLicenseKeys } from './polar-license-keys';
import { customerObject } from './polar-objects';
import { handleWebhooks } from './polar-webhook-management';
import type { SandboxState } from './sandbox-state';
import { SANDBOX_ORGANIZATION } from './seed';
import type { WebhookSender } from './webhook-sender';

/**
 * The Polar calls the product makes, with Polar's paths, status codes and error shapes: customer-portal license
 * keys (validate, activate, deactivate; no token), customer sessions and the eight webhook-management calls
 * (bearer token). Answers are snake_case JSON that the official SDK's response validation accepts. This module
 * routes them and checks the token; the license-key calls are in polar-license-keys.ts, the webhook-management
 * calls in polar-webhook-management.ts.
 */

function isAuthorized(request: SandboxRequest, state: SandboxState): boolean {
  return request.headers.authorization === `Bearer ${state.credentials.accessToken}`;
}

function handleCustomerSessions(request: SandboxRequest, state: SandboxState, publicUrl: string): SandboxResponse {
  if (request.method !== 'POST') return methodNotAllowed();
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
