/**
 * The provider sandbox's own credentials (scripts/provider-sandbox/): `npm start` and the tests hand them to the
 * site like real ones. They live here, apart from the sandbox's code, so the site's server can refuse to start in
 * production with them (site/src/server/production/production-problems.ts) without bundling the sandbox. Not
 * secrets: they unlock nothing but the sandbox. Import them from server code only all the same.
 */

/** Bearer token the sandbox accepts on Polar's back-office calls. */
export const SANDBOX_ACCESS_TOKEN = 'polar_oat_sandbox_clickreel_demo_access_token';
/** Secret of the webhook endpoint the sandbox seeds for the site. */
export const SANDBOX_WEBHOOK_SECRET = 'polar_whs_sandbox_clickreel_demo_webhook_secret';
