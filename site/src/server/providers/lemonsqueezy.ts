import ky, { HTTPError, type KyInstance } from 'ky';
import { z } from 'zod';
import { bareResult, type LicenseResult } from '../../../../shared/licenses/license-result';
import { isProviderBusy, type ProviderCallBudget } from './provider-call-budget';

/** The parts of Lemon Squeezy's License API answers the site reads (license-providers.md). */
const licenseAnswerSchema = z.object({
  valid: z.boolean().optional(),
  activated: z.boolean().optional(),
  error: z.string().nullish(),
  license_key: z
    .object({
      id: z.number(),
      status: z.string(),
      activation_usage: z.number(),
      activation_limit: z.number().nullish(),
      created_at: z.string().nullish(),
      expires_at: z.string().nullish(),
    })
    .nullish(),
  meta: z
    .object({
      product_id: z.number(),
      customer_id: z.number(),
      customer_email: z.string().nullish(),
    })
    .nullish(),
});
type LicenseAnswer = z.infer<typeof licenseAnswerSchema>;

const ENDPOINT_DOWN = bareResult('ENDPOINT_DOWN', 500);
const INVALID = bareResult('INVALID', 400);
const THROTTLED: LicenseResult = { ...ENDPOINT_DOWN, throttled: true };

/** Lemon Squeezy's License API through ky (section 7's defaults: 10 s timeout, retries for idempotent methods). */
export class LemonSqueezyLicenses {
  private readonly http: KyInstance;

  constructor(baseUrl: string, budget: ProviderCallBudget) {
    this.http = ky.create({
      prefixUrl: baseUrl,
      headers: { accept: 'application/json' },
      hooks: {
        beforeRequest: [() => budget.take('lemonsqueezy').then(() => undefined)],
        beforeRetry: [() => budget.take('lemonsqueezy')],
      },
    });
  }

  /**
   * Checks a key: 5xx (or no answer) means ENDPOINT_DOWN, 4xx INVALID (EXPIRED when the key says so). A first
   * valid key with no activation yet is activated, named after the customer's email.
   */
  async check(key: string): Promise<LicenseResult> {
    const validated = await this.post('validate', { license_key: key });
    if (validated.status !== 'VALID' || !validated.answer) return validated.result;
    const usage = validated.answer.license_key?.activation_usage ?? 0;
    const email = validated.answer.meta?.customer_email;
    if (usage === 0 && email) {
      // A failed activation does not change the verdict: the next check tries again.
      await this.post('activate', { license_key: key, instance_name: email });
    }
    return validated.result;
  }

  private async post(
    action: 'validate' | 'activate',
    form: Record<string, string>,
  ): Promise<{ status: LicenseResult['status']; result: LicenseResult; answer: LicenseAnswer | null }> {
    let status: number;
    let body: unknown;
    try {
      const response = await this.http.post(`v1/licenses/${action}`, { body: new URLSearchParams(form) });
      status = response.status;
      body = await response.json();
    } catch (error) {
      if (isProviderBusy(error)) return { status: 'ENDPOINT_DOWN', result: THROTTLED, answer: null };
      if (!(error instanceof HTTPError)) return { status: 'ENDPOINT_DOWN', result: ENDPOINT_DOWN, answer: null };
      status = error.response.status;
      body = await error.response.json().catch(() => null);
    }
    // Rate limited is the provider being unavailable, not the key being bad.
    if (status >= 500 || status === 429) return { status: 'ENDPOINT_DOWN', result: ENDPOINT_DOWN, answer: null };
    const parsed = licenseAnswerSchema.safeParse(body);
    if (!parsed.success) {
      return status >= 400
        ? { status: 'INVALID', result: INVALID, answer: null }
        : { status: 'ENDPOINT_DOWN', result: ENDPOINT_DOWN, answer: null };
    }
    const answer = parsed.data;
    const license = answer.license_key;
    const expired =
      license?.status === 'expired' || (license?.expires_at ? Date.parse(license.expires_at) <= Date.now() : false);
    const ok = status < 400 && (answer.valid ?? answer.activated ?? false) && license?.status !== 'disabled';
    const verdict: LicenseResult['status'] = expired ? 'EXPIRED' : ok ? 'VALID' : 'INVALID';
    return {
      status: verdict,
      answer,
      result: {
        status: verdict,
        email: answer.meta?.customer_email ?? null,
        id: license ? String(license.id) : null,
        statusCode: verdict === 'VALID' ? 200 : 400,
        productId: answer.meta ? String(answer.meta.product_id) : null,
        customerId: answer.meta ? String(answer.meta.customer_id) : null,
        issuedAt: license?.created_at ?? null,
      },
    };
  }
}
