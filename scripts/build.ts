/**
 * npm run build [-- --dealers DIR] [--out DIR] [--api-out DIR] [--only slug,slug] [--preview]
 * Builds one static site per dealer; exits 1 with every content error when a snapshot is invalid.
 */
import { parseArgs } from 'node:util';
import { buildSites } from './lib/build-sites.ts';

const { values } = parseArgs({
  options: {
    dealers: { type: 'string', default: 'dealers' },
    out: { type: 'string', default: 'dist/sites' },
    'api-out': { type: 'string', default: 'dist/api' },
    only: { type: 'string' },
    preview: { type: 'boolean', default: false },
  },
});

const only = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
try {
  const result = await buildSites({
    dealersDir: values.dealers,
    outDir: values.out,
    apiOutDir: values['api-out'],
    only,
    preview: values.preview,
    log: (line) => console.log(line),
  });
  process.exit(result.ok ? 0 : 1);
} catch (e) {
  console.error(`\nBuild failed; the previous output was left as it was.\n${(e as Error).stack ?? e}`);
  process.exit(1);
}
