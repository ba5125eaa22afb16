import type { BuildInfo } from '../../../shared/site/builds';

declare const __CLICKREEL_BUILD__: BuildInfo;

/** This build's id and time, stamped by astro.config.mjs (BUILD_ID, or the time and a random suffix). */
export const CURRENT_BUILD: BuildInfo = __CLICKREEL_BUILD__;
