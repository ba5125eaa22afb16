import { IpRateLimit } from './ip-rate-limit';
import { type LicenseConfig, licenseConfig } from './license-config';
import { ProLicenseService } from './pro-license-service';
import { LemonSqueezyLicenses } from './providers/lemonsqueezy';
import { PolarLicenses } from './providers/polar';
import { ProviderCallBudget } from './providers/provider-call-budget';
import { databaseLocation, openDatabase } from './store/database';
import { LicenseStore } from './store/license-store';

/** What the license endpoints share within one server process. */
export interface LicenseRuntime {
  readonly config: LicenseConfig;
  readonly store: LicenseStore;
  readonly service: ProLicenseService;
  readonly ipRateLimit: IpRateLimit;
}

let runtime: Promise<LicenseRuntime> | null = null;

async function createRuntime(): Promise<LicenseRuntime> {
  const config = licenseConfig();
  const store = new LicenseStore(await openDatabase(databaseLocation(process.env)));
  const budget = new ProviderCallBudget(store, config.providerCallsPerMinute);
  const service = new ProLicenseService(config, store, {
    lemonsqueezy: new LemonSqueezyLicenses(config.lemonSqueezyApiUrl, budget),
    polar: new PolarLicenses(config.polarApiUrl, config.polarOrganizationId, config.polarAccessToken, budget),
  });
  return { config, store, service, ipRateLimit: new IpRateLimit(config.requestsPerMinutePerIp) };
}

/** The process's license runtime, created (database opened and migrated) on first use. */
export function licenseRuntime(): Promise<LicenseRuntime> {
  runtime ??= createRuntime().catch((error: unknown) => {
    // Let the next request try again (the database may come up later).
    runtime = null;
    throw error;
  });
  return runtime;
}
