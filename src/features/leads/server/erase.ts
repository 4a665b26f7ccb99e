/**
 * Erasing what leads hold. Whole leads go everywhere they are stored: the leads rows, their
 * outbox rows (which may hold an old copy of the lead as payload), their delivery attempts, and
 * the files a file destination wrote for them (and, for an email address, its saved searches and
 * their emails: src/features/saved-searches/server/mail-log.ts); that serves `npm run leads -- erase` (a person
 * asking for their data to go) and the retention policy. The sensitive finance fields alone go
 * from delivery files here, and from the database in src/features/leads/server/retention.ts, which decides when.
 */
import { access, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../api/core/deps.ts';
import { adfXml } from './outbox/adf.ts';
import { writeAtomically } from './outbox/send.ts';
import { LEAD_ID } from '../contract/leads.ts';
import { plural } from '../../../lib/text.ts';
import type { LeadPayload } from './outbox/payload.ts';
import type { LeadRow } from './store.ts';
import { eraseSavedSearchesOf } from '../../saved-searches/server/mail-log.ts';
import { eraseReservationContacts } from '../../reservations/server/rows.ts';
import { eraseDealsOf } from '../../online-deal/server/privacy.ts';

/**
 * Date of birth, driver licence number and address (src/forms/forms/finance.ts, and the address
 * fields of src/forms/fields.ts). The index of migration 0006 lists the same names in this order.
 */
export const SENSITIVE_FIELDS = [
  'dateOfBirth',
  'driverLicenceNumber',
  'currentAddress',
  'Your Current Address',
  'street',
  'suburb',
  'state',
  'postcode',
] as const;

function stripped<T>(values: T): T {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return values;
  const out = { ...values } as Record<string, unknown>;
  for (const name of SENSITIVE_FIELDS) delete out[name];
  return out as T;
}

function strippedSteps<T>(steps: T): T {
  if (!steps || typeof steps !== 'object' || Array.isArray(steps)) return steps;
  return Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, stripped(v)])) as T;
}

/** The lead without its sensitive fields, in its values and in each step's. */
export const leadWithoutSensitive = (lead: LeadRow): LeadRow => ({
  ...lead,
  values: stripped(lead.values),
  step_values: strippedSteps(lead.step_values),
});

/** A delivered payload without the sensitive fields, everything else as it was. */
export const payloadWithoutSensitive = (payload: LeadPayload): LeadPayload => ({
  ...payload,
  values: stripped(payload.values),
  steps: strippedSteps(payload.steps),
});

export interface LeadRef {
  id: string;
  site_slug: string;
}

export interface DeleteReport {
  /** Ids of the leads deleted. */
  leads: string[];
  outbox: number;
  deliveries: number;
  /** Delivery files deleted, by path. */
  files: string[];
  /** What could not be deleted; those leads are left in the database, to be deleted later. */
  errors: string[];
}

/** A file destination's files of one lead (src/features/leads/server/outbox/send.ts sendFiles). */
export function deliveryFiles(dir: string, leadId: string): string[] {
  return [path.join(dir, `${leadId}.json`), path.join(dir, `${leadId}.adf.xml`)];
}

/**
 * The folders that may hold a lead's delivery files: the folder of each of its file outbox rows,
 * every folder an attempt wrote it to (a lead whose destination was gone goes to the deliveries
 * folder: src/features/leads/server/outbox/deliver.ts) and, when the data folder is known,
 * `<dataDir>/deliveries/<slug>/` (the default destination).
 */
