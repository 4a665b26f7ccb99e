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

// Exiting (rather than dying of the signal) lets the build put back a half-done swap and remove
// its temporary folders on the way out.
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.once(signal, () => {
    console.error(`\nBuild stopped (${signal}).`);
    process.exit(code);
  });
}
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
