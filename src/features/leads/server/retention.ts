/**
 * How long leads are kept (Australian Privacy Principle 11, NZ Privacy Act IPP 9), per dealer
 * from the environment like lead destinations (site.json has no field for it):
 *
 *   LEAD_SENSITIVE_DAYS[_<SLUG>]     days a lead keeps its sensitive finance fields once delivered (30)
 *   LEAD_RETENTION_MONTHS[_<SLUG>]   months after creation a lead is deleted whole (24)
 *
 * Sensitive fields (SENSITIVE_FIELDS of src/features/leads/server/erase.ts) are erased from the lead's values
 * and step values, from payloads outbox rows hold, and from its delivery files, N days after the
 * lead was delivered (every outbox row delivered, or failed for good), or N days after its last
 * save when it was never completed. Whole leads go with their outbox and deliveries rows and files.
 * Saved searches (email addresses) follow the same period: src/features/saved-searches/server/mail-log.ts.
 */
import type { DealerContent } from '../../../content/load.ts';
import type { Db } from '../../../api/core/deps.ts';
import { envDefault, envInt } from '../../../config/env.ts';
import { plural } from '../../../lib/text.ts';
import { envSuffix, type Env } from './outbox/destinations.ts';
import { leadPayload, type LeadPayload } from './outbox/payload.ts';
import {
  deleteLeads,
  deliveryDirs,
  eraseFromFiles,
  leadWithoutSensitive,
  payloadWithoutSensitive,
  SENSITIVE_FIELDS,
  type LeadRef,
} from './erase.ts';
import type { LeadRow } from './store.ts';
import { purgeSavedSearches } from '../../saved-searches/server/mail-log.ts';
import { purgeReservations } from '../../reservations/server/rows.ts';

export const DEFAULT_SENSITIVE_DAYS = envDefault('LEAD_SENSITIVE_DAYS');
export const DEFAULT_RETENTION_MONTHS = envDefault('LEAD_RETENTION_MONTHS');
// The variables' maximums (src/config/env.ts) keep a date before "now" in the range of a JavaScript Date and of timestamptz.
const DAY_MS = 86_400_000;

export interface RetentionPolicy {
  sensitiveDays: number;
  retentionMonths: number;
}

export interface Retention {
  /** For every site without its own variables, dealers the API no longer serves included. */
  defaults: RetentionPolicy;
  /** The sites whose policy differs from the defaults. */
  sites: Record<string, RetentionPolicy>;
}

/** Every dealer's policy, checked up front so a mistake stops the start-up rather than a purge. */
export function retentionFromEnv(slugs: string[], env: Env): Retention {
  const defaults: RetentionPolicy = {
    sensitiveDays: envInt(env, 'LEAD_SENSITIVE_DAYS') ?? DEFAULT_SENSITIVE_DAYS,
    retentionMonths: envInt(env, 'LEAD_RETENTION_MONTHS') ?? DEFAULT_RETENTION_MONTHS,
  };
  const sites: Record<string, RetentionPolicy> = {};
  for (const slug of slugs) {
    const suffix = envSuffix(slug);
    const policy: RetentionPolicy = {
      sensitiveDays: envInt(env, 'LEAD_SENSITIVE_DAYS', suffix) ?? defaults.sensitiveDays,
      retentionMonths: envInt(env, 'LEAD_RETENTION_MONTHS', suffix) ?? defaults.retentionMonths,
    };
    if (policy.sensitiveDays !== defaults.sensitiveDays || policy.retentionMonths !== defaults.retentionMonths)
      sites[slug] = policy;
  }
  return { defaults, sites };
}

/** The same day `months` calendar months earlier, or the month's last day when it has no such day. */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return d;
}

const KEYS = `ARRAY[${SENSITIVE_FIELDS.map((f) => `'${f}'`).join(', ')}]`;
// (e) - keys: a binary minus binds tighter than ->, so `p->'values' - keys` would subtract from 'values'.
const strippedSql = (e: string) => `CASE WHEN jsonb_typeof(${e}) = 'object' THEN (${e}) - ${KEYS} ELSE ${e} END`;
const strippedStepsSql = (e: string) => `CASE WHEN jsonb_typeof(${e}) = 'object' THEN COALESCE((
  SELECT jsonb_object_agg(s.key, ${strippedSql('s.value')}) FROM jsonb_each(CASE WHEN jsonb_typeof(${e}) = 'object' THEN ${e} END) AS s
), '{}'::jsonb) ELSE ${e} END`;

/**
 * A lead due for erasure. $1: the latest cutoff of any site (the index's range); $2: a JSON object
 * of the cutoffs of sites with their own policy; $3: everyone else's. The first line is the
 * predicate of the leads_sensitive index, written the same so the planner uses it.
 */
const CUTOFF = `COALESCE(($2::jsonb ->> l.site_slug)::timestamptz, $3::timestamptz)`;
const SENSITIVE_DUE = `l."values" ?| ${KEYS}
  AND l.updated_at <= $1::timestamptz AND l.updated_at <= ${CUTOFF}
  AND NOT EXISTS (
    SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND (o.status = 'pending' OR COALESCE(o.delivered_at, o.updated_at) > ${CUTOFF})
  )`;

