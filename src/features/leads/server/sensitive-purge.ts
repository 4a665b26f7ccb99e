/**
 * Erasing the sensitive finance fields of the leads due for it (retention.ts says when): from
 * the lead's values and step values, from the payloads its outbox rows hold, and from its
 * delivery files, a batch at a time.
 */
import type { DealerContent } from '../../../content/load.ts';
import type { Db } from '../../../api/core/deps.ts';
import { leadPayload, type LeadPayload } from './outbox/payload.ts';
import {
  deliveryDirs,
  eraseFromFiles,
  leadWithoutSensitive,
  payloadWithoutSensitive,
  SENSITIVE_FIELDS,
} from './erase.ts';
import type { PurgeReport } from './purge-report.ts';
import type { LeadRow } from './store.ts';

/** Leads one statement of a purge reads and changes at most. */
export const BATCH = 500;

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

/** When a lead's sensitive fields are due: saved or delivered on or before its site's cutoff. */
export interface SensitiveCutoffs {
  /** For every site without a policy of its own. */
  defaults: Date;
  /** The sites with their own policy. */
  sites: Record<string, Date>;
}

/**
 * Erases the sensitive fields of at most `limit` leads due at `cutoffs`, from their delivery
 * files first: a lead whose files cannot be rewritten keeps them, reported, to be tried again.
 */
export async function eraseSensitive(
  db: Db,
  cutoffs: SensitiveCutoffs,
  options: { dataDir?: string; dealers?: DealerContent[] },
  report: PurgeReport,
  limit: number,
): Promise<void> {
  const latest = Math.max(...[cutoffs.defaults, ...Object.values(cutoffs.sites)].map((d) => d.getTime()));
  const siteCutoffs = Object.fromEntries(Object.entries(cutoffs.sites).map(([slug, d]) => [slug, d.toISOString()]));
  const params = [new Date(latest).toISOString(), JSON.stringify(siteCutoffs), cutoffs.defaults.toISOString()];
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
