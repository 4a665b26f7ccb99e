/**
 * npm run build [-- --dealers DIR] [--out DIR] [--api-out DIR] [--only slug,slug] [--preview]
 *                  [--changed] [--shard K/N] [--api-only] [--workers N]
 * Builds one static site per dealer; exits 1 with every content error when a snapshot is invalid.
 * `--changed` rebuilds only the dealers whose snapshot changed since the last build of --out;
 * `--shard K/N` builds a stable 1/N of the dealers (a CI matrix job), and `--api-only` then builds
 * the API for every dealer the shards put in --out.
 */
import { parseArgs } from 'node:util';
import { buildSites } from './lib/build-sites.ts';
import { parseShard, type Shard } from './lib/build-manifest.ts';

const { values } = parseArgs({
  options: {
    dealers: { type: 'string', default: 'dealers' },
    out: { type: 'string', default: 'dist/sites' },
    'api-out': { type: 'string', default: 'dist/api' },
    only: { type: 'string' },
    preview: { type: 'boolean', default: false },
    changed: { type: 'boolean', default: false },
    shard: { type: 'string' },
    'api-only': { type: 'boolean', default: false },
    workers: { type: 'string' },
  },
});

const only = values.only
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
let shard: Shard | undefined;
let workers: number | undefined;
try {
  shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values.workers !== undefined) {
    workers = Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1)
      throw new Error(`--workers takes a whole number of at least 1, not "${values.workers}"`);
  }
  if (values['api-only'] && (shard || only || values.changed))
    throw new Error('--api-only builds no site: it takes no --shard, --only or --changed');
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}

// Exiting (rather than dying of the signal) lets the build put back a half-done swap and remove
// its temporary folders on the way out.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
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
    changed: values.changed,
    shard,
    apiOnly: values['api-only'],
    workers,
    log: (line) => console.log(line),
  });
  process.exit(result.ok ? 0 : 1);
} catch (e) {
  console.error(`\nBuild failed; the previous output was left as it was.\n${(e as Error).stack ?? String(e)}`);
  process.exit(1);
}
