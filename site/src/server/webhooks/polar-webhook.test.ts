import { expect, test } from 'vitest';
import { SandboxState } from '../../../../scripts/provider-sandbox/sandbox-state';
import { demoKeyName } from '../../../../scripts/provider-sandbox/seed';
import { signWebhook, webhookPayload } from '../../../../scripts/provider-sandbox/webhook-sender';
import { receiptAnswer, revocationFor, verifyPolarWebhook } from './polar-webhook';

const SECRET = 'polar_whs_test_secret';
const license = new SandboxState().licenses.get(demoKeyName('polar', 9, 'valid'));
if (!license) throw new Error('no demo key');

function delivery(type: Parameters<typeof webhookPayload>[0], at = new Date(), secret = SECRET) {
  const body = webhookPayload(type, license as NonNullable<typeof license>);
  return { body, headers: new Headers(signWebhook(secret, 'evt_1', body, at)) };
}

test('a signed refund verifies and takes back the customer’s keys', () => {
  const { body, headers } = delivery('order.refunded');
  const verified = verifyPolarWebhook(SECRET, body, headers);
  if (!verified.ok) throw new Error(verified.reason);
  expect(verified.webhook.id).toBe('evt_1');
  expect(revocationFor(verified.webhook)).toEqual({
    provider: 'polar',
    reason: 'order.refunded',
    webhookId: 'evt_1',
    licenseId: null,
    customerId: license.customerId,
  });
});

test('a revoked benefit grant takes back its key; other events take nothing', () => {
  const { body, headers } = delivery('benefit_grant.revoked');
  const verified = verifyPolarWebhook(SECRET, body, headers);
  if (!verified.ok) throw new Error(verified.reason);
  expect(revocationFor(verified.webhook)).toMatchObject({ licenseId: license.id, customerId: null });
  expect(revocationFor({ ...verified.webhook, event: { type: 'order.paid', data: {} } })).toBeNull();
});

test('forged, stale, tampered and header-less deliveries are refused with the reason', () => {
  const forged = delivery('order.refunded', new Date(), 'polar_whs_not_the_secret');
  expect(verifyPolarWebhook(SECRET, forged.body, forged.headers)).toMatchObject({
    ok: false,
    status: 401,
    reason: 'Webhook rejected: No matching signature found.',
  });
  const stale = delivery('order.refunded', new Date(Date.now() - 10 * 60 * 1000));
  expect(verifyPolarWebhook(SECRET, stale.body, stale.headers)).toMatchObject({ ok: false, reason: /too old/ });
  const fine = delivery('order.refunded');
  expect(verifyPolarWebhook(SECRET, fine.body.replace('refunded', 'paid'), fine.headers).ok).toBe(false);
  expect(verifyPolarWebhook(SECRET, fine.body, new Headers())).toMatchObject({ ok: false, status: 401 });
});

test('the same delivery again is refused; a redelivery of the id is acknowledged as a duplicate', () => {
  expect(receiptAnswer('new')).toEqual({ status: 200, body: { received: true, duplicate: false } });
  expect(receiptAnswer('repeat')).toEqual({ status: 200, body: { received: true, duplicate: true } });
  expect(receiptAnswer('replay').status).toBe(409);
});
