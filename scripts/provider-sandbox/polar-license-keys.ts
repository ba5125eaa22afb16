import { randomUUID } from 'node:crypto';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import { body, invalid, methodNotAllowed, missing, notADictionary, notFound } from './polar-http';
import { licenseKeyObject, licenseStatus } from './polar-objects';
import { isExpired, type SandboxLicense, type SandboxState } from './sandbox-state';

/**
 * Polar's license-key calls: the customer portal's validate, activate and deactivate (no token), and the detail
 * view of a key (access token; polar-api.ts checks it).
 */

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
  if (!fields) return notADictionary();
  const issues = required.filter((name) => typeof fields[name] !== 'string').map((name) => missing('body', name));
  if (issues.length > 0) return invalid(issues);
  const license = state.licenses.get(fields.key as string);
  if (license?.provider !== 'polar' || fields.organization_id !== state.credentials.organizationId) {
    return notFound('License key not found.');
  }
  return { license, fields };
}

function validateLicenseKey(request: SandboxRequest, state: SandboxState): SandboxResponse {
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

function activateLicenseKey(request: SandboxRequest, state: SandboxState): SandboxResponse {
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

function deactivateLicenseKey(request: SandboxRequest, state: SandboxState): SandboxResponse {
  const found = licenseKeyRequest(request, ['key', 'organization_id', 'activation_id'], state);
  if ('status' in found) return found;
  const { license, fields } = found;
  const index = license.activations.findIndex((a) => a.id === fields.activation_id);
  if (index < 0) return notFound('License key activation not found.');
  license.activations.splice(index, 1);
  return json(204);
}

const LICENSE_KEY_ACTIONS = new Map<string, (request: SandboxRequest, state: SandboxState) => SandboxResponse>([
  ['validate', validateLicenseKey],
  ['activate', activateLicenseKey],
  ['deactivate', deactivateLicenseKey],
]);

/** POST /v1/customer-portal/license-keys/{action}. */
export function handleLicenseKeys(action: string, request: SandboxRequest, state: SandboxState): SandboxResponse {
  if (request.method !== 'POST') return methodNotAllowed();
  return LICENSE_KEY_ACTIONS.get(action)?.(request, state) ?? notFound();
}

/** GET /v1/license-keys/{id}: the key with its activations (Polar's detail view, access token). */
export function handleLicenseKeyDetail(id: string, request: SandboxRequest, state: SandboxState): SandboxResponse {
  if (request.method !== 'GET') return methodNotAllowed();
  const license = [...state.licenses.values()].find((l) => l.provider === 'polar' && l.id === id);
  if (!license) return notFound();
  return json(200, {
    ...licenseKeyObject(license),
    activations: license.activations.map((activation) => activationObject(license, activation)),
  });
}