const SENSITIVE_BATCH = `SELECT l.* FROM leads l WHERE ${SENSITIVE_DUE} AND NOT (l.id = ANY($4::uuid[])) ORDER BY l.updated_at LIMIT $5`;

const payloadSql = (p: string) => `CASE WHEN jsonb_typeof(${p}) = 'object' THEN ${p}
  || CASE WHEN ${p} ? 'values' THEN jsonb_build_object('values', ${strippedSql(`${p}->'values'`)}) ELSE '{}'::jsonb END
  || CASE WHEN ${p} ? 'steps' THEN jsonb_build_object('steps', ${strippedStepsSql(`${p}->'steps'`)}) ELSE '{}'::jsonb END
  ELSE ${p} END`;

// The condition again: a lead saved since it was read is not due any more.
const ERASE = `
WITH erased AS (
  UPDATE leads l SET "values" = l."values" - ${KEYS}, step_values = ${strippedStepsSql('l.step_values')}
  WHERE l.id = ANY($4::uuid[]) AND ${SENSITIVE_DUE}
  RETURNING l.id
),
payloads AS (
  UPDATE outbox o SET payload = ${payloadSql('o.payload')} FROM erased WHERE o.lead_id = erased.id AND o.payload IS NOT NULL RETURNING o.id
)
SELECT (SELECT count(*) FROM erased)::int AS leads`;

export interface PurgeReport {
  /** Leads whose sensitive fields were erased. */
  sensitiveErased: number;
  /** Delivery files rewritten without them. */
  filesRewritten: number;
  /** Leads deleted whole, with their outbox rows, delivery attempts and files. */
  leadsDeleted: number;
  outboxDeleted: number;
  deliveriesDeleted: number;
  filesDeleted: number;
  /** Saved searches deleted (unconfirmed for days, or untouched for the retention period). */
  savedSearchesDeleted: number;
  /** Saved-search email records deleted, and their .eml files. */
  mailDeleted: number;
  mailFilesDeleted: number;
  /** Ended reservations (src/features/reservations/server/) deleted past the retention period. */
  reservationsDeleted: number;
  /** True when the limit stopped it: more is due, for the next call. */
  more: boolean;
  /** Files that could not be rewritten or deleted; their leads are tried again next time. */
  errors: string[];
}

export interface PurgeOptions {
  retention: Retention;
  now: Date;
  /** The data folder, whose deliveries/<slug>/ may hold delivery files. */
  dataDir?: string;
  /** For rebuilding an ADF file whose JSON file is gone. */
  dealers?: DealerContent[];
  /** Most leads erased, and most deleted, in one call (default 5,000). */
  limit?: number;
}

const BATCH = 500;

async function eraseSensitive(db: Db, options: PurgeOptions, report: PurgeReport, limit: number) {
  const { retention, now } = options;
  const cutoffOf = (p: RetentionPolicy) => new Date(now.getTime() - p.sensitiveDays * DAY_MS);
  const cutoffs = [retention.defaults, ...Object.values(retention.sites)].map((p) => cutoffOf(p).getTime());
  const siteCutoffs = Object.fromEntries(
    Object.entries(retention.sites).map(([slug, p]) => [slug, cutoffOf(p).toISOString()]),
  );
  const params = [
    new Date(Math.max(...cutoffs)).toISOString(),
    JSON.stringify(siteCutoffs),
    cutoffOf(retention.defaults).toISOString(),
  ];
  const skipped: string[] = [];
  let done = 0;
  while (done < limit) {
    const { rows: leads } = await db.query<LeadRow>(SENSITIVE_BATCH, [
      ...params,
      skipped,
      Math.min(BATCH, limit - done),
    ]);
    if (!leads.length) return;
    const dirs = await deliveryDirs(db, leads, options.dataDir);
    const { rows: stored } = await db.query<{ lead_id: string; payload: LeadPayload }>(
      `SELECT lead_id, payload FROM outbox WHERE lead_id = ANY($1::uuid[]) AND payload IS NOT NULL`,
      [leads.map((l) => l.id)],
    );
    const erasable: string[] = [];
    for (const lead of leads) {
      const row = stored.find((s) => s.lead_id === lead.id);
      const fallback = row
        ? payloadWithoutSensitive(row.payload)
        : leadPayload(
            leadWithoutSensitive(lead),
            options.dealers?.find((d) => d.slug === lead.site_slug),
          );
      try {
        report.filesRewritten += await eraseFromFiles(dirs.get(lead.id) ?? [], lead.id, fallback);
        erasable.push(lead.id);
      } catch (e) {
        skipped.push(lead.id);
        report.errors.push(
          `Could not erase the sensitive fields of lead ${lead.id} from its delivery files: ${(e as Error).message}`,
        );
      }
    }
    if (erasable.length)
      report.sensitiveErased += (await db.query<{ leads: number }>(ERASE, [...params, erasable])).rows[0]!.leads;
    done += leads.length;
    if (leads.length < BATCH) return;
  }
  report.more = true;
}

