import { randomUUID } from 'node:crypto';
import { json, type SandboxRequest, type SandboxResponse } from './http';
import { EXPIRED_AT, ISSUED_AT, isExpired, type SandboxLicense, type SandboxState } from './sandbox-state';
import { SANDBOX_STORE_ID } from './seed';

/**
 * Lemon Squeezy's License API (public, form bodies, no token): POST /v1/licenses/validate, /activate and
 * /deactivate, with its answer shapes and errors (an `error` string, 400/404/422).
 */

function licenseKeyObject(license: SandboxLicense) {
  const expired = isExpired(license);
  const status =
    license.kind === 'disabled'
      ? 'disabled'
      : expired
        ? 'expired'
        : license.activations.length > 0
          ? 'active'
          : 'inactive';
  return {
    id: Number(license.id),
    status,
    key: license.key,
    activation_limit: license.activationLimit,
    activation_usage: license.activations.length,
    created_at: ISSUED_AT,
    expires_at: license.kind === 'expired' ? EXPIRED_AT : null,
    test_mode: true,
  };
}

function meta(license: SandboxLicense) {
  return {
    store_id: SANDBOX_STORE_ID,
    order_id: Number(license.orderId),
    order_item_id: Number(license.orderId) + 1,
    product_id: Number(license.productId),
    product_name: license.tier ? `Clickreel Pro (${license.tier / 3} browser profiles)` : 'Another product',
    variant_id: Number(license.productId) + 100000,
    variant_name: 'Default',
    customer_id: Number(license.customerId),
    customer_name: license.customerName,
    customer_email: license.email,
  };
}

/** Why a key cannot be used right now, as Lemon Squeezy words it; null when it can. */
function refusal(license: SandboxLicense): string | null {
  if (license.kind === 'disabled') return 'This license key is disabled.';
  if (isExpired(license)) return 'This license key has expired.';
  return null;
}

function field(request: SandboxRequest, name: string): string | null {
  const value = request.form?.get(name);
  return value ? value : null;
}

export function handleLemonSqueezy(request: SandboxRequest, state: SandboxState): SandboxResponse | null {
  const action = /^\/v1\/licenses\/(validate|activate|deactivate)$/.exec(request.url.pathname)?.[1];
  if (!action) return null;
  if (request.method !== 'POST') return json(405, { error: 'Method not allowed.' });
  const key = field(request, 'license_key');
  if (!key) return json(422, { error: 'The license key field is required.' });
  const license = state.licenses.get(key);
  if (!license) {
    const empty = { error: 'license_key not found.', license_key: null, meta: null };
    if (action === 'validate') return json(404, { valid: false, ...empty, instance: null });
    if (action === 'activate') return json(404, { activated: false, ...empty, instance: null });
    return json(404, { deactivated: false, ...empty });
  }

  if (action === 'validate') {
    license.validations++;
    const instanceId = field(request, 'instance_id');
    const instance = instanceId ? license.activations.find((a) => a.id === instanceId) : undefined;
    if (instanceId && !instance) {
      return json(404, {
        valid: false,
        error: 'license_key instance not found.',
        license_key: null,
        instance: null,
        meta: null,
      });
    }
    const why = refusal(license);
    return json(why ? 400 : 200, {
      valid: why === null,
      error: why,
      license_key: licenseKeyObject(license),
      instance: instance ? { id: instance.id, name: instance.label, created_at: instance.createdAt } : null,
      meta: meta(license),
    });
  }

  if (action === 'activate') {
    const name = field(request, 'instance_name');
    if (!name) return json(422, { error: 'The instance name field is required.' });
    const why =
      refusal(license) ??
      (license.activations.length >= license.activationLimit
        ? 'This license key has reached the activation limit.'
        : null);
    if (why) {
      return json(400, {
        activated: false,
        error: why,
        license_key: licenseKeyObject(license),
        instance: null,
        meta: meta(license),
      });
    }
    const activation = { id: randomUUID(), label: name, meta: {}, createdAt: new Date().toISOString() };
    license.activations.push(activation);
    return json(200, {
      activated: true,
      error: null,
      license_key: licenseKeyObject(license),
      instance: { id: activation.id, name: activation.label, created_at: activation.createdAt },
      meta: meta(license),
    });
  }

  const instanceId = field(request, 'instance_id');
  if (!instanceId) return json(422, { error: 'The instance id field is required.' });
  const index = license.activations.findIndex((a) => a.id === instanceId);
  if (index < 0) {
    return json(404, {
      deactivated: false,
      error: 'license_key instance not found.',
      license_key: licenseKeyObject(license),
      meta: meta(license),
    });
  }
  license.activations.splice(index, 1);
  return json(200, { deactivated: true, error: null, license_key: licenseKeyObject(license), meta: meta(license) });
}
