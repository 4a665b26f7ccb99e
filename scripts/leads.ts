/**
 * npm run leads -- export --site SLUG [--format json|csv|adf] [--data DIR] [--include-spam]
 * Prints a dealer's leads, oldest first: json (an array of leads with lead_id, lead_status and
 * every stored value), csv (a header row, then one row per lead) or adf (one ADF/XML document
 * per lead). Reads DATABASE_URL when set, else PGlite in the data folder.
 */
import { parseArgs } from 'node:util';
import { dataDirFrom, dbConfigFrom, openDb } from '../src/api/db/index.ts';
import { migrate } from '../src/api/db/migrate.ts';
import { EXPORT_FORMATS, formatLeads, listLeads, type ExportFormat } from '../src/api/leads/export.ts';
import { loadDealers } from '../src/content/load.ts';

const USAGE = 'Usage: npm run leads -- export --site SLUG [--format json|csv|adf] [--data DIR] [--include-spam]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      site: { type: 'string' },
      format: { type: 'string', default: 'json' },
      data: { type: 'string' },
      'include-spam': { type: 'boolean', default: false },
    },
  });
} catch (e) {
  fail((e as Error).message);
}
const { values, positionals } = parsed;
if (positionals[0] !== 'export' || positionals.length > 1) fail(positionals.length ? `Unknown command "${positionals.join(' ')}".` : 'Name a command.');
if (!values.site) fail('--site SLUG is required.');
if (!EXPORT_FORMATS.includes(values.format as ExportFormat)) fail(`--format must be one of ${EXPORT_FORMATS.join(', ')}, not "${values.format}".`);

// The dealer's name and stock enrich ADF; the export works without them.
const dealers = await loadDealers(process.env.DEALERS_DIR || 'dealers', { only: [values.site] }).catch(() => undefined);
const dealer = dealers?.dealers.find((d) => d.slug === values.site);

try {
  const db = await openDb(dbConfigFrom(dataDirFrom(values.data)));
  try {
    await migrate(db);
    const leads = await listLeads(db, values.site, { includeSpam: values['include-spam'] });
    process.stdout.write(formatLeads(leads, values.format as ExportFormat, dealer, values['include-spam']));
    console.error(`${leads.length} lead${leads.length === 1 ? '' : 's'} of ${values.site}.`);
  } finally {
    await db.close();
  }
} catch (e) {
  console.error(`Export failed: ${(e as Error).message}`);
  process.exit(1);
}