async function deleteExpired(db: Db, options: PurgeOptions, report: PurgeReport, limit: number) {
  const { retention, now } = options;
  // Sites grouped by policy, so each statement finds its leads by (site_slug, created_at) or created_at.
  const byMonths = new Map<number, string[]>();
  for (const [slug, p] of Object.entries(retention.sites)) {
    if (p.retentionMonths !== retention.defaults.retentionMonths)
      byMonths.set(p.retentionMonths, [...(byMonths.get(p.retentionMonths) ?? []), slug]);
  }
  const own = [...byMonths.values()].flat();
  const groups = [
    { where: 'NOT (site_slug = ANY($2::text[]))', slugs: own, months: retention.defaults.retentionMonths },
    ...[...byMonths].map(([months, slugs]) => ({ where: 'site_slug = ANY($2::text[])', slugs, months })),
  ];
  const skipped: string[] = [];
  let done = 0;
  for (const group of groups) {
    for (;;) {
      if (done >= limit) {
        report.more = true;
        return;
      }
      const { rows } = await db.query<LeadRef>(
        `SELECT id, site_slug FROM leads WHERE ${group.where} AND created_at <= $1::timestamptz AND NOT (id = ANY($3::uuid[]))
         ORDER BY created_at LIMIT $4`,
        [monthsBefore(now, group.months).toISOString(), group.slugs, skipped, Math.min(BATCH, limit - done)],
      );
      if (!rows.length) break;
      const deleted = await deleteLeads(db, rows, { dataDir: options.dataDir });
      const gone = new Set(deleted.leads);
      skipped.push(...rows.filter((r) => !gone.has(r.id)).map((r) => r.id));
      report.leadsDeleted += deleted.leads.length;
      report.outboxDeleted += deleted.outbox;
      report.deliveriesDeleted += deleted.deliveries;
      report.filesDeleted += deleted.files.length;
      report.errors.push(...deleted.errors);
      done += rows.length;
      if (rows.length < BATCH) break;
    }
  }
}

/**
 * Applies the retention policy as of `now`: deletes the leads past their retention, then erases
 * the sensitive fields that are due. Safe to run in several processes at once.
 */
export async function purgeExpired(db: Db, options: PurgeOptions): Promise<PurgeReport> {
  const report: PurgeReport = {
    sensitiveErased: 0,
    filesRewritten: 0,
    leadsDeleted: 0,
    outboxDeleted: 0,
    deliveriesDeleted: 0,
    filesDeleted: 0,
    savedSearchesDeleted: 0,
    mailDeleted: 0,
    mailFilesDeleted: 0,
    reservationsDeleted: 0,
    more: false,
    errors: [],
  };
  const limit = options.limit ?? 5_000;
  await deleteExpired(db, options, report, limit);
  await eraseSensitive(db, options, report, limit);
  // Saved searches hold email addresses: the same retention period applies to them.
  const { retention, now } = options;
  const saved = await purgeSavedSearches(db, {
    now,
    retentionCutoff: (slug) => monthsBefore(now, (retention.sites[slug] ?? retention.defaults).retentionMonths),
  });
  report.savedSearchesDeleted = saved.searches;
  report.mailDeleted = saved.mails;
  report.mailFilesDeleted = saved.files.length;
  report.errors.push(...saved.errors);
  // So do reservations, which name the shopper.
  report.reservationsDeleted = await purgeReservations(db, {
    now,
    retentionCutoff: (slug) => monthsBefore(now, (retention.sites[slug] ?? retention.defaults).retentionMonths),
  });
  return report;
}

/** One log line of what a purge did, or '' when it did nothing. */
export function describePurge(r: PurgeReport): string {
  const parts: string[] = [];
  if (r.sensitiveErased) {
    parts.push(
      `erased the sensitive fields of ${plural(r.sensitiveErased, 'lead')}${r.filesRewritten ? ` (${plural(r.filesRewritten, 'delivery file')} rewritten)` : ''}`,
    );
  }
  if (r.leadsDeleted) {
    parts.push(
      `deleted ${plural(r.leadsDeleted, 'lead')} past their retention, with ${plural(r.outboxDeleted, 'outbox row')}, ` +
        `${plural(r.deliveriesDeleted, 'delivery attempt')} and ${plural(r.filesDeleted, 'delivery file')}`,
    );
  }
  if (r.savedSearchesDeleted || r.mailDeleted) {
    parts.push(
      `deleted ${plural(r.savedSearchesDeleted, 'saved search', 'saved searches')} and ${plural(r.mailDeleted, 'saved-search email')} ` +
        `(${plural(r.mailFilesDeleted, '.eml file')}) past their time`,
    );
  }
  if (r.reservationsDeleted)
    parts.push(`deleted ${plural(r.reservationsDeleted, 'ended reservation')} past their time`);
  return parts.length
    ? `Lead retention: ${parts.join('; ')}${r.more ? '; more is due and follows on the next run' : ''}.`
    : '';
}
