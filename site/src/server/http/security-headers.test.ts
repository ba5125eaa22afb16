import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  cacheControlFor,
  inlineHashes,
  policyForDocument,
  RESOURCE_POLICY,
  scriptPolicy,
  webAssemblyWorkerAt,
} from './security-headers';
import { routeOfHtmlFile } from './site-server';

const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('content security policy', () => {
  const html =
    '<html><head><style>a{color:red}</style><script type="module" src="/_astro/a.js"></script>' +
    '<script>customElements.define("x",class{})</script><script type="module">import "/_astro/b.js";</script>' +
    '</head><body style="margin:0"></body></html>';

  test('inline scripts and style elements are allowed by their hash; external scripts need none', () => {
    expect(inlineHashes(html)).toEqual({
      scriptHashes: [sha('customElements.define("x",class{})'), sha('import "/_astro/b.js";')],
      styleHashes: [sha('a{color:red}')],
    });
    const policy = policyForDocument('/', html);
    expect(policy).toContain(`'${sha('customElements.define("x",class{})')}'`);
    expect(policy).toContain(`style-src 'self' '${sha('a{color:red}')}'`);
  });

  test('no eval, no inline script without a hash, no framing, WebAssembly only on the editor', () => {
    for (const path of ['/', '/licenses', '/recordings', '/404']) {
      const policy = policyForDocument(path, html);
      expect(policy).not.toMatch(/unsafe-eval|wasm-unsafe-eval/);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
      expect(scriptSrc).not.toContain('unsafe-inline');
    }
    expect(policyForDocument('/editor', html)).toContain("'wasm-unsafe-eval'");
    expect(policyForDocument('/editor/', html)).toContain("'wasm-unsafe-eval'");
    expect(policyForDocument('/editor-x', html)).not.toContain('wasm');
  });

  test('scripts: WebAssembly only for the painting workers, blob: workers only for the export worker', () => {
    expect(webAssemblyWorkerAt('/_astro/export-worker-C7xP6ts0.js')).toBe('export-worker');
    expect(webAssemblyWorkerAt('/_astro/picture-worker-Bw96O3b2.js')).toBe('picture-worker');
    expect(webAssemblyWorkerAt('/_astro/EditorApp.xL5nIeUv.js')).toBeNull();
    expect(webAssemblyWorkerAt('/_astro/xexport-worker-C7xP6ts0.js')).toBeNull();
    expect(scriptPolicy('export-worker')).toContain("'wasm-unsafe-eval'");
    expect(scriptPolicy('picture-worker')).toContain("'wasm-unsafe-eval'");
    expect(scriptPolicy(null)).not.toContain('wasm');
    // The export worker starts the MP3 encoder's worker from a blob: URL; no other script may.
    expect(scriptPolicy('export-worker')).toContain("worker-src 'self' blob:");
    expect(scriptPolicy('picture-worker')).toContain("worker-src 'self';");
    expect(scriptPolicy(null)).toContain("worker-src 'self';");
    expect(RESOURCE_POLICY).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });
});

test('hashed build assets are cached for a year; everything else is revalidated', () => {
  expect(cacheControlFor('/_astro/client.C5RI7xnT.js')).toBe('public, max-age=31536000, immutable');
  for (const path of ['/', '/editor', '/sw.js', '/manifest.webmanifest', '/icon-192.png']) {
    expect(cacheControlFor(path)).toBe('no-cache');
  }
});

test('each built HTML file answers its route', () => {
  expect(routeOfHtmlFile('index.html')).toBe('/');
  expect(routeOfHtmlFile('editor/index.html')).toBe('/editor');
  expect(routeOfHtmlFile('terms-of-service/index.html')).toBe('/terms-of-service');
});
