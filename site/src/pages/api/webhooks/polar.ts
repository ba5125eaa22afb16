import { guardedPost } from '../../../server/api-guard';
import { receiptAnswer, revocationFor, verifyPolarWebhook } from '../../../server/webhooks/polar-webhook';

export const prerender = false;

/** Polar's deliveries are small; this leaves room for big orders without accepting floods. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * POST /api/webhooks/polar: the billing webhook receiver. Verifies the signature (POLAR_WEBHOOK_SECRET), handles
 * each webhook id once, and takes licenses back on refunds and revocations.
 */
export const { POST, OPTIONS, ALL } = guardedPost({
  cors: false,
  maxBytes: MAX_WEBHOOK_BYTES,
  handle: async ({ raw, runtime, context }) => {
    const secret = runtime.config.polarWebhookSecret;
    if (!secret) {
      return {
        status: 503,
        body: { status: 'INVALID', message: 'Webhooks are not configured (POLAR_WEBHOOK_SECRET).' },
      };
    }
    const verified = verifyPolarWebhook(secret, raw, context.request.headers);
    if (!verified.ok) return { status: verified.status, body: { status: 'INVALID', message: verified.reason } };
    const { webhook } = verified;
    const revocation = revocationFor(webhook);
    const receipt = await runtime.store.receiveWebhook(
      webhook.id,
      webhook.signedAt,
      webhook.event.type,
      async (store) => {
        if (revocation) await store.revoke(revocation);
      },
    );
    return receiptAnswer(receipt);
  },
});
