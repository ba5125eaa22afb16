import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const DEFAULT_SITE_URL = 'http://localhost:4321';

// The site lives in site/ and builds to dist/site; `node dist/site/server/entry.mjs` serves it.
export default defineConfig({
  srcDir: './site/src',
  publicDir: './site/public',
  // BUILD_DIR lets test runs build beside each other without touching dist/.
  outDir: `${process.env.BUILD_DIR || './dist'}/site`,
  site: process.env.SITE_URL || DEFAULT_SITE_URL,
  trailingSlash: 'ignore',
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  server: { port: Number(process.env.PORT) || 4321, host: process.env.HOST || 'localhost' },
  devToolbar: { enabled: false },
});
