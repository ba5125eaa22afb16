import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SANDBOX_ACCESS_TOKEN, SANDBOX_ORGANIZATION } from '../provider-sandbox/seed';
import { type ProviderSandbox, startProviderSandbox } from '../provider-sandbox/server';
import { runWebhooksCli } from './webhooks-cli';

let sandbox: ProviderSandbox;
let hook: Server;
let hookUrl: string;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startProviderSandbox({ port: 0 });
  env = {
    POLAR_API_URL: sandbox.url,
    POLAR_ACCESS_TOKEN: SANDBOX_ACCESS_TOKEN,
    POLAR_ORGANIZATION_ID: SANDBOX_ORGANIZATION.id,
  };
  hook = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
});
afterAll(async () => {
  await sandbox?.close();
  hook?.close();
});

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runWebhooksCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run webhooks', () => {
  test('create, get, update, rotate-secret and delete an endpoint', async () => {
    const created = await cli('create', '--url', hookUrl, '--events', 'order.refunded,subscription.revoked');
    expect(created.code).toBe(0);
    const endpoint = JSON.parse(created.out) as { id: string; secret: string; format: string; events: string[] };
    expect(endpoint).toMatchObject({ format: 'raw', events: ['order.refunded', 'subscription.revoked'] });

    expect(JSON.parse((await cli('get', endpoint.id)).out)).toMatchObject({ id: endpoint.id, url: hookUrl });
    const updated = await cli('update', endpoint.id, '--events', 'benefit_grant.revoked', '--enabled', 'false');
    expect(JSON.parse(updated.out)).toMatchObject({ events: ['benefit_grant.revoked'], enabled: false });
    const rotated = JSON.parse((await cli('rotate-secret', endpoint.id)).out) as { secret: string };
    expect(rotated.secret).not.toBe(endpoint.secret);

    expect(await cli('delete', endpoint.id)).toMatchObject({ code: 0, out: `Deleted ${endpoint.id}` });
    expect(await cli('get', endpoint.id)).toMatchObject({ code: 1, err: 'error: Not found (404): Not found' });
    expect((await cli('delete', endpoint.id)).err).toMatch(/Not found \(404\)/);
  });

  test('--secret on create and update: the sandbox signs its deliveries with that secret', async () => {
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/signed`;
    // Polar signs with the secret's UTF-8 bytes as the Standard Webhooks key.
    const verifies = (secret: string, delivery: { headers: IncomingHttpHeaders; body: string }) => {
      try {
        new Webhook(Buffer.from(secret, 'utf8').toString('base64')).verify(
          delivery.body,
          delivery.headers as Record<string, string>,
        );
        return true;
      } catch {
        return false;
      }
    };
    const deliver = async () => {
      const before = received.length;
      await fetch(`${sandbox.url}/sandbox/webhooks/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'subscription.revoked', key: 'CRSRFL_PLR-DEMO-T9-VALID-1' }),
      });
      await expect.poll(() => received.length).toBe(before + 1);
      return received[before] as { headers: IncomingHttpHeaders; body: string };
    };
    try {
      const first = 'whsec-clickreel-test-first-secret-0001';
      const created = await cli('create', '--url', url, '--events', 'subscription.revoked', '--secret', first);
      expect(created.code).toBe(0);
      const endpoint = JSON.parse(created.out) as { id: string; secret: string };
      expect(endpoint.secret).toBe(first);
      expect(verifies(first, await deliver())).toBe(true);

      const second = 'whsec-clickreel-test-second-secret-002';
      const updated = await cli('update', endpoint.id, '--secret', second);
      expect(JSON.parse(updated.out)).toMatchObject({ id: endpoint.id, secret: second });
      const signed = await deliver();
      expect([verifies(second, signed), verifies(first, signed)]).toEqual([true, false]);

      // The sandbox checks the secret; --secret goes with create and update only.
      expect(await cli('update', endpoint.id, '--secret', 'short')).toMatchObject({
        code: 1,
        err: 'error: Validation error (422): body.secret: Input should be a string of 32 to 256 characters with no spaces',
      });
      expect(await cli('get', endpoint.id, '--secret', second)).toMatchObject({
        code: 2,
        err: expect.stringMatching(/--secret goes with create or update/),
      });
      await cli('delete', endpoint.id);
    } finally {
      receiver.close();
    }
  });

  test('list follows every page from page 1 with limit 10 by default', async () => {
    for (let i = 0; i < 23; i++) await cli('create', '--url', `${hookUrl}?n=${i}`, '--events', 'order.paid');
    const all = await cli('list');
    expect(all.code).toBe(0);
    expect(all.out.split('\n').filter((line) => line.includes('?n=')).length).toBe(23);
    expect(all.out).toMatch(/^23 endpoints$/m);
    const fromPage3 = await cli('list', '--page', '3', '--limit', '10');
    expect(fromPage3.out).toMatch(/^3 endpoints$/m);
    const smallPages = await cli('list', '--limit', '7');
    expect(smallPages.out).toMatch(/^23 endpoints$/m);
  });

  test('deliveries and redeliver: an event sent again shows as a second delivery', async () => {
    const endpoint = JSON.parse((await cli('create', '--url', hookUrl, '--events', 'order.refunded')).out) as {
      id: string;
    };
    const sent = (await fetch(`${sandbox.url}/sandbox/webhooks/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'order.refunded', key: 'CRSRFL_PLR-DEMO-T3-VALID-1' }),
    }).then((r) => r.json())) as { event: { id: string } };
    expect(await cli('redeliver', sent.event.id)).toMatchObject({
      code: 0,
      out: `Redelivery of ${sent.event.id} requested`,
    });
    const deliveries = await cli('deliveries', '--endpoint', endpoint.id);
    expect(
      deliveries.out.split('\n').filter((l) => l.includes(`event ${sent.event.id}  succeeded (HTTP 204)`)),
    ).toHaveLength(2);
    expect(deliveries.out).toMatch(/^2 deliveries$/m);
    expect((await cli('redeliver', 'no-such-event')).err).toBe('error: Not found (404): Not found');
  });

  test('422, input and response validation failures are shown in words the user can act on', async () => {
    const refused = await cli('create', '--url', 'not-a-url', '--events', 'order.paid');
    expect(refused).toMatchObject({
      code: 1,
      err: 'error: Validation error (422): body.url: Input should be a valid URL',
    });
    expect((await cli('list', '--limit', 'ten')).err).toMatch(/^error: Input validation failed/);

    const liar = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items: 'nope' }));
    });
    await new Promise<void>((resolve) => liar.listen(0, '127.0.0.1', resolve));
    const saved = env.POLAR_API_URL;
    env.POLAR_API_URL = `http://127.0.0.1:${(liar.address() as { port: number }).port}`;
    try {
      expect((await cli('get', 'x')).err).toMatch(/^error: Response validation failed/);
    } finally {
      env.POLAR_API_URL = saved as string;
      liar.close();
    }
  });

  test('usage mistakes exit 2 with help; a missing token is named', async () => {
    expect((await cli('--help')).code).toBe(0);
    expect(await cli('explode')).toMatchObject({ code: 2, err: expect.stringMatching(/unknown command "explode"/) });
    expect(await cli('get')).toMatchObject({ code: 2, err: expect.stringMatching(/Missing the endpoint id/) });
    const code = await runWebhooksCli(['list'], {}, { out: () => undefined, err: () => undefined });
    expect(code).toBe(2);
  });
});
