import react from '@astrojs/react';
import AstroPWA from '@vite-pwa/astro';
import { defineConfig } from 'astro/config';
import { DEFAULT_SITE_URL, readBuildConfig } from './shared/config/build-config.ts';
import { PRODUCT_NAME } from './shared/config/product.ts';
import { precacheManifestTransform } from './site/src/pwa/precache-manifest.ts';
import { precompressBuild, siteAdapter } from './site/src/server/http/site-adapter.ts';

const buildConfig = readBuildConfig(process.env);
if (buildConfig.trustedExtensionIds.length === 0) {
  throw new Error(
    'Set TRUSTED_EXTENSION_IDS to the store id of the extension (EXTENSION_KEY=none pins no id to trust).',
  );
}

// Every build has an id: open pages compare it with the deployed one's (/builds/latest.json) to learn of a deploy.
const builtAt = Date.now();
const build = {
  id:
    process.env.BUILD_ID ||
    `${new Date(builtAt).toISOString().replace(/\D/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`,
  timestamp: builtAt,
};

// BUILD_DIR lets test runs build beside each other without touching dist/.
const outDir = `${process.env.BUILD_DIR || './dist'}/site`;

// The site lives in site/ and builds to dist/site; `node dist/site/server/entry.mjs` serves it.
export default defineConfig({
  srcDir: './site/src',
  publicDir: './site/public',
  outDir,
  site: process.env.SITE_URL || DEFAULT_SITE_URL,
  trailingSlash: 'ignore',
  output: 'static',
  adapter: siteAdapter(),
  integrations: [
    react(),
    // Service worker at /sw.js (scope /) and manifest at /manifest.webmanifest: the editor and library work offline.
    // Prompt mode: a new version waits until the user chooses Reload. Our own worker (site/src/pwa/sw.ts) installs
    // the shell only and caches the editor's code once it is needed (shared/site/offline-cache.ts).
    AstroPWA({
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'injectManifest',
      srcDir: 'site/src/pwa',
      filename: 'sw.ts',
      scope: '/',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: PRODUCT_NAME,
        short_name: PRODUCT_NAME,
        description: 'Turn browser recordings into polished videos, offline.',
        start_url: '/editor',
        scope: '/',
        display: 'standalone',
        background_color: '#0f0d1a',
        theme_color: '#6d4aff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // No navigation fallback: unknown paths must reach the server's 404 page, not a cached home page.
      injectManifest: {
        globPatterns: ['**/*.{html,js,css,svg,png,webp,woff2,webmanifest}'],
        // The home page's demo and editor pictures (npm run demo:make) are shown online only: not worth installing.
        globIgnores: ['**/node_modules/**/*', 'demo/**'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // The shell is what the pages other than the editor's load, found in the built pages and their imports.
        manifestTransforms: [precacheManifestTransform(`${outDir}/client`)],
      },
    }),
    // Last: it compresses what the integrations before it wrote (the service worker).
    precompressBuild(),
  ],
  server: { port: Number(process.env.PORT) || 4321, host: process.env.HOST || 'localhost' },
  devToolbar: { enabled: false },
  // Astro's own origin check answers a bare-text 403 outside the site's error handling. Nothing here needs it: the
  // server refuses every method but GET, HEAD and OPTIONS outside /api/ (405 error page), and each POST endpoint
  // checks the origin itself (site/src/server/api-guard.ts: its own JSON 403).
  security: { checkOrigin: false },
  vite: {
    // The export worker stays one file (the offline cache keeps it whole): the MP3 encoder it bundles has a
    // dynamic import (Node's worker_threads, never taken in a browser) that would otherwise split it.
    worker: { rollupOptions: { output: { inlineDynamicImports: true } } },
    // Fonts stay files: the Content-Security-Policy's font-src is 'self', and Vite would inline the typeface's
    // smallest script subsets as data: URLs.
    build: { assetsInlineLimit: (file) => (file.endsWith('.woff2') || file.endsWith('.woff') ? false : undefined) },
    // The extension ids the editor takes recordings from (site/src/install/trusted-extensions.ts).
    define: {
      __CLICKREEL_TRUSTED_EXTENSION_IDS__: JSON.stringify(buildConfig.trustedExtensionIds),
      __CLICKREEL_BUILD__: JSON.stringify(build),
      // The browser tests' build (CLICKREEL_TEST_HOOKS=1) keeps the forced-error hook (site/src/server/test-faults.ts);
      // every other build leaves it out.
      __CLICKREEL_TEST_FAULTS__: JSON.stringify(process.env.CLICKREEL_TEST_HOOKS === '1'),
    },
  },
});
