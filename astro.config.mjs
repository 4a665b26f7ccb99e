// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { dealerFleet } from './src/engine/integration/index.ts';

/**
 * One static build renders every selected dealer under /<slug>/; the dealer-fleet integration
 * (src/engine/integration/) injects that route and, in a build run by scripts/build.ts, writes
 * one self-contained site root per dealer. `outDir` is set by the build script.
 */
export default defineConfig({
  output: 'static',
  // Islands are rendered on the server with React's renderToString, not its web stream: a page is
  // prerendered whole, so streaming adds only a ReadableStream and an encode and decode per island
  // (about 8 % of a 1,000-dealer build's CPU). renderToString does not get the island's id prefix,
  // so `useId` is not used in the islands (eslint.config.js refuses it): its ids would not match
  // the prefixed ones the client hydrates with.
  integrations: [react({ experimentalDisableStreaming: true }), dealerFleet()],
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // External stylesheets: cacheable across pages and no inline styles to hash for the CSP.
    inlineStylesheets: 'never',
    assets: '_astro',
    concurrency: 4,
  },
  compressHTML: true,
  devToolbar: { enabled: false },
  vite: {
    // No gzip of every chunk for a size report nobody reads: each fleet worker bundles.
    build: { assetsInlineLimit: 0, reportCompressedSize: false },
    // InstantSearch's default history router, which the cars search does not use, imports `qs`
    // (src/features/search/ui/no-qs.ts says why it is left out).
    resolve: { alias: { qs: fileURLToPath(new URL('./src/features/search/ui/no-qs.ts', import.meta.url)) } },
  },
});
