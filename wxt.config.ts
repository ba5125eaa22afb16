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
  modules: ['@wxt-dev/module-react'],
  manifest: extensionManifest(buildConfig),
  // npm run dev builds and watches; the developer loads dist/extension-dev into their own browser.
  webExt: { disabled: true },
  vite: () => ({
    define: {
      __CLICKREEL_BUILD__: JSON.stringify(buildConfig),
    },
  }),
});
