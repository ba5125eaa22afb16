import type { BuildConfig } from '../shared/config/build-config';

declare global {
  /** The build configuration (site URL and origins), injected by wxt.config.ts at build time. */
  const __CLICKREEL_BUILD__: BuildConfig;
}
