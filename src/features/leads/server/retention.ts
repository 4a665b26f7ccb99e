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
import { envSuffix, type Env } from './outbox/destinations.ts';
import { deleteLeads, type LeadRef } from './erase.ts';
import { emptyPurgeReport, type PurgeReport } from './purge-report.ts';
import { BATCH, eraseSensitive } from './sensitive-purge.ts';
import { purgeSavedSearches } from '../../saved-searches/server/mail-log.ts';
import { purgeReservations } from '../../reservations/server/rows.ts';
import { purgeDeals } from '../../online-deal/server/privacy.ts';

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
  const report = emptyPurgeReport();
  const limit = options.limit ?? 5_000;
  await deleteExpired(db, options, report, limit);
  const { retention, now } = options;
  const sensitiveCutoff = (p: RetentionPolicy) => new Date(now.getTime() - p.sensitiveDays * DAY_MS);
  const cutoffs = {
    defaults: sensitiveCutoff(retention.defaults),
    sites: Object.fromEntries(Object.entries(retention.sites).map(([slug, p]) => [slug, sensitiveCutoff(p)])),
  };
  await eraseSensitive(db, cutoffs, options, report, limit);
  // Saved searches hold email addresses: the same retention period applies to them.
  const saved = await purgeSavedSearches(db, {
    now,
    retentionCutoff: (slug) => monthsBefore(now, (retention.sites[slug] ?? retention.defaults).retentionMonths),
  });
  report.savedSearchesDeleted = saved.searches;
  report.mailDeleted = saved.mails;
  report.mailFilesDeleted = saved.files.length;
  report.errors.push(...saved.errors);
  // So do reservations, which name the shopper.
  const retentionCutoff = (slug: string) =>
    monthsBefore(now, (retention.sites[slug] ?? retention.defaults).retentionMonths);
  report.reservationsDeleted = await purgeReservations(db, { now, retentionCutoff });
  // And online deals, which name the shopper too.
  report.dealsDeleted = await purgeDeals(db, { retentionCutoff });
  return report;
}
