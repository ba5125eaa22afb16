import { randomBytes, randomUUID } from 'node:crypto';
import type { LicenseProduct } from '../../shared/licenses/license-tiers';
import { DEFAULT_LICENSE_PRODUCTS } from '../../site/src/server/license-config';
import { type DemoKey, demoKeys, SANDBOX_ACCESS_TOKEN, SANDBOX_ORGANIZATION, SANDBOX_WEBHOOK_SECRET } from './seed';

/** When the demo keys were issued, and when the expired ones ran out. */
export const ISSUED_AT = '2026-01-15T10:00:00.000Z';
export const EXPIRED_AT = '2026-02-15T10:00:00.000Z';

/** A Polar license-key activation, or a Lemon Squeezy instance. */
export interface Activation {
  readonly id: string;
  readonly label: string;
  readonly meta: Record<string, string | number | boolean>;
  readonly createdAt: string;
}

/**
 * What the sandbox accepts as the site's account: by default its demo ones (scripts/provider-sandbox/seed.ts), or
 * credentials of its own, as a production-like site is configured with.
 */
export interface SandboxCredentials {
  /** Bearer token of Polar's back-office calls. */
  readonly accessToken: string;
  /** The Polar organization the keys belong to. */
  readonly organizationId: string;
  /** The catalogue the demo keys are of. */
  readonly products: readonly LicenseProduct[];
}

/** The sandbox's demo account. */
export const DEFAULT_SANDBOX_CREDENTIALS: SandboxCredentials = {
  accessToken: SANDBOX_ACCESS_TOKEN,
  organizationId: SANDBOX_ORGANIZATION.id,
  products: DEFAULT_LICENSE_PRODUCTS,
};

/** A seeded key with its provider-side state. */
export interface SandboxLicense extends DemoKey {
  readonly id: string;
  readonly organizationId: string;
  readonly customerId: string;
  readonly orderId: string;
  readonly activationLimit: number;
  readonly activations: Activation[];
  validations: number;
  lastValidatedAt: string | null;
}

/** A webhook endpoint registered with the sandbox's Polar. */
export interface WebhookEndpointRecord {
  id: string;
  url: string;
  name: string | null;
  format: string;
  secret: string;
  organizationId: string;
  events: string[];
  enabled: boolean;
  createdAt: string;
  modifiedAt: string | null;
}

/** An event the sandbox sent (or tried to send). */
export interface WebhookEventRecord {
  readonly id: string;
  readonly type: string;
  readonly payload: string;
  readonly createdAt: string;
  lastHttpCode: number | null;
  succeeded: boolean | null;
}

/** One attempt to deliver an event to an endpoint. */
export interface WebhookDeliveryRecord {
  readonly id: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly createdAt: string;
  readonly httpCode: number | null;
  readonly succeeded: boolean;
  readonly response: string | null;
}

/** A failure the sandbox was told to inject into provider calls. */
export interface Fault {
  readonly target: 'lemonsqueezy' | 'polar' | 'all';
  /** Answer with this status instead (500, 503, 429…); absent: answer normally, only later. */
  readonly status: number | null;
  readonly delayMs: number;
  /** How many calls it still affects; null: until cleared. */
  remaining: number | null;
}

/** One provider call, for counting what the site asked. */
export interface ProviderCall {
  readonly at: number;
  readonly provider: 'lemonsqueezy' | 'polar';
  readonly path: string;
  readonly key: string | null;
}

const pad = (n: number) => String(n).padStart(12, '0');
const MAX_CALL_LOG = 100_000;

/** Everything the sandbox remembers; in memory, fresh on every start. */
export class SandboxState {
  readonly licenses = new Map<string, SandboxLicense>();
  readonly endpoints = new Map<string, WebhookEndpointRecord>();
  readonly events = new Map<string, WebhookEventRecord>();
  readonly deliveries: WebhookDeliveryRecord[] = [];
  readonly customerSessions = new Map<string, { customerId: string; expiresAt: string }>();
  faults: Fault[] = [];
  calls: ProviderCall[] = [];

