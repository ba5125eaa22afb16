import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SandboxLicense, SandboxState, WebhookEventRecord } from './sandbox-state';
import { refundedOrderObject, revokedBenefitGrantObject, revokedSubscriptionObject } from './webhook-event-objects';

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

/** What each event is about: the object Polar sends as its `data`. */
const EVENT_OBJECTS: Record<SandboxWebhookEvent, (license: SandboxLicense, timestamp: string) => object> = {
  'order.refunded': refundedOrderObject,
  'subscription.revoked': revokedSubscriptionObject,
  'benefit_grant.revoked': revokedBenefitGrantObject,
};

/** Polar's payload (`{ type, timestamp, data }`) for an event about a license. */
export function webhookPayload(type: SandboxWebhookEvent, license: SandboxLicense, now = new Date()): string {
  const timestamp = now.toISOString();
  return JSON.stringify({ type, timestamp, data: EVENT_OBJECTS[type](license, timestamp) });
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
