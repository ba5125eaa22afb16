import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { customerObject, licenseKeyObject } from './polar-objects';
import { ISSUED_AT, type SandboxLicense, type SandboxState, type WebhookEventRecord } from './sandbox-state';

/** Events the sandbox can fire about a license, the ones that take pro away. */
export const ALL_SANDBOX_WEBHOOK_EVENTS = ['order.refunded', 'subscription.revoked', 'benefit_grant.revoked'] as const;
export type SandboxWebhookEvent = (typeof ALL_SANDBOX_WEBHOOK_EVENTS)[number];

/** One delivery attempt, with the exact request sent (tests replay it). */
export interface DeliveryReport {
  readonly endpointId: string;
  readonly url: string;
  readonly httpCode: number | null;
  readonly succeeded: boolean;
  readonly request: { readonly headers: Record<string, string>; readonly body: string };
}

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

/** Polar's payload (`{ type, timestamp, data }`) for an event about a license. */
export function webhookPayload(type: SandboxWebhookEvent, license: SandboxLicense, now = new Date()): string {
  const timestamp = now.toISOString();
  const customer = customerObject(license);
  let data: Record<string, unknown>;
  if (type === 'order.refunded') {
    data = {
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
  } else if (type === 'subscription.revoked') {
    data = {
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
  } else {
    data = {
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
  return JSON.stringify({ type, timestamp, data });
}

/** Signs a payload the way Polar does: Standard Webhooks, keyed with the secret's UTF-8 bytes. */
export function signWebhook(secret: string, id: string, payload: string, at = new Date()): Record<string, string> {
  const webhook = new Webhook(Buffer.from(secret, 'utf8').toString('base64'));
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': webhook.sign(id, at, payload),
  };
}

/** Delivers events to the registered endpoints and records every attempt. */
export class WebhookSender {
  constructor(private readonly state: SandboxState) {}

  /** Creates an event about a key and delivers it to every enabled endpoint subscribed to its type. */
  async send(
    type: SandboxWebhookEvent,
    license: SandboxLicense,
  ): Promise<{ event: WebhookEventRecord; deliveries: DeliveryReport[] }> {
    const event: WebhookEventRecord = {
      id: randomUUID(),
      type,
      payload: webhookPayload(type, license),
      createdAt: new Date().toISOString(),
      lastHttpCode: null,
      succeeded: null,
    };
    this.state.events.set(event.id, event);
    return { event, deliveries: await this.deliver(event) };
  }

  /** Sends an event again (same webhook-id, fresh timestamp and signature), as Polar's redeliver does. */
  async redeliver(event: WebhookEventRecord): Promise<DeliveryReport[]> {
    return this.deliver(event);
  }

  private async deliver(event: WebhookEventRecord): Promise<DeliveryReport[]> {
    const endpoints = [...this.state.endpoints.values()].filter((e) => e.enabled && e.events.includes(event.type));
    const reports: DeliveryReport[] = [];
    for (const endpoint of endpoints) {
      const headers = signWebhook(endpoint.secret, event.id, event.payload);
      let httpCode: number | null = null;
      let response: string | null = null;
      try {
        const answer = await fetch(endpoint.url, {
          method: 'POST',
          headers,
          body: event.payload,
          signal: AbortSignal.timeout(10_000),
        });
        httpCode = answer.status;
        response = (await answer.text()).slice(0, 2000);
      } catch (error) {
        response = String(error);
      }
      const succeeded = httpCode !== null && httpCode >= 200 && httpCode < 300;
      event.lastHttpCode = httpCode;
      event.succeeded = succeeded;
      this.state.deliveries.push({
        id: randomUUID(),
        endpointId: endpoint.id,
        eventId: event.id,
        createdAt: new Date().toISOString(),
        httpCode,
        succeeded,
        response,
      });
      reports.push({
        endpointId: endpoint.id,
        url: endpoint.url,
        httpCode,
        succeeded,
        request: { headers, body: event.payload },
      });
    }
    return reports;
  }
}
