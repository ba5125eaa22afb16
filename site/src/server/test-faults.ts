/**
 * Forced server errors for the browser tests: only a server started with CLICKREEL_TEST_FAULTS=1 honours
 * `x-clickreel-test-fault: throw`, by throwing inside the page or endpoint asked for. A production server
 * (the variable unset) ignores the header, and no route exists for it.
 */
export const TEST_FAULT_HEADER = 'x-clickreel-test-fault';

export function throwIfTestFault(request: Request, env: NodeJS.ProcessEnv = process.env): void {
  if (env.CLICKREEL_TEST_FAULTS !== '1') return;
  if (request.headers.get(TEST_FAULT_HEADER) === 'throw') throw new Error('Forced server error (test fault)');
}
