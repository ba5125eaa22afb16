import { Polar } from '@polar-sh/sdk';
import { NotPermitted } from '@polar-sh/sdk/models/errors/notpermitted.js';
import { ResourceNotFound } from '@polar-sh/sdk/models/errors/resourcenotfound.js';
import { validateEvent } from '@polar-sh/sdk/webhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { demoKeyName, SANDBOX_ACCESS_TOKEN, SANDBOX_ORGANIZATION } from './seed';
import { type ProviderSandbox, startProviderSandbox } from './server';
import { ALL_SANDBOX_WEBHOOK_EVENTS, signWebhook, webhookPayload } from './webhook-sender';

let sandbox: ProviderSandbox;
let polar: Polar;
beforeAll(async () => {
  sandbox = await startProviderSandbox({ port: 0 });
  polar = new Polar({ serverURL: sandbox.url, accessToken: SANDBOX_ACCESS_TOKEN });
});
afterAll(async () => {
  await sandbox?.close();
});

const organizationId = SANDBOX_ORGANIZATION.id;

async function lemonSqueezy(action: string, form: Record<string, string>) {
  const response = await fetch(`${sandbox.url}/v1/licenses/${action}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever the API answered.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('Polar customer-portal license keys, through the official SDK', () => {
  test('a valid key validates with its customer, benefit and status (the SDK’s response validation passes)', async () => {
    const key = await polar.customerPortal.licenseKeys.validate({
      key: demoKeyName('polar', 9, 'valid'),
      organizationId,
    });
    expect(key.status).toBe('granted');
    expect(key.customer.email).toMatch(/@example\.com$/);
    expect(key.benefitId).toBe('7c1e9a52-3d4b-4f6a-8e21-000000000009');
    expect(key.limitActivations).toBe(3);
    expect(key.expiresAt).toBeNull();
  });

  test('unknown, expired, revoked and disabled keys are 404 ResourceNotFound with Polar’s words', async () => {
    const detail = async (key: string) => {
      const error = await polar.customerPortal.licenseKeys.validate({ key, organizationId }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResourceNotFound);
      return (error as ResourceNotFound).detail;
    };
    expect(await detail('CRSRFL_PLR-NO-SUCH-KEY')).toBe('License key not found.');
    expect(await detail(demoKeyName('polar', 3, 'expired'))).toBe('License key has expired.');
    expect(await detail(demoKeyName('polar', 3, 'revoked'))).toBe('License key is no longer active.');
    expect(await detail(demoKeyName('polar', 3, 'disabled'))).toBe('License key is no longer active.');
  });

  test('the key’s detail view (access token) lists its activations with their meta', async () => {
    const key = demoKeyName('polar', 9, 'valid', 6);
    const { id } = await polar.customerPortal.licenseKeys.validate({ key, organizationId });
    const activation = await polar.customerPortal.licenseKeys.activate({
      key,
      organizationId,
      label: 'Home',
      meta: { browser_profile_id: 'profile-home' },
    });
    const detail = await polar.licenseKeys.get({ id });
    expect(detail.activations.map((a) => [a.id, a.label, a.meta])).toEqual([
      [activation.id, 'Home', { browser_profile_id: 'profile-home' }],
    ]);
    const anonymous = new Polar({ serverURL: sandbox.url });
    await expect(anonymous.licenseKeys.get({ id })).rejects.toMatchObject({ statusCode: 401 });
    await expect(polar.licenseKeys.get({ id: 'no-such-key' })).rejects.toBeInstanceOf(ResourceNotFound);
    await polar.customerPortal.licenseKeys.deactivate({ key, organizationId, activationId: activation.id });
  });

  test('activate up to the limit (then 403 NotPermitted), validate with the activation, deactivate (204)', async () => {
    const key = demoKeyName('polar', 3, 'valid', 6);
    const activation = await polar.customerPortal.licenseKeys.activate({ key, organizationId, label: 'Work laptop' });
    expect(activation.licenseKey.key).toBe(key);
    await expect(
      polar.customerPortal.licenseKeys.activate({ key, organizationId, label: 'Second' }),
    ).rejects.toBeInstanceOf(NotPermitted);
    const validated = await polar.customerPortal.licenseKeys.validate({
      key,
      organizationId,
      activationId: activation.id,
    });
    expect(validated.activation?.label).toBe('Work laptop');
    await polar.customerPortal.licenseKeys.deactivate({ key, organizationId, activationId: activation.id });
    await expect(
      polar.customerPortal.licenseKeys.deactivate({ key, organizationId, activationId: activation.id }),
    ).rejects.toBeInstanceOf(ResourceNotFound);
    await expect(
      polar.customerPortal.licenseKeys.activate({
        key: demoKeyName('polar', 9, 'limit-reached'),
        organizationId,
        label: 'x',
      }),
    ).rejects.toBeInstanceOf(NotPermitted);
  });

  test('a customer session links to a working portal page', async () => {
    const key = await polar.customerPortal.licenseKeys.validate({
      key: demoKeyName('polar', 15, 'valid'),
      organizationId,
    });
    const session = await polar.customerSessions.create({ customerId: key.customerId });
    const page = await fetch(session.customerPortalUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(key.customer.email as string);
    const anonymous = new Polar({ serverURL: sandbox.url });
    await expect(anonymous.customerSessions.create({ customerId: key.customerId })).rejects.toMatchObject({
      statusCode: 401,
    });
  });
});

describe('Polar webhook management, through the official SDK', () => {
  test('create, get, update, rotate the secret, list with paging, delete', async () => {
    const created = await polar.webhooks.createWebhookEndpoint({
      url: 'https://example.com/hook',
      format: 'raw',
      events: ['order.refunded'],
    });
    expect(created.secret).toMatch(/^polar_whs_/);
    expect(await polar.webhooks.getWebhookEndpoint({ id: created.id })).toMatchObject({
      url: 'https://example.com/hook',
    });
    const updated = await polar.webhooks.updateWebhookEndpoint({
      id: created.id,
      webhookEndpointUpdate: { events: ['order.refunded', 'subscription.revoked'] },
    });
    expect(updated.events).toEqual(['order.refunded', 'subscription.revoked']);
    const rotated = await polar.webhooks.resetWebhookEndpointSecret({ id: created.id });
    expect(rotated.secret).not.toBe(created.secret);
    for (let i = 0; i < 11; i++) {
      await polar.webhooks.createWebhookEndpoint({
        url: `https://example.com/h${i}`,
        format: 'raw',
        events: ['order.paid'],
      });
    }
    const pages: number[] = [];
    for await (const page of await polar.webhooks.listWebhookEndpoints({ organizationId, limit: 5 })) {
      pages.push(page.result.items.length);
    }
    expect(pages).toEqual([5, 5, 2]);
    await polar.webhooks.deleteWebhookEndpoint({ id: created.id });
    await expect(polar.webhooks.getWebhookEndpoint({ id: created.id })).rejects.toBeInstanceOf(ResourceNotFound);
  });

  test.each(ALL_SANDBOX_WEBHOOK_EVENTS)('a %s payload passes the SDK’s webhook validation', (type) => {
    const license = sandbox.state.licenses.get(demoKeyName('polar', 3, 'valid'));
    if (!license) throw new Error('no demo key');
    const body = webhookPayload(type, license);
    expect(validateEvent(body, signWebhook('polar_whs_test', 'evt_1', body), 'polar_whs_test').type).toBe(type);
  });

  test('a bad body is 422 with the field; an unknown id 404; no token 401', async () => {
    await expect(
      polar.webhooks.createWebhookEndpoint({ url: 'not a url', format: 'raw', events: ['order.paid'] }),
    ).rejects.toMatchObject({ statusCode: 422 });
    await expect(polar.webhooks.redeliverWebhookEvent({ id: 'nope' })).rejects.toBeInstanceOf(ResourceNotFound);
    await expect(new Polar({ serverURL: sandbox.url }).webhooks.listWebhookEndpoints({})).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  test('a fired event is signed the way the SDK verifies, recorded as a delivery, and can be redelivered', async () => {
    const received: { headers: Record<string, string>; body: string }[] = [];
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(received.length === 1 ? 500 : 200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const endpoint = await polar.webhooks.createWebhookEndpoint({
      url: `http://127.0.0.1:${port}/hook`,
      format: 'raw',
      events: ['benefit_grant.revoked'],
    });
    const fired = await fetch(`${sandbox.url}/sandbox/webhooks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'benefit_grant.revoked', key: demoKeyName('polar', 30, 'valid') }),
    }).then((r) => r.json() as Promise<{ event: { id: string } }>);
    const event = validateEvent(
      received[0]?.body as string,
      received[0]?.headers as Record<string, string>,
      endpoint.secret,
    );
    expect(event.type).toBe('benefit_grant.revoked');

    await polar.webhooks.redeliverWebhookEvent({ id: fired.event.id });
    expect(received).toHaveLength(2);
    expect(received[1]?.headers['webhook-id']).toBe(fired.event.id);
    const deliveries: boolean[] = [];
    for await (const page of await polar.webhooks.listWebhookDeliveries({ endpointId: endpoint.id })) {
      deliveries.push(...page.result.items.map((d) => d.succeeded));
    }
    expect(deliveries).toEqual([true, false]);
    server.close();
  });
});

describe('Lemon Squeezy License API', () => {
  test('validate answers the key, its meta and no instance; an unknown key is 404 with an error', async () => {
    const valid = await lemonSqueezy('validate', { license_key: demoKeyName('lemonsqueezy', 3, 'valid') });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ valid: true, error: null, instance: null, license_key: { status: 'active' } });
    expect(valid.body.meta.product_id).toBe(310003);
    const unknown = await lemonSqueezy('validate', { license_key: 'nope' });
    expect(unknown).toMatchObject({ status: 404, body: { valid: false, error: 'license_key not found.' } });
    expect((await lemonSqueezy('validate', {})).status).toBe(422);
  });

  test('expired and disabled keys are refused with their status; a first-time key is inactive until activated', async () => {
    const expired = await lemonSqueezy('validate', { license_key: demoKeyName('lemonsqueezy', 9, 'expired') });
    expect(expired).toMatchObject({ status: 400, body: { valid: false, license_key: { status: 'expired' } } });
    const disabled = await lemonSqueezy('validate', { license_key: demoKeyName('lemonsqueezy', 9, 'disabled') });
    expect(disabled).toMatchObject({ status: 400, body: { license_key: { status: 'disabled' } } });
    const key = demoKeyName('lemonsqueezy', 30, 'first-time');
    expect((await lemonSqueezy('validate', { license_key: key })).body.license_key).toMatchObject({
      status: 'inactive',
      activation_usage: 0,
    });
    const activated = await lemonSqueezy('activate', { license_key: key, instance_name: 'buyer@example.com' });
    expect(activated.body).toMatchObject({ activated: true, instance: { name: 'buyer@example.com' } });
    const deactivated = await lemonSqueezy('deactivate', { license_key: key, instance_id: activated.body.instance.id });
    expect(deactivated.body.deactivated).toBe(true);
  });

  test('failures can be injected: a status, a delay, for a number of calls', async () => {
    const inject = (fault: object) =>
      fetch(`${sandbox.url}/sandbox/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
    await inject({ target: 'lemonsqueezy', status: 503, times: 1 });
    const key = demoKeyName('lemonsqueezy', 3, 'valid', 2);
    expect((await lemonSqueezy('validate', { license_key: key })).status).toBe(503);
    expect((await lemonSqueezy('validate', { license_key: key })).status).toBe(200);
    await inject({ target: 'lemonsqueezy', status: 429, times: 1 });
    const limited = await fetch(`${sandbox.url}/v1/licenses/validate`, { method: 'POST' });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
    expect((await inject({ target: 'everyone' })).status).toBe(422);
  });
});
