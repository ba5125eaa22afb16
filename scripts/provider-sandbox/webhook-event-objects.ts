import { customerObject, licenseKeyObject } from './polar-objects';
import { ISSUED_AT, type SandboxLicense } from './sandbox-state';

// The objects the sandbox's webhook events are about, as Polar puts them in a payload's `data` (snake_case, which the
// SDK's validateEvent accepts): a refunded order, a revoked subscription, a revoked benefit grant. `timestamp` is
// the event's time, which is also when the object changed.

/** The product the demo subscriptions are for. */
const PRODUCT_ID = '9b0d0c1e-0000-4000-8000-000000000001';

function productObject(license: SandboxLicense) {
  return {
    id: PRODUCT_ID,
    created_at: ISSUED_AT,
    modified_at: null,
    trial_interval: null,
    trial_interval_count: null,
    name: 'Clickreel Pro',
    description: null,
    recurring_interval: 'month',
    recurring_interval_count: 1,
    is_recurring: true,
    is_archived: false,
    visibility: 'public',
    meter_interval: null,
    meter_interval_count: null,
    organization_id: license.organizationId,
    metadata: {},
    prices: [],
    benefits: [],
    medias: [],
    attached_custom_fields: [],
  };
}

/** The license's order, refunded in full. */
export function refundedOrderObject(license: SandboxLicense, timestamp: string) {
  const customer = customerObject(license);
  return {
    id: license.orderId,
    created_at: ISSUED_AT,
    modified_at: timestamp,
    status: 'refunded',
    paid: true,
    subtotal_amount: 2900,
    discount_amount: 0,
    net_amount: 2900,
    tax_amount: 0,
    total_amount: 2900,
    refunded_amount: 2900,
    refunded_tax_amount: 0,
    currency: 'usd',
    applied_balance_amount: 0,
    due_amount: 0,
    billing_reason: 'purchase',
    billing_name: null,
    billing_address: null,
    invoice_number: null,
    is_invoice_generated: false,
    receipt_number: null,
    customer_id: license.customerId,
    product_id: null,
    discount_id: null,
    subscription_id: null,
    checkout_id: null,
    metadata: {},
    platform_fee_amount: 0,
    platform_fee_currency: null,
    customer,
    product: null,
    discount: null,
    subscription: null,
    items: [],
    description: 'Clickreel Pro',
    refundable_amount: 0,
    refundable_tax_amount: 0,
  };
}

/** The license's monthly subscription, revoked (canceled and ended) now. */
export function revokedSubscriptionObject(license: SandboxLicense, timestamp: string) {
  const customer = customerObject(license);
  return {
    id: `5ab5c41b-0000-4000-8000-${license.id.slice(-12)}`,
    created_at: ISSUED_AT,
    modified_at: timestamp,
    amount: 900,
    currency: 'usd',
    recurring_interval: 'month',
    recurring_interval_count: 1,
    status: 'canceled',
    current_period_start: ISSUED_AT,
    current_period_end: timestamp,
    current_meter_period_start: null,
    current_meter_period_end: null,
    trial_start: null,
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: timestamp,
    started_at: ISSUED_AT,
    ends_at: timestamp,
    ended_at: timestamp,
    pause_at_period_end: false,
    paused_at: null,
    resumes_at: null,
    customer_id: license.customerId,
    product_id: PRODUCT_ID,
    discount_id: null,
    checkout_id: null,
    customer_cancellation_reason: null,
    customer_cancellation_comment: null,
    metadata: {},
    customer,
    product: productObject(license),
    discount: null,
    prices: [],
    meters: [],
    pending_update: null,
  };
}

/** The license-key benefit granted with the order, revoked now. */
export function revokedBenefitGrantObject(license: SandboxLicense, timestamp: string) {
  const customer = customerObject(license);
  return {
    id: `9a47c0de-0000-4000-8000-${license.id.slice(-12)}`,
    created_at: ISSUED_AT,
    modified_at: timestamp,
    granted_at: ISSUED_AT,
    is_granted: false,
    revoked_at: timestamp,
    is_revoked: true,
    subscription_id: null,
    order_id: license.orderId,
    customer_id: license.customerId,
    benefit_id: license.productId,
    customer,
    benefit: {
      id: license.productId,
      created_at: ISSUED_AT,
      modified_at: null,
      type: 'license_keys',
      description: 'Clickreel Pro license key',
      selectable: true,
      deletable: true,
      is_deleted: false,
      organization_id: license.organizationId,
      metadata: {},
      visibility: 'public',
      visibility_configurable: true,
      properties: {
        prefix: 'CRSRFL_PLR',
        expires: null,
        activations: { limit: license.activationLimit, enable_customer_admin: false },
        limit_usage: null,
      },
    },
    properties: { license_key_id: license.id, display_key: licenseKeyObject(license).display_key },
  };
}
