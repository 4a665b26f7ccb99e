/**
 * npm start [-- --sites DIR] [--port N] [--no-build] [--data DIR] [--rebuild-after SECONDS]
 *
 * Serves every built dealer site at http://<slug>.localhost:<port>/, a list of them at
 * http://localhost:<port>/, and the API under /api/ on every host. The API serves exactly the
 * dealers of the sites folder's build manifest, from the content those sites were built from, so
 * a folder built with `npm run build -- --dealers X --out Y` is served with X's dealers. It stores
 * leads in DATABASE_URL when set, else in PGlite under --data / DATA_DIR (default .data), applies
 * the migrations first, and delivers completed leads every 5 s (files under <data>/deliveries/
 * unless LEAD_WEBHOOK_URL / LEAD_ADF_URL say otherwise). Without FINANCE_PROVIDER_URL a local
 * stand-in finance provider answers finance applications. On PGlite, which it holds while it
 * runs, it lets `npm run leads -- export` and `erase` do their work through it
 * (src/features/leads/server/local-admin.ts).
 *
 * Before serving, the sites are brought up to date the way `npm run build -- --changed` does: the
 * whole folder when it holds no build or the code changed, else only the dealers whose snapshot
 * changed (from DEALERS_DIR, else the folder the manifest names, else "dealers"; ONLY_DEALERS
 * picks some). `--no-build` serves the folder as it is. A folder whose sites and manifest do not
 * match is refused with what is wrong, rather than served with an API that 404s. The server keeps
 * the connection limits of src/api/connection-guard.ts (SERVER_* variables).
 *
 * While it runs, the API follows the sites folder's manifest: a dealer a build adds
 * (`npm run build -- --only NEW`), changes or removes is served so from the next request on, without
 * a restart (src/engine/serve/served-dealers.ts). A dealer whose stock changes (npm run stock, POST /api/stock) has its site
 * rebuilt the same way some seconds after the last change, and served once built
 * (src/engine/serve/stock-rebuild.ts; `--rebuild-after`, default 20); not with `--no-build`.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSites } from '../src/engine/build/build-sites.ts';
import {
  checkedManifest,
  readBuiltContent,
  readManifests,
  type SitesManifest,
} from '../src/engine/build/manifest-read.ts';
import { fingerprintDealers, type DealerContent } from '../src/content/load.ts';
import { startServer } from '../src/engine/serve/static-server.ts';
import { listSites } from '../src/engine/serve/serve-index.ts';
import { startFinanceStandIn, type FinanceStandIn } from './standins/finance-standin.ts';
import { startStripeStandIn, type StripeStandIn } from './standins/stripe-standin.ts';
import { paymentsFromEnv, STANDIN_WEBHOOK_SECRET } from '../src/features/reservations/server/payments/from-env.ts';
import { dataDirFrom, openPglite } from '../src/api/db/index.ts';
import { offerLocalAdmin } from '../src/features/leads/server/local-admin.ts';
import { FINANCE_STANDIN_PORT, financeProviderFromEnv } from '../src/features/finance/server/finance-provider.ts';
import { startRuntime, type Runtime } from '../src/api/runtime.ts';
import { envDefault, processEnv, readEnv } from '../src/config/env.ts';
import { connectionLimitsFromEnv, type ConnectionLimits } from '../src/api/connection-guard.ts';
import { redactUrls } from '../src/lib/redact.ts';
import { REBUILD_QUIET_MS, spawnBuild, stockRebuilds, type StockRebuilds } from '../src/engine/serve/stock-rebuild.ts';
import { followManifest, type ManifestFollower } from '../src/engine/serve/served-dealers.ts';

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: 'dist/sites' },
    port: { type: 'string', default: readEnv(processEnv(), 'PORT') || envDefault('PORT') },
    build: { type: 'boolean', default: true },
    data: { type: 'string' },
    'rebuild-after': { type: 'string', default: String(REBUILD_QUIET_MS / 1000) },
  },
  allowNegative: true,
});

const sitesDir = path.resolve(values.sites);
const only = readEnv(processEnv(), 'ONLY_DEALERS')
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (0-65535), not "${values.port}".`);
  process.exit(1);
}
const rebuildAfter = Number(values['rebuild-after']);
if (!(rebuildAfter >= 0 && rebuildAfter <= 3600)) {
  console.error(`--rebuild-after takes seconds from 0 to 3600, not "${values['rebuild-after']}".`);
  process.exit(1);
}
let limits: ConnectionLimits;
try {
  limits = connectionLimitsFromEnv(processEnv());
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}

const previous = await readManifests(sitesDir).catch(() => undefined);
const dealersDir = path.resolve(readEnv(processEnv(), 'DEALERS_DIR') || previous?.dealersDir || 'dealers');

if (values.build) {
  const result = await buildSites({
    dealersDir,
    outDir: sitesDir,
    only,
    changed: true,
    // The stock the API below serves: imported stock is built from the same data folder.
    dataDir: dataDirFrom(values.data),
    log: (line) => console.log(line),
  }).catch((e: unknown) => {
    console.error(`\nBuild failed: ${(e as Error).stack ?? String(e)}`);
    return undefined;
  });
  if (!result || (!result.ok && !result.failed.length)) {
    console.error('\nNot serving: fix the errors above and run npm start again.');
    process.exit(1);
  }
  if (result.failed.length)
    console.warn(
      `\nServing the other dealers; ${result.failed.join(', ')} ${result.failed.length === 1 ? 'shows its' : 'show their'} last good site, or its errors when there is none.`,
    );
}

let dealers: DealerContent[];
let failed: SitesManifest['failed'] = {};
let fingerprints: Record<string, string> = {};
try {
  const manifest = await checkedManifest(sitesDir);
  failed = manifest.failed;
  fingerprints = Object.fromEntries(Object.entries(manifest.dealers).map(([slug, d]) => [slug, d.fingerprint]));
  dealers = await readBuiltContent(sitesDir, Object.keys(manifest.dealers));
  if (!values.build) {
    // Served as built; say so when the snapshots have moved on since.
    const slugs = Object.keys(manifest.dealers);
    const prints = await fingerprintDealers(manifest.dealersDir, slugs).catch(() => undefined);
    const moved = prints ? slugs.filter((s) => prints[s] !== manifest.dealers[s]!.fingerprint) : [];
    if (moved.length)
      console.warn(
        `warning: ${moved.join(', ')} changed in ${manifest.dealersDir} since these sites were built; serving the sites and API as built (run without --no-build to rebuild them)`,
      );
  }
} catch (e) {
  console.error(`Not serving: ${(e as Error).message}`);
  process.exit(1);
}

const dataDir = dataDirFrom(values.data);
let standIn: FinanceStandIn | undefined;
let stripeStandIn: StripeStandIn | undefined;
let api: Runtime;
let follower: ManifestFollower;
let runtimeDealers: DealerContent[];
let rebuilds: StockRebuilds | undefined;
if (values.build)
  rebuilds = stockRebuilds({
    run: spawnBuild({ dealersDir, sitesDir, dataDir }),
    log: (line) => console.log(line),
    quietMs: rebuildAfter * 1000,
    // The API follows the rebuilt folder's manifest at once (it would on the next request anyway).
    afterBuild: async () => {
      await follower.check();
    },
  });
try {
  // Deposits without a Stripe account: the same Stripe client, on a local stand-in of Stripe.
  if (!readEnv(processEnv(), 'STRIPE_SECRET_KEY')) stripeStandIn = await startStripeStandIn();
  if (!readEnv(processEnv(), 'FINANCE_PROVIDER_URL')) {
    // The usual port, so the provider's pages keep their address across restarts; any port when it is taken.
    standIn = await startFinanceStandIn({ port: FINANCE_STANDIN_PORT }).catch(() => startFinanceStandIn({ port: 0 }));
  }
  api = await startRuntime({
    dealers,
    dataDir,
    openEmbedded: openPglite,
    financeProvider: financeProviderFromEnv(process.env, { standInUrl: standIn?.url }),
    payments: paymentsFromEnv(process.env, { standInUrl: stripeStandIn?.url }),
    log: (line) => console.log(line),
    onStockChanged: rebuilds && ((slug) => rebuilds.changed(slug)),
  });
  // A build swapping in new output (npm run build -- --only NEW) is served without a restart: the
  // API follows the folder's manifest (src/engine/serve/served-dealers.ts), keeping the runtime's
  // own list in step in place while the routes get a new list on each change.
  runtimeDealers = api.deps.dealers;
  follower = followManifest({ sitesDir, deps: api.deps, failed, fingerprints, log: (line) => console.log(line) });
} catch (e) {
  console.error(`The API could not start: ${redactUrls((e as Error).message)}`);
  await standIn?.close();
  await stripeStandIn?.close();
  process.exit(1);
}

const running = await startServer({
  sitesDir,
  dealersDir,
  port,
  api: follower.wrap(api.app.fetch),
  failed,
  limits,
}).catch((e: NodeJS.ErrnoException) => {
  console.error(
    e.code === 'EADDRINUSE' ? `Port ${port} is already in use; choose another with npm start -- --port N` : e,
  );
  process.exit(1);
});

// The stand-in posts its signed notifications to this server's webhook route, as Stripe would.
stripeStandIn?.setWebhook(`${running.origin}/api/payments/webhook`, STANDIN_WEBHOOK_SECRET);

// The leads commands cannot open the embedded database while this process holds it: they come through here.
const leadsAdmin = await offerLocalAdmin({
  db: api.deps.db,
  dataDir,
  server: 'npm start',
  warn: console.warn,
  dealers: runtimeDealers,
  onStockChanged: api.deps.onStockChanged,
});

const sites = await listSites(sitesDir, dealersDir);
console.log(`\nServing ${sites.length} site${sites.length === 1 ? '' : 's'} from ${sitesDir}:`);
const width = Math.max(0, ...sites.map((s) => s.name.length));
for (const s of sites) console.log(`  ${s.name.padEnd(width)}  ${running.siteOrigin(s.slug)}/`);
console.log(`\n  All sites   ${running.origin}/`);
console.log(`  API         ${running.origin}/api/health  (leads in ${api.database})`);
if (standIn) console.log(`  Finance     stand-in provider at ${standIn.url} (set FINANCE_PROVIDER_URL for a real one)`);
if (stripeStandIn)
  console.log(`  Payments    stand-in of Stripe at ${stripeStandIn.url} (set STRIPE_SECRET_KEY for Stripe itself)`);
console.log('\nPress Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    follower.close();
    void running
      .close()
      .then(() => rebuilds?.close())
      .then(() => leadsAdmin?.close())
      .then(() => Promise.all([api.close(), standIn?.close(), stripeStandIn?.close()]))
      .finally(() => process.exit(0));
  });
}
