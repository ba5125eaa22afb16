import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { z } from 'zod';
import type { Revocation, WebhookReceipt } from '../store/license-store';

/** A verified delivery: its id, the signature's timestamp (seconds) and the event. */
export interface VerifiedWebhook {
  readonly id: string;
  readonly signedAt: number;
  readonly event: PolarEvent;
}

/** The fields of Polar's event payload (`{ type, timestamp, data }`) the site acts on; the rest passes through. */
const polarEventSchema = z.object({
  type: z.string().min(1).max(100),
  data: z.looseObject({
    customer_id: z.string().max(200).nullish(),
    status: z.string().max(100).nullish(),
    properties: z.looseObject({ license_key_id: z.string().max(200).nullish() }).nullish(),
  }),
});
export type PolarEvent = z.infer<typeof polarEventSchema>;

/**
 * Verifies a delivery's Standard Webhooks signature the way Polar signs it (HMAC-SHA256 keyed with the secret's
 * UTF-8 bytes, over `id.timestamp.body`; at most 5 minutes of clock skew) and reads the event. Returns the
 * reason when it is forged, stale or malformed.
 */
export function verifyPolarWebhook(
  secret: string,
  raw: string,
  headers: Headers,
): { ok: true; webhook: VerifiedWebhook } | { ok: false; status: number; reason: string } {
  const id = headers.get('webhook-id') ?? '';
  const timestamp = headers.get('webhook-timestamp') ?? '';
  const signature = headers.get('webhook-signature') ?? '';
  if (!id || !timestamp || !signature) {
    return { ok: false, status: 401, reason: 'Missing webhook-id, webhook-timestamp or webhook-signature header.' };
  }
  if (id.length > 200 || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, status: 401, reason: 'Malformed webhook-id or webhook-timestamp header.' };
  }
  let payload: unknown;
  try {
    const webhook = new Webhook(Buffer.from(secret, 'utf8').toString('base64'));
    payload = webhook.verify(raw, {
      'webhook-id': id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    });
  } catch (error) {
    const reason = error instanceof WebhookVerificationError ? error.message : 'Signature check failed';
    return { ok: false, status: 401, reason: `Webhook rejected: ${reason}.` };
  }
  const event = polarEventSchema.safeParse(payload);
  if (!event.success) return { ok: false, status: 400, reason: 'Webhook payload is not a Polar event.' };
  return { ok: true, webhook: { id, signedAt: Number(timestamp), event: event.data } };
}

/**
 * What an event does to licenses: a full refund or a revoked subscription takes back the customer's keys
 * (issued before now), a revoked license-key benefit grant takes back that key. Anything else: nothing.
 */
export function revocationFor(webhook: VerifiedWebhook): Revocation | null {
  const { type, data } = webhook.event;
  const base = { provider: 'polar', reason: type, webhookId: webhook.id };
  if (type === 'order.refunded' && data.status === 'refunded' && data.customer_id) {
    return { ...base, licenseId: null, customerId: data.customer_id };
  }
  if (type === 'subscription.revoked' && data.customer_id) {
    return { ...base, licenseId: null, customerId: data.customer_id };
  }
  if (type === 'benefit_grant.revoked' && data.properties?.license_key_id) {
    return { ...base, licenseId: data.properties.license_key_id, customerId: null };
  }
  return null;
}

/** The HTTP answer for a receipt: a replay of the very same delivery is refused, a redelivery acknowledged. */
export function receiptAnswer(receipt: WebhookReceipt): { status: number; body: Record<string, unknown> } {
  if (receipt === 'replay') {
    return {
      status: 409,
      body: { status: 'INVALID', message: 'Webhook rejected: this delivery was already received.' },
    };
  }
  return { status: 200, body: { received: true, duplicate: receipt === 'repeat' } };
}
