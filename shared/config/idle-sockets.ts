/**
 * How long our HTTP servers (the site, the provider sandbox) keep an idle keep-alive connection open: longer than
 * any client or proxy keeps one (undici 4 s, load balancers up to 60 s), so the client always closes first. A client
 * reusing a socket the server is closing at that moment gets ECONNRESET (seen under load in the tests).
 */
export const IDLE_SOCKET_MS = 65_000;

/** A request's headers may take this long: Node requires it above the keep-alive time. */
export const HEADERS_TIMEOUT_MS = IDLE_SOCKET_MS + 1000;