export async function deliveryDirs(db: Db, leads: LeadRef[], dataDir?: string): Promise<Map<string, string[]>> {
  const dirs = new Map(
    leads.map((l) => [l.id, new Set(dataDir ? [path.join(dataDir, 'deliveries', l.site_slug)] : [])]),
  );
  if (leads.length) {
    const { rows } = await db.query<{ lead_id: string; target: string }>(
      `SELECT lead_id, target FROM outbox WHERE lead_id = ANY($1::uuid[]) AND destination = 'file'
       UNION
       SELECT o.lead_id, d.target FROM deliveries d JOIN outbox o ON o.id = d.outbox_id
       WHERE o.lead_id = ANY($1::uuid[]) AND d.target IS NOT NULL AND d.target !~ '^https?://'`,
      [leads.map((l) => l.id)],
    );
    for (const r of rows) dirs.get(r.lead_id)?.add(path.resolve(r.target));
  }
  return new Map([...dirs].map(([id, set]) => [id, [...set]]));
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/**
 * Rewrites the lead's delivery files without the sensitive fields, with the same builders that
 * wrote them: the JSON from the payload it holds, the ADF/XML from that payload too, or from
 * `fallback` (the outbox row's payload or the lead's, already erased) when the JSON is gone or
 * unreadable. A file the dealer has taken away stays away. Answers how many files it rewrote.
 */
export async function eraseFromFiles(dirs: string[], leadId: string, fallback: LeadPayload): Promise<number> {
  let rewritten = 0;
  for (const dir of dirs) {
    const [json, adf] = deliveryFiles(dir, leadId) as [string, string];
    let payload = fallback;
    if (await exists(json)) {
      try {
        payload = payloadWithoutSensitive(JSON.parse(await readFile(json, 'utf8')) as LeadPayload);
      } catch (e) {
        // Not JSON any more: what it holds cannot be told apart, so it is replaced whole.
        if (!(e instanceof SyntaxError)) throw e;
      }
      await writeAtomically(json, JSON.stringify(payload, null, 2) + '\n');
      rewritten++;
    }
    if (await exists(adf)) {
      await writeAtomically(adf, adfXml(payload));
      rewritten++;
    }
  }
  return rewritten;
}

// Children first: the foreign keys are checked at the end of the statement, when all three are gone.
const DELETE = `
WITH doomed AS (SELECT unnest($1::uuid[]) AS id),
gone_deliveries AS (
  DELETE FROM deliveries d USING outbox o, doomed WHERE d.outbox_id = o.id AND o.lead_id = doomed.id RETURNING d.id
),
gone_outbox AS (DELETE FROM outbox o USING doomed WHERE o.lead_id = doomed.id RETURNING o.id),
gone_leads AS (DELETE FROM leads l USING doomed WHERE l.id = doomed.id RETURNING l.id)
SELECT (SELECT count(*) FROM gone_deliveries)::int AS deliveries, (SELECT count(*) FROM gone_outbox)::int AS outbox,
  COALESCE((SELECT array_agg(id::text) FROM gone_leads), '{}') AS leads`;

/**
 * Deletes the leads, their outbox and deliveries rows and their delivery files. The files go
 * first: a lead whose file cannot be deleted stays in the database (reported in `errors`), so
 * nothing is left behind that no row points to any more.
 */
export async function deleteLeads(db: Db, leads: LeadRef[], options: { dataDir?: string } = {}): Promise<DeleteReport> {
  const report: DeleteReport = { leads: [], outbox: 0, deliveries: 0, files: [], errors: [] };
  if (!leads.length) return report;
  const dirs = await deliveryDirs(db, leads, options.dataDir);
  const deletable: string[] = [];
  for (const lead of leads) {
    let ok = true;
    for (const dir of dirs.get(lead.id) ?? []) {
      for (const file of deliveryFiles(dir, lead.id)) {
        try {
          await unlink(file);
          report.files.push(file);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
          ok = false;
          report.errors.push(`Could not delete ${file}, so lead ${lead.id} is kept: ${(e as Error).message}`);
        }
      }
    }
    if (ok) deletable.push(lead.id);
  }
  if (deletable.length) {
    const { rows } = await db.query<{ deliveries: number; outbox: number; leads: string[] }>(DELETE, [deletable]);
    const gone = new Set(rows[0]!.leads);
    report.leads = deletable.filter((id) => gone.has(id));
    report.outbox = rows[0]!.outbox;
    report.deliveries = rows[0]!.deliveries;
  }
  return report;
}

/** Whose leads to erase: everything one email address sent, or one lead. */
export type Person = { email: string } | { leadId: string };

export const isLeadId = (value: string) => LEAD_ID.test(value);

// Spaces, tabs and line breaks, as trim() takes them off the address asked for.
const TRIMMED_EMAIL = `lower(btrim("values"->>'email', E' \\t\\r\\n'))`;

/** The site's leads of that person, oldest first. */
export async function findLeadsOf(db: Db, siteSlug: string, person: Person): Promise<LeadRef[]> {
  if ('leadId' in person) {
    if (!isLeadId(person.leadId)) return [];
    return (
      await db.query<LeadRef>('SELECT id, site_slug FROM leads WHERE site_slug = $1 AND id = $2::uuid', [
        siteSlug,
        person.leadId,
      ])
    ).rows;
  }
  const email = person.email.trim().toLowerCase();
  if (!email) return [];
  const { rows } = await db.query<LeadRef>(
    `SELECT id, site_slug FROM leads WHERE site_slug = $1 AND ${TRIMMED_EMAIL} = $2 ORDER BY created_at, id`,
    [siteSlug, email],
  );
  return rows;
}

export interface EraseReport extends DeleteReport {
  /** False when the database holds no lead of the site at all (a mistyped slug, perhaps). */
  siteHasLeads: boolean;
  /** The person's saved searches deleted (an erase by email address). */
  savedSearches: number;
  /** Their saved-search emails' .eml files deleted. */
  mailFiles: string[];
  /** Their reservations whose name, email and phone were removed (an erase by email address). */
  reservations: number;
  /** Their online deals deleted (an erase by email address). */
  deals: number;
}

/** Deletes every lead of the person on the site, everywhere it is stored (see deleteLeads). */
export async function eraseLeadsOf(
  db: Db,
  siteSlug: string,
  person: Person,
  options: { dataDir?: string } = {},
): Promise<EraseReport> {
  const found = await findLeadsOf(db, siteSlug, person);
  const deleted = await deleteLeads(db, found, options);
  const siteHasLeads =
    found.length > 0 ||
    (await db.query('SELECT 1 FROM leads WHERE site_slug = $1 LIMIT 1', [siteSlug])).rows.length > 0;
  // The address may also have saved searches, with the emails they were sent.
  const saved = 'email' in person ? await eraseSavedSearchesOf(db, siteSlug, person.email) : undefined;
  // And reservations, whose payment records stay without the person's details.
  const reservations = 'email' in person ? await eraseReservationContacts(db, siteSlug, person.email) : 0;
  const deals = 'email' in person ? await eraseDealsOf(db, siteSlug, person.email) : 0;
  return {
    reservations,
    deals,
    ...deleted,
    errors: [...deleted.errors, ...(saved?.errors ?? [])],
    siteHasLeads,
    savedSearches: saved?.searches ?? 0,
    mailFiles: saved?.files ?? [],
  };
}

/** What an erase did, for the person who ran it. */
export function describeErase(report: EraseReport, siteSlug: string, person: Person): string {
  const whose = 'email' in person ? `with the email ${person.email.trim()}` : `with the id ${person.leadId}`;
  const saved: string[] = [];
  if (report.savedSearches || report.mailFiles.length) {
    saved.push(
      `Deleted ${plural(report.savedSearches, 'saved search', 'saved searches')} of ${siteSlug} ${whose}, and ${plural(report.mailFiles.length, 'email file')}:`,
      ...report.mailFiles.map((f) => `  ${f}`),
    );
  }
  if (report.reservations) {
    saved.push(
      `Removed the name, email and phone from ${plural(report.reservations, 'reservation')} of ${siteSlug} ${whose} (the deposit's amount and payment reference stay).`,
    );
  }
  if (report.deals) saved.push(`Deleted ${plural(report.deals, 'online deal')} of ${siteSlug} ${whose}.`);
  if (!report.leads.length && !report.errors.length) {
    if (saved.length) return [`No lead of ${siteSlug} ${whose}.`, ...saved].join('\n') + '\n';
    return report.siteHasLeads
      ? `No lead of ${siteSlug} ${whose}: nothing to delete.\n`
      : `No lead of ${siteSlug} is stored (is the slug right?): nothing to delete.\n`;
  }
  const lines: string[] = [];
  if (report.leads.length) {
    lines.push(
      `Deleted ${plural(report.leads.length, 'lead')} of ${siteSlug} ${whose}:`,
      ...report.leads.map((id) => `  ${id}`),
    );
    lines.push(`Deleted ${plural(report.outbox, 'outbox row')} and ${plural(report.deliveries, 'delivery attempt')}.`);
    lines.push(
      report.files.length
        ? `Deleted ${plural(report.files.length, 'delivery file')}:`
        : 'Deleted no delivery file (none was found here).',
    );
    lines.push(...report.files.map((f) => `  ${f}`));
  }
  lines.push(...saved, ...report.errors);
  return lines.join('\n') + '\n';
}
