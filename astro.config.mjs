// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

/**
 * One static build renders every selected dealer under /<slug>/; scripts/build.ts splits the
 * output into one self-contained site root per dealer. `outDir` is set by the build script.
 */
export default defineConfig({
  output: 'static',
  integrations: [react()],
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
  },
});
