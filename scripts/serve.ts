/**
 * npm start [-- --sites DIR] [--port N] [--no-build] [--data DIR]
 *
 * Serves every built dealer site at http://<slug>.localhost:<port>/, a list of them at
 * http://localhost:<port>/, and the API under /api/ on every host. The API stores leads in
 * DATABASE_URL when set, else in PGlite under --data / DATA_DIR (default .data), applies the
 * migrations first, and delivers completed leads every 5 s (files under <data>/deliveries/
 * unless LEAD_WEBHOOK_URL / LEAD_ADF_URL say otherwise). Without FINANCE_PROVIDER_URL a local
 * stand-in finance provider answers finance applications.
 *
 * Before serving, the sites are built (from DEALERS_DIR, default "dealers", and ONLY_DEALERS) when
 * the sites folder holds no site, when a dealer folder has no built site, or when any file under
 * dealers/, src/ or public/ (or astro.config.mjs) is newer than the oldest built home page.
 * `--no-build` serves the folder as it is.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSites, projectRoot } from './lib/build-sites.ts';
import { listDealerFolders } from '../src/content/load.ts';
import { startServer } from './lib/static-server.ts';
import { listSites } from './lib/serve-index.ts';
import { startFinanceStandIn, type FinanceStandIn } from './lib/finance-standin.ts';
import { loadDealerFolder } from '../src/api/content.ts';
import { dataDirFrom } from '../src/api/db/index.ts';
import { FINANCE_STANDIN_PORT, financeProviderFromEnv } from '../src/api/integrations/finance-provider.ts';
import { startRuntime, type Runtime } from '../src/api/runtime.ts';

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: 'dist/sites' },
    port: { type: 'string', default: process.env.PORT || '4321' },
    build: { type: 'boolean', default: true },
    data: { type: 'string' },
  },
  allowNegative: true,
});

const sitesDir = path.resolve(values.sites);
const dealersDir = path.resolve(process.env.DEALERS_DIR || 'dealers');
const only = process.env.ONLY_DEALERS?.split(',').map((s) => s.trim()).filter(Boolean);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (0-65535), not "${values.port}".`);
  process.exit(1);
}

/** Newest modification time of a file or folder under `target` (0 when it does not exist). */
async function newestMtime(target: string): Promise<number> {
  const s = await stat(target).catch(() => undefined);
  if (!s) return 0;
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const e of await readdir(target, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(path.join(target, e.name)));
  }
  return newest;
}

/** Why the sites need building, or undefined when they are up to date. */
async function staleReason(): Promise<string | undefined> {
  const built = await listSites(sitesDir);
  if (!built.length) return `${path.relative(process.cwd(), sitesDir) || sitesDir} holds no built site`;
  const dealers = await listDealerFolders(dealersDir).catch(() => [] as string[]);
  const wanted = only?.length ? dealers.filter((d) => only.includes(d)) : dealers;
  const missing = wanted.filter((d) => !built.some((b) => b.slug === d));
  if (missing.length) return `not built yet: ${missing.join(', ')}`;
  const builtAt = Math.min(...(await Promise.all(built.map((b) => newestMtime(path.join(sitesDir, b.slug, 'index.html'))))));
  const sources = [dealersDir, ...['src', 'public', 'astro.config.mjs'].map((p) => path.join(projectRoot, p))];
  for (const source of sources) {
    if ((await newestMtime(source)) > builtAt) return `${path.relative(projectRoot, source)} changed since the last build`;
  }
  return undefined;
}

if (values.build) {
  const reason = await staleReason();
  if (reason) {
    console.log(`Building the sites first (${reason}).`);
    const result = await buildSites({ dealersDir, outDir: sitesDir, only, log: (line) => console.log(line) }).catch((e: unknown) => {
      console.error(`\nBuild failed: ${(e as Error).stack ?? e}`);
      return undefined;
    });
    if (!result?.ok) {
      console.error('\nNot serving: fix the errors above and run npm start again.');
      process.exit(1);
    }
  } else {
    console.log('The built sites are up to date.');
  }
}

let standIn: FinanceStandIn | undefined;
let api: Runtime;
try {
  if (!process.env.FINANCE_PROVIDER_URL) {
    // The usual port, so the provider's pages keep their address across restarts; any port when it is taken.
    standIn = await startFinanceStandIn({ port: FINANCE_STANDIN_PORT }).catch(() => startFinanceStandIn({ port: 0 }));
  }
  api = await startRuntime({
    dealers: await loadDealerFolder(dealersDir, only),
    dataDir: dataDirFrom(values.data),
    financeProvider: financeProviderFromEnv(process.env, { standInUrl: standIn?.url }),
    log: (line) => console.log(line),
  });
} catch (e) {
  console.error(`The API could not start: ${(e as Error).message}`);
  await standIn?.close();
  process.exit(1);
}

const running = await startServer({ sitesDir, dealersDir, port, api: api.app.fetch }).catch((e: NodeJS.ErrnoException) => {
  console.error(e.code === 'EADDRINUSE' ? `Port ${port} is already in use; choose another with npm start -- --port N` : e);
  process.exit(1);
});

const sites = await listSites(sitesDir, dealersDir);
console.log(`\nServing ${sites.length} site${sites.length === 1 ? '' : 's'} from ${sitesDir}:`);
const width = Math.max(0, ...sites.map((s) => s.name.length));
for (const s of sites) console.log(`  ${s.name.padEnd(width)}  ${running.siteOrigin(s.slug)}/`);
console.log(`\n  All sites   ${running.origin}/`);
console.log(`  API         ${running.origin}/api/health  (leads in ${api.database})`);
if (standIn) console.log(`  Finance     stand-in provider at ${standIn.url} (set FINANCE_PROVIDER_URL for a real one)`);
console.log('\nPress Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    running.close()
      .then(() => Promise.all([api.close(), standIn?.close()]))
      .finally(() => process.exit(0));
  });
}
