/**
 * npm run dev [-- --only SLUG[,SLUG]] [--dealers DIR] [--port N] [--data DIR]
 *
 * The editor preview: Astro's dev server with every dealer at http://<slug>.localhost:<port>/,
 * with the links and routes of the built sites (src/engine/dev/dev-hosts.ts), a list of the dealers
 * at http://localhost:<port>/, and the API under /api/ on every host. Edits under the dealers
 * folder show on the next reload, without a restart: the changed dealer is read and validated
 * again (src/engine/dev/dev-content.ts), and its content errors are shown in the browser and here.
 *
 * The API is the real one, as under `npm start`: leads in DATABASE_URL when set, else in PGlite
 * under --data (default DATA_DIR/dev, i.e. .data/dev, apart from npm start's database), with the
 * local finance stand-in unless FINANCE_PROVIDER_URL is set. It follows the content too: a
 * changed form is what the API checks the next lead against. On PGlite, `npm run leads -- export`
 * and `erase` with `--data` naming its folder do their work through it (src/features/leads/server/local-admin.ts).
 *
 * --dealers defaults to DEALERS_DIR, else "dealers"; --only to ONLY_DEALERS; --port to PORT, else 4321.
 * The server keeps npm start's connection limits (src/api/connection-guard.ts, SERVER_* variables).
 */
