/**
 * Forced server errors for the browser tests: only a site built for them (CLICKREEL_TEST_HOOKS=1, see
 * astro.config.mjs) contains this hook, and only a server of that build started with CLICKREEL_TEST_FAULTS=1
 * honours `x-clickreel-test-fault: throw`, by throwing inside the page or endpoint asked for. Any other build has no
 * trace of it.
 */
export const TEST_FAULT_HEADER = 'x-clickreel-test-fault';

export function throwIfTestFault(request: Request, env: NodeJS.ProcessEnv = process.env): void {
  if (env.CLICKREEL_TEST_FAULTS !== '1') return;
  if (request.headers.get(TEST_FAULT_HEADER) === 'throw') throw new Error('Forced server error (test fault)');
}
