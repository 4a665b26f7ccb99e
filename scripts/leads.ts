/**
 * npm run -s leads -- export --site SLUG [--format json|csv|adf] [--out FILE | --out DIR/] [--data DIR] [--include-spam]
 *   A dealer's leads, oldest first: json (an array of leads: their own fields, then the
 *   visitor's `tracking` and `values`), csv (a header row, then one row per lead) or adf (one
 *   ADF/XML document with a <prospect> per lead). Printed on stdout (nothing else is: messages go
 *   to stderr, and `-s` keeps npm's own banner off stdout), or written to FILE, or, when --out
 *   ends with a slash or names a folder, one file per lead in it (<lead_id>.json, .csv, .adf.xml).
 *   Any path the shell accepts: "a/../b/x.csv" is b/x.csv even when a does not exist, and the
 *   folders it names are created; a path that cannot be written fails naming it.
 * npm run leads -- erase --site SLUG (--email ADDRESS | --lead ID) [--data DIR]
 *   Deletes a person's leads everywhere they are stored (src/features/leads/server/erase.ts), and with --email
 *   their saved searches and the .eml files of their emails, and prints what it deleted.
 * Both read DATABASE_URL when set, else PGlite in the data folder. While npm start or npm run dev
 * has that folder open (one process at a time may), they do the database work through it
 * (src/features/leads/server/local-admin.ts) and say so on stderr; another process holding it is named, with
 * what to do.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirFrom, dbConfigFrom } from '../src/api/db/index.ts';
import { migrate } from '../src/api/db/migrate.ts';
import {
  describeErase,
  eraseLeadsOf,
  isLeadId,
  type EraseReport,
  type Person,
} from '../src/features/leads/server/erase.ts';
import {
  EXPORT_FORMATS,
  formatLeads,
  listLeads,
  writeLeads,
  type ExportFormat,
} from '../src/features/leads/server/export.ts';
import { openForCommand } from '../src/features/leads/server/local-admin-client.ts';
import type { LeadRow } from '../src/features/leads/server/store.ts';
import { loadDealers } from '../src/content/load.ts';
import { plural } from '../src/lib/text.ts';
import { processEnv, readEnv } from '../src/config/env.ts';

const USAGE = [
  'Usage: npm run -s leads -- export --site SLUG [--format json|csv|adf] [--out FILE | --out DIR/] [--data DIR] [--include-spam]',
  '       npm run leads -- erase --site SLUG (--email ADDRESS | --lead ID) [--data DIR]',
].join('\n');

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
      email: { type: 'string' },
      lead: { type: 'string' },
      out: { type: 'string' },
    },
  });
} catch (e) {
  fail((e as Error).message);
}
const { values, positionals } = parsed;
const command = positionals[0];
if ((command !== 'export' && command !== 'erase') || positionals.length > 1) {
  fail(positionals.length ? `Unknown command "${positionals.join(' ')}".` : 'Name a command: export or erase.');
}
if (!values.site) fail('--site SLUG is required.');
const site = values.site;
const dataDir = dataDirFrom(values.data);

let person: Person | undefined;
if (command === 'export') {
  if (!EXPORT_FORMATS.includes(values.format as ExportFormat))
    fail(`--format must be one of ${EXPORT_FORMATS.join(', ')}, not "${values.format}".`);
  if (values.email !== undefined || values.lead !== undefined) fail('--email and --lead belong to erase, not export.');
  if (values.out !== undefined && !values.out.trim()) fail('--out needs a file, or a folder ending in "/".');
} else {
  if (values.out !== undefined) fail('--out belongs to export, not erase.');
  if ((values.email === undefined) === (values.lead === undefined))
    fail('erase needs --email ADDRESS or --lead ID (one of them).');
  if (values.email !== undefined && !values.email.trim()) fail('--email needs an address.');
  if (values.lead !== undefined && !isLeadId(values.lead))
    fail(`--lead must be a lead id (a UUID, as export prints it), not "${values.lead}".`);
  person = values.email !== undefined ? { email: values.email } : { leadId: values.lead! };
}

/** Where the commands' database work is done: the database itself, or the server that has it open. */
interface Leads {
  listLeads(site: string, options: { includeSpam: boolean }): Promise<LeadRow[]>;
  eraseLeadsOf(site: string, person: Person): Promise<EraseReport>;
  close(): Promise<void>;
}

async function openLeads(): Promise<Leads> {
  const { db, server } = await openForCommand(dbConfigFrom(dataDir), dataDir, 'leads commands');
  if (server) {
    console.error(
      `The database in ${dataDir} is open in ${server.server} (pid ${server.pid}): ${command === 'erase' ? 'erasing' : 'exporting'} through it.`,
    );
    return { listLeads: server.listLeads, eraseLeadsOf: server.eraseLeadsOf, close: async () => {} };
  }
  try {
    await migrate(db);
  } catch (e) {
    await db.close();
    throw e;
  }
  return {
    listLeads: (slug, options) => listLeads(db, slug, options),
    eraseLeadsOf: (slug, who) => eraseLeadsOf(db, slug, who, { dataDir }),
    close: () => db.close(),
  };
}

async function exportLeads(db: Leads) {
  // The dealer's name and stock enrich ADF; the export works without them.
  const dealers = await loadDealers(readEnv(processEnv(), 'DEALERS_DIR') || 'dealers', { only: [site] }).catch(
    () => undefined,
  );
  const dealer = dealers?.dealers.find((d) => d.slug === site);
  const leads = await db.listLeads(site, { includeSpam: values['include-spam'] });
  const format = values.format as ExportFormat;
  const count = plural(leads.length, 'lead');
  if (values.out === undefined) {
    process.stdout.write(formatLeads(leads, format, dealer, values['include-spam']));
    console.error(`${count} of ${site}.`);
    return;
  }
  const files = await writeLeads(values.out, leads, format, dealer, values['include-spam']);
  if (!files.length && leads.length === 0)
    console.error(
      `0 leads of ${site}: nothing written${format === 'adf' ? ' (an ADF document needs at least one lead)' : ''}.`,
    );
  else if (files.length === 1 && files[0] === path.resolve(values.out))
    console.error(`${count} of ${site} written to ${values.out}.`);
  else console.error(`${count} of ${site} written to ${values.out}, ${plural(files.length, 'file')}.`);
}

async function eraseLeads(db: Leads, who: Person) {
  const report = await db.eraseLeadsOf(site, who);
  process.stdout.write(describeErase(report, site, who));
  if (report.errors.length) process.exitCode = 1;
}

try {
  const db = await openLeads();
  try {
    if (person) await eraseLeads(db, person);
    else await exportLeads(db);
  } finally {
    await db.close();
  }
} catch (e) {
  console.error(`${command === 'erase' ? 'Erase' : 'Export'} failed: ${(e as Error).message}`);
  process.exit(1);
}
