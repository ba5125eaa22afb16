import {
  EXTENSION_VERSION_PARAM,
  extensionUpdateMessage,
  isSupportedExtensionVersion,
} from '../../../../shared/config/extension-version';
import { PRO_LICENSE_PATHS } from '../../../../shared/licenses/pro-license-api';
import { isAllowedOrigin } from '../api-guard';
import { licenseConfig } from '../license-config';
import type { AstroHandler } from './site-server';

const LICENSE_PATHS: ReadonlySet<string> = new Set(Object.values(PRO_LICENSE_PATHS));

/** What a too-old extension is told about its stored key (the answer's status keeps it). */
const KEY_KEPT = 'Your license key is kept.';

/**
 * The extension version a license request comes from: its `extensionVersion` parameter; '' from an extension that
 * sends none (an extension page's origin without the parameter); null from anything else (the site's own pages,
 * servers), which the gate lets through.
 */
export function requestExtensionVersion(url: URL, origin: string | undefined): string | null {
  const version = url.searchParams.get(EXTENSION_VERSION_PARAM);
  if (version !== null) return version;
  return origin?.startsWith('chrome-extension://') ? '' : null;
}

/** Whether `origin` may read the answer (CORS), as the license endpoints decide; no when the configuration is bad. */
function mayRead(origin: string, siteOrigin: string): boolean {
  try {
    return isAllowedOrigin(origin, siteOrigin, licenseConfig());
  } catch {
    return false;
  }
}

/**
 * `astro` with license requests from an extension older than the site accepts answered before they reach the
 * endpoints: 426 with ENDPOINT_DOWN (a client keeps its key and Pro) and a message asking to update the extension.
 */
export function withExtensionVersionGate(astro: AstroHandler): AstroHandler {
  return (req, res, next, locals) => {
    const url = new URL(req.url ?? '/', 'http://site');
    const origin = req.headers.origin;
    const version =
      req.method === 'POST' && LICENSE_PATHS.has(url.pathname) ? requestExtensionVersion(url, origin) : null;
    if (version === null || isSupportedExtensionVersion(version)) return astro(req, res, next, locals);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      vary: 'Origin',
    };
    if (origin && mayRead(origin, `http://${req.headers.host ?? 'site'}`))
      headers['access-control-allow-origin'] = origin;
    res.writeHead(426, headers);
    res.end(JSON.stringify({ status: 'ENDPOINT_DOWN', message: extensionUpdateMessage(version, KEY_KEPT) }));
  };
}
