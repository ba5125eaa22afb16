import { setTimeout as sleep } from 'node:timers/promises';
import { LicenseError } from '../../../../shared/errors/domain-errors';
import type { LicenseProvider } from '../../../../shared/licenses/license-key';

/** Thrown when a provider call could not get a slot in time: the check answers ENDPOINT_DOWN. */
function providerBusy(provider: LicenseProvider): LicenseError {
  return new LicenseError('provider-busy', `${provider}: rate limit budget used up`, { provider });
}

/** Whether `error` (or one of its causes: the SDK wraps what its fetcher throws) is the budget's refusal. */
export function isProviderBusy(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof LicenseError && cause.kind === 'provider-busy') return true;
  }
  return false;
}

/** Where the budget is kept: the shared database (see LicenseStore.takeProviderCall). */
export interface CallBudgetStore {
  takeProviderCall(provider: string, perMinute: number): Promise<number>;
}

/**
 * Waits for a slot in a provider's rate limit before every call (retries included), so the site never calls a
 * provider more often than it allows, however many users check at once. A call that would wait longer than
 * `maxWaitMs` gives up.
 */
export class ProviderCallBudget {
  constructor(
    private readonly store: CallBudgetStore,
    private readonly perMinute: Readonly<Record<LicenseProvider, number>>,
    private readonly maxWaitMs = 5_000,
  ) {}

  async take(provider: LicenseProvider): Promise<void> {
    const deadline = Date.now() + this.maxWaitMs;
    for (;;) {
      const waitMs = await this.store.takeProviderCall(provider, this.perMinute[provider]);
      if (waitMs === 0) return;
      if (Date.now() + waitMs > deadline) throw providerBusy(provider);
      await sleep(waitMs);
    }
  }
}
