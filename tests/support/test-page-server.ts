import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

/** A page with our modules bundled in, served on localhost (a secure context, so WebCodecs and OffscreenCanvas work). */
export interface TestPageServer {
  /** URL of the page at `path` ('/' serves the harness page). */
  url(path?: string): string;
  /** Serves `file` at `path` from now on (a file made after the page was served, e.g. a recording of it). */
  serve(path: string, file: StaticFiles[string]): void;
  close(): Promise<void>;
}

/** Extra files to serve, by path ('/fixture.webm' → bytes and content type). */
export type StaticFiles = Record<string, { body: Uint8Array | string; type: string }>;

/**
 * How a bundle is built: for tests, readable with an inline source map; or as the site ships its scripts, minified
 * and without one. Benchmarks time the production form, the code users run: the export worker's test form is 5 MB
 * with its map (0.6 MB shipped), which every export compiles afresh.
 */
export type BundleMode = 'test' | 'production';

/**
 * Bundles a TypeScript entry (which may import shared/ modules) for the browser.
 * The entry usually assigns what tests call to `globalThis` (e.g. `globalThis.render = ...`).
 */
export async function bundleForBrowser(entry: string, mode: BundleMode = 'test'): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    minify: mode === 'production',
    sourcemap: mode === 'production' ? false : 'inline',
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  return file.text;
}

/**
 * Serves a blank HTML page that loads the bundled `entry` as a module, plus `files`, on 127.0.0.1.
 * Workers can be bundled separately and served as files with type 'text/javascript'.
 */
export async function serveTestPage(
  entry: string,
  files: StaticFiles = {},
  mode: BundleMode = 'test',
): Promise<TestPageServer> {
  const script = await bundleForBrowser(entry, mode);
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>test page</title></head>
<body style="margin:0"><script type="module" src="/entry.js"></script></body></html>`;
  const routes: StaticFiles = {
    '/': { body: html, type: 'text/html' },
    '/entry.js': { body: script, type: 'text/javascript' },
    ...files,
  };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = routes[path];
    if (!file) {
      res.writeHead(404).end(`no test file at ${path}`);
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    serve: (path, file) => {
      routes[path] = file;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
