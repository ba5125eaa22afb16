import type { BuildConfig } from '../shared/config/build-config';

declare global {
  /** The build configuration (site URL and origins), injected by wxt.config.ts at build time. */
  const __CLICKREEL_BUILD__: BuildConfig;
  /** True only in the browser tests' build (CLICKREEL_TEST_HOOKS=1): the service worker then exposes test hooks. */
  const __CLICKREEL_TEST_HOOKS__: boolean;
}
