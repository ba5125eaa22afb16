/** True only in the site built for the browser tests (astro.config.mjs): the forced-error hook is compiled in. */
declare const __CLICKREEL_TEST_FAULTS__: boolean;

declare namespace App {
  interface Locals {
    /** Set by the site's server (site/src/server/http/site-server.ts) when it asks for the error page with a status. */
    errorStatus?: number;
  }
}
