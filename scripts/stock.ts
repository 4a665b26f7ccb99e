/**
 * npm run stock -- import --site SLUG [--delta] [--force] [--data DIR] [--dealers DIR] FILE
 *   Imports a dealer's stock feed (content format 1.2, "Stock feed"): CSV or JSON (by the file's
 *   extension, else by its first character). Each bad row is reported on stderr with its line (or
 *   index), column, value and reason, and skipped; the good rows are applied. A full feed (the
 *   default) withdraws the cars it no longer lists, shown as sold; --delta applies only the cars
 *   listed. A full feed that would withdraw most of the stock is refused unless --force.
 *   The import is searchable at once; the next `npm run build -- --changed` builds its pages.
 *
 * Reads DATABASE_URL when set, else PGlite in the data folder. While npm start or npm run dev has
 * that folder open, the import is done through it (src/features/leads/server/local-admin.ts), as the leads
 * commands are.
 *
 * A file that is not UTF-8 is read as Windows-1252 (what spreadsheet programs save as "CSV"), and
 * the import says so.
 *
 * Exit codes: 0 applied, every row; 3 applied, but some rows were skipped (they are listed), so a
 * stock system's scheduled job notices; 1 nothing applied (usage, unreadable file, a file that is
 * no feed, an unknown dealer, a database error); 2 a feed refused because it would take most of
 * the stock off the site (nothing changed; --force applies it).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirFrom, dbConfigFrom } from '../src/api/db/index.ts';
import { migrate } from '../src/api/db/migrate.ts';
import { openForCommand } from '../src/features/leads/server/local-admin-client.ts';
import {
  applyStockFeed,
  stockFeedOf,
  type ImportSummary,
  type StockFeed,
} from '../src/features/stock/server/import.ts';
import { formatRowError, readFeedFile } from '../src/features/stock/rules/feed.ts';
import { loadDealers, type DealerContent } from '../src/content/load.ts';
import { formatIssue } from '../src/content/issues.ts';
import { envDefault, processEnv, readEnv } from '../src/config/env.ts';
import { plural } from '../src/lib/text.ts';

const USAGE = 'Usage: npm run stock -- import --site SLUG [--delta] [--force] [--data DIR] [--dealers DIR] FILE';
/** Row errors printed at most; the count is always whole. */
const MAX_PRINTED = 100;

function fail(message: string, code = 1): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(code);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      site: { type: 'string' },
      delta: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      data: { type: 'string' },
      dealers: { type: 'string' },
    },
  });
} catch (e) {
  fail((e as Error).message);
}
const { values, positionals } = parsed;
if (positionals[0] !== 'import')
  fail(positionals.length ? `Unknown command "${positionals[0]}".` : 'Name a command: import.');
if (positionals.length !== 2) fail(positionals.length < 2 ? 'Name the feed file to import.' : 'Name one feed file.');
if (!values.site) fail('--site SLUG is required.');
const site = values.site;
const file = positionals[1]!;
const dataDir = dataDirFrom(values.data);
const dealersDir = values.dealers ?? (readEnv(processEnv(), 'DEALERS_DIR') || envDefault('DEALERS_DIR'));

/** Exit code of an import that applied the good rows and skipped the bad ones. */
const EXIT_SKIPPED = 3;

async function readFeed(): Promise<{ feed: StockFeed; errors: string[]; ignored: string[]; note?: string }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (e) {
    throw new Error(`Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, { cause: e });
  }
  const ext = path.extname(file).toLowerCase();
  const kind = ext === '.json' ? 'json' : ext === '.csv' ? 'csv' : undefined;
  const result = readFeedFile(bytes, {
    now: Date.now(),
    ...(kind ? { kind } : {}),
    ...(values.delta ? { mode: 'delta' as const } : {}),
  });
  if (result.fileError) throw new Error(`${file}: ${result.fileError}`);
  return {
    feed: stockFeedOf(result),
    errors: result.errors.map(formatRowError),
    ignored: result.ignoredColumns,
    ...(result.encoding === 'windows-1252'
      ? {
          note: `${file} is not UTF-8: read as Windows-1252 (a spreadsheet's "CSV"); save it as "CSV UTF-8" to be sure of every letter.`,
        }
      : {}),
  };
}

/** The dealer's validated snapshot: its locations name the feed's, its cars start its stock. */
async function dealerOf(): Promise<DealerContent> {
  const result = await loadDealers(dealersDir, { only: [site] });
  const dealer = result.dealers.find((d) => d.slug === site);
  if (!dealer) {
    const why = result.errors.map((e) => formatIssue(e)).join('; ');
    throw new Error(`no valid dealer "${site}" in ${dealersDir}${why ? `: ${why}` : ''}`);
  }
  return dealer;
}

async function apply(dealer: DealerContent, feed: StockFeed): Promise<{ summary: ImportSummary; through?: string }> {
  const { db, server } = await openForCommand(dbConfigFrom(dataDir), dataDir, 'stock imports');
  if (server) {
    return {
      summary: await server.importStock(site, feed, values.force),
      through: `${server.server} (pid ${server.pid})`,
    };
  }
  try {
    await migrate(db);
    return {
      summary: await applyStockFeed(db, dealer, feed, {
        source: 'cli',
        force: values.force,
      }),
    };
  } finally {
    await db.close();
  }
}

try {
  const dealer = await dealerOf();
  const { feed, errors: readErrors, ignored, note } = await readFeed();
  if (note) console.error(note);
  if (ignored.length) console.error(`Columns ignored (not in the feed format): ${ignored.join(', ')}`);
  const { summary, through } = await apply(dealer, feed);
  const errors = [...readErrors, ...(summary.errors ?? []).map(formatRowError)];
  for (const line of errors.slice(0, MAX_PRINTED)) console.error(`  ✗ ${line}`);
  if (errors.length > MAX_PRINTED) console.error(`  … and ${errors.length - MAX_PRINTED} more`);
  if (through) console.error(`The database in ${dataDir} is open in ${through}: imported through it.`);
  if (summary.duplicate) {
    console.log(`${site}: feed ${summary.feedId} was already applied; nothing changed.`);
  } else if (summary.refused) {
    console.error(`${site}: refused: ${summary.refused}`);
    process.exit(2);
  } else {
    console.log(
      `${site}: ${summary.mode} feed: ${summary.added} added, ${summary.updated} updated, ${summary.unchanged} unchanged, ` +
        `${summary.withdrawn} withdrawn, ${plural(summary.skipped, 'row')} skipped; ${plural(summary.listed, 'car')} listed.`,
    );
    if (summary.skipped > 0) {
      console.error(
        `${site}: ${plural(summary.skipped, 'row')} of the feed ${summary.skipped === 1 ? 'was' : 'were'} skipped ` +
          '(listed above): correct them in the stock system and send the feed again.',
      );
      process.exit(EXIT_SKIPPED);
    }
  }
} catch (e) {
  console.error(`Import failed: ${(e as Error).message}`);
  process.exit(1);
}