import { get } from 'node:http';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { dataDirFrom, openPglite } from '../src/api/db/index.ts';
import { maintenance } from '../src/api/core/deps.ts';
import { FINANCE_STANDIN_PORT, financeProviderFromEnv } from '../src/features/finance/server/finance-provider.ts';
import { startRuntime, type Runtime } from '../src/api/runtime.ts';
import { offerLocalAdmin } from '../src/features/leads/server/local-admin.ts';
import { indexContent } from '../src/features/search/server/index-content.ts';
import { startFinanceStandIn, type FinanceStandIn } from './standins/finance-standin.ts';
import { LiveContent, type DealerState, type ReloadReport } from '../src/engine/dev/dev-content.ts';
import { DEV_STOCK_POLL_MS, DevStock } from '../src/engine/dev/dev-stock.ts';
import { provideContent, setDevRun } from '../src/engine/integration/fleet-state.ts';
import { describeIssues, describeWarnings } from '../src/engine/dev/dev-pages.ts';
import { siteOrigin } from '../src/engine/serve/serve-index.ts';
import { envDefault, processEnv, readEnv } from '../src/config/env.ts';
import { connectionLimitsFromEnv, type ConnectionLimits } from '../src/api/connection-guard.ts';
import { redactUrls } from '../src/lib/redact.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: readEnv(processEnv(), 'ONLY_DEALERS') ?? '' },
    dealers: { type: 'string', default: readEnv(processEnv(), 'DEALERS_DIR') || 'dealers' },
    port: { type: 'string', default: readEnv(processEnv(), 'PORT') || envDefault('PORT') },
    data: { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number (0-65535), not "${values.port}".`);
  process.exit(1);
}
const only = values.only
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
let limits: ConnectionLimits;
try {
  limits = connectionLimitsFromEnv(processEnv());
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const dealersDir = path.resolve(values.dealers);
const dataDir = values.data ? path.resolve(values.data) : path.join(dataDirFrom(undefined), 'dev');
const started = performance.now();

const content = new LiveContent(dealersDir, only);
try {
  await content.loadAll();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
/** Which pages show a dealer's errors: all of them, or only its broken page files'. */
function brokenWhere(state: DealerState): string {
  if (!state.content) return 'its pages show them';
  const where = state.brokenPages.map((b) => b.path ?? `the home page (for ${b.file})`);
  return `only ${[...new Set(where)].join(', ')} ${where.length === 1 ? 'shows' : 'show'} them (its other pages show as usual)`;
}
/** The warnings last printed per dealer: a reload prints them only when they changed. */
const lastWarnings = new Map<string, string>();
for (const state of content.all()) {
  const warnings = describeWarnings(state.warnings);
  if (state.issues.length)
    console.error(
      `\n${state.slug} has content errors; ${brokenWhere(state)} until they are fixed:\n${describeIssues(state.issues)}`,
    );
  if (warnings) console.warn(`\n${state.slug}: warnings:\n${warnings}`);
  lastWarnings.set(state.slug, warnings);
}
// The cars npm start lists (its imported stock), so the preview shows the same stock as the sites.
const stock = new DevStock(dataDirFrom(undefined));
content.useStock((slug) => stock.cars(slug));
async function followStock(): Promise<void> {
  try {
    const moved = await stock.refresh(content.all().map((s) => s.slug));
    await Promise.all(moved.map((slug) => content.reload(slug)));
  } catch (e) {
    console.warn(`The imported stock could not be read: ${(e as Error).message}; the preview shows cars.json.`);
  }
}
await followStock();
setInterval(() => void followStock(), DEV_STOCK_POLL_MS).unref();
// The pages render this content (through the dealer-fleet integration), never DEALERS_DIR's own.
provideContent(content.valid());

interface Api {
  runtime: Runtime;
  standIn?: FinanceStandIn;
}

/** The finance stand-in (unless FINANCE_PROVIDER_URL is set) and the API runtime. */
async function startApi(): Promise<Api> {
  let standIn: FinanceStandIn | undefined;
  try {
    if (!readEnv(processEnv(), 'FINANCE_PROVIDER_URL')) {
      // The usual port, so the provider's pages keep their address across restarts; any port when it is taken.
      standIn = await startFinanceStandIn({ port: FINANCE_STANDIN_PORT }).catch(() => startFinanceStandIn({ port: 0 }));
    }
    const runtime = await startRuntime({
      dealers: content.forApi(),
      dataDir,
      openEmbedded: openPglite,
      financeProvider: financeProviderFromEnv(process.env, { standInUrl: standIn?.url }),
      log: (line) => console.log(line),
    });
    return { runtime, standIn };
  } catch (e) {
    await standIn?.close();
    throw new Error(`The API could not start: ${redactUrls((e as Error).message)}`, { cause: e });
  }
}

/**
 * The folders Vite may serve files from: the project's workspace (Vite's default), and the real
 * folder of node_modules when that is a link to elsewhere (a git worktree sharing the packages of
 * another checkout), without which the islands' renderer is refused with 403.
 */
async function servedFolders(): Promise<string[]> {
  const { searchForWorkspaceRoot } = await import('vite');
  const modules = await realpath(path.join(projectRoot, 'node_modules')).catch(() => undefined);
  return [searchForWorkspaceRoot(projectRoot), ...(modules ? [modules] : [])];
}

/** Astro's dev server, with the host routing and the content watcher of dev-hosts.ts. */
async function startDev(api: Promise<Api>) {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  process.env.ASTRO_DISABLE_UPDATE_CHECK = 'true';
  // The dealer-fleet integration (astro.config.mjs) mounts the dev hosts on Astro's server.
  setDevRun({
    content,
    api: async (request) => (await api).runtime.app.fetch(request),
    publicDir: path.join(projectRoot, 'public'),
    limits,
  });
  const { dev } = await import('astro');
  const allow = await servedFolders();
  try {
    return await dev({
      root: projectRoot,
      // Astro's own start-up banner names /<slug>/ URLs that this preview does not use.
      logLevel: 'warn',
      server: { port, host: '127.0.0.1' },
      vite: { server: { fs: { allow } } },
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `Port ${port} is already in use; choose another with npm run dev -- --port N`
        : `The dev server could not start: ${(e as Error).stack ?? String(e)}`,
      { cause: e },
    );
  }
}

/** The API follows each reload: the forms it checks leads against, and the search index. */
async function updateApi(api: Promise<Api>, report: ReloadReport): Promise<void> {
  const { runtime } = await api;
  runtime.deps.dealers = content.forApi();
  const dealer = report.state?.content;
  if (!dealer) return;
  try {
    await maintenance(runtime.deps.db, (db) => indexContent(db, [dealer]));
  } catch (e) {
    console.error(`${report.slug}: the search index could not be updated: ${(e as Error).message}`);
  }
}

function logReload(report: ReloadReport): void {
  const what = report.files.length
    ? ` (${report.files.slice(0, 3).join(', ')}${report.files.length > 3 ? ', …' : ''})`
    : '';
  const ms = `${Math.round(report.ms)} ms`;
  if (report.outcome === 'removed') console.log(`− ${report.slug}: folder removed${what}`);
  else if (report.outcome === 'loaded') console.log(`✓ ${report.slug}: reloaded in ${ms}${what}`);
  else {
    const issues = report.state?.issues ?? [];
    const shown = report.state ? brokenWhere(report.state) : 'its pages show them';
    console.error(
      `✗ ${report.slug}: ${issues.length} content error${issues.length === 1 ? '' : 's'}${what}; ${shown} until fixed (the API keeps the last valid content):\n${describeIssues(issues)}`,
    );
  }
  // Warnings only when they change, so that each save does not repeat them.
  const warnings = describeWarnings(report.state?.warnings ?? []);
  if (warnings !== (lastWarnings.get(report.slug) ?? '')) {
    if (warnings) console.warn(`  warnings:\n${warnings}`);
    else console.log('  no warnings left');
  }
  lastWarnings.set(report.slug, warnings);
}

// The API (PGlite's first start takes seconds) and Astro start side by side; an API request
// made before the API is up waits for it.
const apiStart = startApi();
content.onReload((report) => updateApi(apiStart, report));
content.onReload(logReload);
const [apiResult, serverResult] = await Promise.allSettled([apiStart, startDev(apiStart)]);
if (apiResult.status === 'rejected' || serverResult.status === 'rejected') {
  for (const result of [apiResult, serverResult])
    if (result.status === 'rejected') console.error((result.reason as Error).message);
  await Promise.all([
    apiResult.status === 'fulfilled' &&
      Promise.all([apiResult.value.runtime.close(), apiResult.value.standIn?.close()]),
    serverResult.status === 'fulfilled' && serverResult.value.stop(),
  ]);
  process.exit(1);
}
const { runtime: api, standIn } = apiResult.value;
const server = serverResult.value;
// The leads commands cannot open the embedded database while this process holds it: they come through here.
const leadsAdmin = await offerLocalAdmin({
  db: api.deps.db,
  dataDir,
  server: 'npm run dev',
  warn: console.warn,
  dealers: api.deps.dealers,
  onStockChanged: api.deps.onStockChanged,
});
const actualPort = server.address.port;
// Vite moves on to the next free port when the one asked for is taken.
if (port !== 0 && actualPort !== port)
  console.log(`\nPort ${port} is in use; the preview is on port ${actualPort} instead.`);
const dealers = content.all();
console.log(
  `\nPreviewing ${dealers.length} dealer${dealers.length === 1 ? '' : 's'} from ${dealersDir} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s):`,
);
const width = Math.max(0, ...dealers.map((d) => d.slug.length));
for (const d of dealers)
  console.log(
    `  ${d.slug.padEnd(width)}  ${siteOrigin(d.slug, actualPort)}/${d.issues.length ? '  (content errors)' : ''}`,
  );
console.log(`\n  All dealers  http://localhost:${actualPort}/`);
console.log(`  API          http://localhost:${actualPort}/api/health  (leads in ${api.database})`);
if (standIn)
  console.log(`  Finance      stand-in provider at ${standIn.url} (set FINANCE_PROVIDER_URL for a real one)`);
console.log('\nEdits under the dealers folder show on the next reload. Press Ctrl+C to stop.');

// Vite compiles the page components and bundles the dependencies on the first request, which
// takes seconds: ask for one home page now, so the editor's first page is not the one to wait.
const first = content.valid()[0];
if (first) {
  get(
    { host: '127.0.0.1', port: actualPort, path: '/', headers: { host: `${first.slug}.localhost:${actualPort}` } },
    (res) => res.resume(),
  ).on('error', () => {});
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server
      .stop()
      .then(() => leadsAdmin?.close())
      .then(() => Promise.all([api.close(), standIn?.close()]))
      .finally(() => process.exit(0));
  });
}
