import type { Server } from 'node:http';
import { ConfigurationError } from '../../../../shared/errors/domain-errors';

/** How long open requests may take to finish after SIGTERM before the server closes their connections. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** SHUTDOWN_GRACE_SECONDS, or the default; throws naming the variable when it is not a positive number. */
export function shutdownGraceMs(env: Record<string, string | undefined>): number {
  const value = env.SHUTDOWN_GRACE_SECONDS?.trim();
  if (!value) return DEFAULT_SHUTDOWN_GRACE_MS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new ConfigurationError(
      'invalid-variable',
      `SHUTDOWN_GRACE_SECONDS must be a positive number, got "${value}"`,
      { variable: 'SHUTDOWN_GRACE_SECONDS', value },
    );
  }
  return seconds * 1000;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let open requests finish (idle keep-alive connections are
 * closed at once, busy ones as their response ends), then run `cleanUp` and exit 0. Requests still open after
 * `graceMs` are cut off and the process exits 1, so a stuck request cannot hold a deploy.
 */
export function drainOnSignal(server: Server, graceMs: number, cleanUp: () => Promise<void> = async () => {}): void {
  let draining = false;
  const drain = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    console.info(`${signal}: finishing open requests (at most ${graceMs / 1000} s), then stopping`);
    const deadline = setTimeout(() => {
      console.error(`Open requests did not finish within ${graceMs / 1000} s after ${signal}: closing them`);
      server.closeAllConnections();
      process.exit(1);
    }, graceMs);
    deadline.unref();
    // A keep-alive connection whose response just ended would otherwise wait for its idle timeout.
    server.on('request', (_req, res) => res.once('finish', () => server.closeIdleConnections()));
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(idle);
      cleanUp()
        .catch((error: unknown) => console.error('Stopping failed:', error))
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', drain);
  process.on('SIGINT', drain);
}
