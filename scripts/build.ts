/**
 * npm run build [-- --dealers DIR] [--out DIR] [--api-out DIR] [--only slug,slug] [--preview]
 *                  [--changed] [--shard K/N] [--api-only] [--workers N] [--strict] [--data DIR]
 * Builds one static site per dealer. A dealer whose snapshot is invalid is refused and keeps its
 * last good site; the others are published. `--strict` refuses a dealer for any warning too.
 *
 * Exit codes:
 *   0  every dealer built (or was up to date)
 *   1  nothing was written: the dealers folder cannot be read or holds none, an --only dealer is
 *      missing, or the build itself failed
 *   2  the command line is wrong
 *   3  the valid dealers were published, and one or more were refused for their content (listed
 *      with dealer, file and JSON path, and in the manifest's `failed`): ship the others
 * `--changed` rebuilds only the dealers whose snapshot changed since the last build of --out;
 * `--shard K/N` builds a stable 1/N of the dealers (a CI matrix job), and `--api-only` then builds
 * the API for every dealer the shards put in --out.
 * A dealer that imports its stock (npm run stock, POST /api/stock) is built with its imported cars,
 * read from DATABASE_URL, else the embedded database in --data (DATA_DIR, default .data), through
 * npm start while it holds that folder; `--changed` rebuilds a dealer whose stock changed.
 */
import { parseArgs } from 'node:util';
import { buildSites } from '../src/engine/build/build-sites.ts';
import { parseShard, type Shard } from '../src/engine/build/build-manifest.ts';

/** Exit code of a build that published the valid dealers and refused others. */
const PUBLISHED_WITH_REFUSED = 3;

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
    strict: { type: 'boolean', default: false },
    data: { type: 'string' },
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
    strict: values.strict,
    dataDir: values.data,
    log: (line) => console.log(line),
  });
  process.exit(result.ok ? 0 : result.failed.length ? PUBLISHED_WITH_REFUSED : 1);
} catch (e) {
  console.error(`\nBuild failed; the previous output was left as it was.\n${(e as Error).stack ?? String(e)}`);
  process.exit(1);
}
