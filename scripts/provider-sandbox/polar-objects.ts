// Polar's customer and license-key objects as the sandbox answers them (snake_case, as the SDK validates), in a
// module of their own: the license-key routes (polar-license-keys.ts) answer with them and the webhook events
// (webhook-event-objects.ts) carry the same objects.
import { EXPIRED_AT, ISSUED_AT, type SandboxLicense } from './sandbox-state';

/** A license's customer, as Polar describes one. */
export function customerObject(license: SandboxLicense) {
  return {
    id: license.customerId,
    created_at: ISSUED_AT,
    modified_at: null,
    metadata: {},
    external_id: null,
    email: license.email,
    email_verified: true,
    type: 'individual',
    name: license.customerName,
    billing_name: null,
    billing_address: { country: 'US' },
    tax_id: null,
    locale: null,
    organization_id: license.organizationId,
    default_payment_method_id: null,
    deleted_at: null,
    avatar_url: null,
  };
}

/** Polar's status of a license key. */
export function licenseStatus(license: SandboxLicense): 'granted' | 'revoked' | 'disabled' {
  return license.kind === 'revoked' ? 'revoked' : license.kind === 'disabled' ? 'disabled' : 'granted';
}

/** A license key, as Polar describes one. */
export function licenseKeyObject(license: SandboxLicense) {
  return {
    id: license.id,
    created_at: ISSUED_AT,
    modified_at: license.lastValidatedAt,
    organization_id: license.organizationId,
    customer_id: license.customerId,
    customer: customerObject(license),
    benefit_id: license.productId,
    key: license.key,
    display_key: `****-${license.key.slice(-6)}`,
    status: licenseStatus(license),
    limit_activations: license.activationLimit,
    usage: 0,
    limit_usage: null,
    validations: license.validations,
    last_validated_at: license.lastValidatedAt,
    expires_at: license.kind === 'expired' ? EXPIRED_AT : null,
  };
}
