/**
 * Saving a lead: one statement per save, atomic on its own. The first save of a form session
 * creates the lead, later ones update it, and the save that completes it writes one outbox row
 * per destination in the same statement. A completed lead never changes again, so retries and
 * concurrent final submits complete it exactly once, and the delivery builds what it sends from
 * the lead row (src/api/outbox/deliver.ts).
 */
import { randomUUID } from 'node:crypto';
import type { LeadStatus } from '../../forms/contract.ts';
import type { Db, Destination } from '../deps.ts';

export interface LeadRow {
  id: string;
  site_slug: string;
  idempotency_key: string;
  lead_status: LeadStatus;
  form_completed: boolean;
  category: string | null;
  subcategory: string | null;
  page_id: string | null;
  page_title: string | null;
  form_block_id: string | null;
  form_type: string | null;
  last_step: string | null;
  values: Record<string, unknown>;
  step_values: Record<string, Record<string, unknown>>;
  tracking: Record<string, string>;
  spam: boolean;
  spam_reason: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

export interface LeadWrite {
  siteSlug: string;
  idempotencyKey: string;
  leadId?: string;
  isLastStep: boolean;
  category?: string;
  subcategory?: string;
  pageId: string;
  pageTitle?: string;
  blockId: string;
  formType?: string;
  step: string;
  values: Record<string, unknown>;
  /** This step's values, stored under step_values[step]. */
  stepValues: Record<string, unknown>;
  tracking: Record<string, string>;
  spamReason?: string;
  now: Date;
}

export type SaveOutcome =
  | { ok: true; leadId: string; status: LeadStatus; completedNow: boolean }
  | { ok: false; status: 404 | 409; message: string };

/** Where a completed lead goes. */
export interface Completion {
  destinations: Destination[];
}

const SET = `
  lead_status    = CASE WHEN $4 THEN 'Complete' ELSE l.lead_status END,
  form_completed = l.form_completed OR $4,
  category       = COALESCE($5, l.category),
  subcategory    = COALESCE($6, l.subcategory),
  page_id        = $7,
  page_title     = COALESCE($8, l.page_title),
  form_block_id  = $9,
  form_type      = COALESCE($10, l.form_type),
  last_step      = $11,
  "values"       = l."values" || $12::jsonb,
  step_values    = l.step_values || $13::jsonb,
  tracking       = l.tracking || $14::jsonb,
  spam           = l.spam OR $15::text IS NOT NULL,
  spam_reason    = COALESCE(l.spam_reason, $15::text),
  updated_at     = $16::timestamptz,
  completed_at   = CASE WHEN $4 THEN $16::timestamptz END`;

const UPSERT = `
INSERT INTO leads AS l (id, site_slug, idempotency_key, lead_status, form_completed, category, subcategory,
  page_id, page_title, form_block_id, form_type, last_step, "values", step_values, tracking, spam, spam_reason,
  created_at, updated_at, completed_at)
VALUES ($1, $2, $3, CASE WHEN $4 THEN 'Complete' ELSE 'Partial' END, $4::boolean, $5, $6, $7, $8, $9, $10, $11,
  $12::jsonb, $13::jsonb, $14::jsonb, $15::text IS NOT NULL, $15::text, $16::timestamptz, $16::timestamptz,
  CASE WHEN $4 THEN $16::timestamptz END)
ON CONFLICT (site_slug, idempotency_key) DO UPDATE SET ${SET}
WHERE l.lead_status <> 'Complete'
RETURNING l.*`;

const UPDATE_BY_ID = `
UPDATE leads AS l SET ${SET}
WHERE l.id = $1 AND l.site_slug = $2 AND l.idempotency_key = $3 AND l.lead_status <> 'Complete'
RETURNING l.*`;

/**
 * A save that may complete the lead: the lead's statement, then one outbox row per destination
 * ($17 ids, $18 kinds, $19 targets) when it completed it, not for spam. The lead statement
 * returns no row when the lead was complete already, so a retry adds no outbox row.
 */
const withOutbox = (lead: string) => `
WITH saved AS (${lead}),
queued AS (
  INSERT INTO outbox (id, lead_id, site_slug, destination, target, status, attempts, next_attempt_at, created_at, updated_at)
  SELECT d.id, s.id, s.site_slug, d.destination, d.target, 'pending', 0, $16::timestamptz, $16::timestamptz, $16::timestamptz
  FROM saved s, unnest($17::uuid[], $18::text[], $19::text[]) AS d (id, destination, target)
  WHERE s.lead_status = 'Complete' AND NOT s.spam
  ON CONFLICT (lead_id, destination, target) DO NOTHING
)
SELECT * FROM saved`;

const UPSERT_COMPLETING = withOutbox(UPSERT);
const UPDATE_COMPLETING = withOutbox(UPDATE_BY_ID);

export function destinationTarget(d: Destination): string {
  return d.kind === 'file' ? d.dir : d.url;
}

export async function saveLead(db: Db, w: LeadWrite, completion: Completion): Promise<SaveOutcome> {
  const params: unknown[] = [
    w.leadId ?? randomUUID(), w.siteSlug, w.idempotencyKey, w.isLastStep,
    w.category ?? null, w.subcategory ?? null, w.pageId, w.pageTitle ?? null, w.blockId, w.formType ?? null,
    w.step, JSON.stringify(w.values), JSON.stringify({ [w.step]: w.stepValues }), JSON.stringify(w.tracking),
    w.spamReason ?? null, w.now.toISOString(),
  ];
  let sql = w.leadId ? UPDATE_BY_ID : UPSERT;
  if (w.isLastStep) {
    sql = w.leadId ? UPDATE_COMPLETING : UPSERT_COMPLETING;
    const ds = completion.destinations;
    params.push(ds.map(() => randomUUID()), ds.map((d) => d.kind), ds.map(destinationTarget));
  }
  const { rows } = await db.query<LeadRow>(sql, params);
  const row = rows[0];
  if (!row) {
    // Nothing changed: the lead is complete already, or lead_id is not this session's.
    const { rows: found } = await db.query<Pick<LeadRow, 'id' | 'idempotency_key' | 'lead_status'>>(
      w.leadId
        ? 'SELECT id, idempotency_key, lead_status FROM leads WHERE id = $1 AND site_slug = $2'
        : 'SELECT id, idempotency_key, lead_status FROM leads WHERE idempotency_key = $1 AND site_slug = $2',
      [w.leadId ?? w.idempotencyKey, w.siteSlug],
    );
    const lead = found[0];
    if (!lead) return { ok: false, status: 404, message: 'There is no lead with this lead_id on this site.' };
    if (lead.idempotency_key !== w.idempotencyKey) {
      return { ok: false, status: 409, message: 'This lead_id belongs to another form session; start the form again.' };
    }
    return { ok: true, leadId: lead.id, status: lead.lead_status, completedNow: false };
  }
  return { ok: true, leadId: row.id, status: row.lead_status, completedNow: w.isLastStep && row.lead_status === 'Complete' };
}