  readonly credentials: SandboxCredentials;

  constructor(options: { webhookUrl?: string; webhookSecret?: string; credentials?: SandboxCredentials } = {}) {
    this.credentials = options.credentials ?? DEFAULT_SANDBOX_CREDENTIALS;
    for (const demo of demoKeys(this.credentials.products)) {
      const polar = demo.provider === 'polar';
      const limit = demo.kind === 'limit-reached' ? 1 : demo.tier ? demo.tier / 3 : 1;
      const license: SandboxLicense = {
        ...demo,
        organizationId: this.credentials.organizationId,
        id: polar ? `d1a7c0de-0000-4000-8000-${pad(demo.serial)}` : String(70000 + demo.serial),
        customerId: polar ? `c0570e00-0000-4000-8000-${pad(demo.serial)}` : String(50000 + demo.serial),
        orderId: polar ? `0dde7000-0000-4000-8000-${pad(demo.serial)}` : String(90000 + demo.serial),
        activationLimit: limit,
        activations: [],
        validations: 0,
        lastValidatedAt: null,
      };
      // Every key but a first-time one has been activated once already (Lemon Squeezy "active").
      if (demo.kind !== 'first-time' && (!polar || demo.kind === 'limit-reached')) {
        license.activations.push({ id: randomUUID(), label: demo.email, meta: {}, createdAt: ISSUED_AT });
      }
      this.licenses.set(demo.key, license);
    }
    if (options.webhookUrl) {
      this.addEndpoint({
        url: options.webhookUrl,
        name: 'Clickreel site',
        format: 'raw',
        secret: options.webhookSecret ?? SANDBOX_WEBHOOK_SECRET,
        events: ['order.refunded', 'subscription.revoked', 'benefit_grant.revoked'],
      });
    }
  }

  /** Registers a webhook endpoint; a secret is generated when none is given. */
  addEndpoint(input: {
    url: string;
    name?: string | null;
    format: string;
    events: string[];
    secret?: string;
  }): WebhookEndpointRecord {
    const endpoint: WebhookEndpointRecord = {
      id: randomUUID(),
      url: input.url,
      name: input.name ?? null,
      format: input.format,
      secret: input.secret ?? newWebhookSecret(),
      organizationId: this.credentials.organizationId,
      events: input.events,
      enabled: true,
      createdAt: new Date().toISOString(),
      modifiedAt: null,
    };
    this.endpoints.set(endpoint.id, endpoint);
    return endpoint;
  }

  licenseById(id: string): SandboxLicense | undefined {
    for (const license of this.licenses.values()) if (license.id === id) return license;
    return undefined;
  }

  licenseOfCustomer(customerId: string): SandboxLicense | undefined {
    for (const license of this.licenses.values()) if (license.customerId === customerId) return license;
    return undefined;
  }

  /** Records a provider call (the log is capped; counts stay exact up to the cap). */
  recordCall(call: ProviderCall): void {
    if (this.calls.length >= MAX_CALL_LOG) this.calls.shift();
    this.calls.push(call);
  }

  /** The fault that applies to the next call to `provider`, used up by one. */
  takeFault(provider: 'lemonsqueezy' | 'polar'): Fault | null {
    const fault = this.faults.find((f) => f.target === 'all' || f.target === provider);
    if (!fault) return null;
    if (fault.remaining !== null) {
      fault.remaining--;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return fault;
  }
}

/** A new webhook secret in Polar's format. */
export function newWebhookSecret(): string {
  return `polar_whs_${randomBytes(24).toString('base64url')}`;
}

/** Whether an expiring key has run out. */
export function isExpired(license: SandboxLicense, now = Date.now()): boolean {
  return license.kind === 'expired' && Date.parse(EXPIRED_AT) <= now;
}
