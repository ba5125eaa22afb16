import { defineConfig } from 'wxt';
import { extensionManifest } from './extension/manifest';
import { readBuildConfig } from './shared/config/build-config';

const buildConfig = readBuildConfig(process.env);

// The extension lives in extension/ and builds to dist/extension, a folder Chrome's "Load unpacked" accepts.
export default defineConfig({
  srcDir: 'extension',
  publicDir: 'extension/public',
  // BUILD_DIR lets test runs build beside each other without touching dist/.
  outDir: process.env.BUILD_DIR || 'dist',
  outDirTemplate: 'extension{{modeSuffix}}',
  imports: false,
  // `browser` from wxt/browser is the webextension polyfill's (the module aliases it).
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: extensionManifest(buildConfig),
  // npm run dev builds and watches; the developer loads dist/extension-dev into their own browser.
  webExt: { disabled: true },
  vite: () => ({
    define: {
      __CLICKREEL_BUILD__: JSON.stringify(buildConfig),
      // The browser tests' build exposes test hooks in the service worker; every other build leaves them out.
      __CLICKREEL_TEST_HOOKS__: JSON.stringify(process.env.CLICKREEL_TEST_HOOKS === '1'),
    },
  }),
});
