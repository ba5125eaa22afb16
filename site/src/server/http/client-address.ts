import { ConfigurationError } from '../../../../shared/errors/domain-errors';
// The address a request comes from, which the license endpoints' per-address limit counts. Astro takes the first
// X-Forwarded-For entry as that address whoever wrote it, so any client could name a new address on every request
// and never be limited. Only the entries the site's own proxies appended are believed.

/**
 * TRUSTED_PROXIES: how many reverse proxies in front of the site append to X-Forwarded-For (0, the default: the
 * site is reached directly and the header is ignored).
 */
export function readTrustedProxies(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) {
    throw new ConfigurationError(
      'invalid-variable',
      `TRUSTED_PROXIES must be a whole number of proxies (0 or more), got "${value}"`,
      { variable: 'TRUSTED_PROXIES', value },
    );
  }
  return count;
}

/**
 * The client's address. Each proxy appends the address it was connected from, so the hops read, left to right:
 * whatever the client wrote, the client, each proxy but the last, then the peer of this socket (the last proxy).
 * Counting `trustedProxies` hops back from the peer gives the address the outermost trusted proxy saw.
 */
export function clientAddressOf(
  forwardedFor: string | readonly string[] | undefined,
  peer: string | undefined,
  trustedProxies: number,
): string | undefined {
  const written = typeof forwardedFor === 'string' ? [forwardedFor] : (forwardedFor ?? []);
  const hops = written
    .flatMap((value) => value.split(','))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (peer) hops.push(peer);
  return hops[Math.max(0, hops.length - 1 - trustedProxies)];
}
