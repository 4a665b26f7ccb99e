/**
 * Saving a lead: one statement per save, atomic on its own. The first save of a form session
 * creates the lead, later ones update it, and the save that completes it writes one outbox row
 * per destination in the same statement. A completed lead never changes again, so retries and
 * concurrent final submits complete it exactly once, and the delivery builds what it sends from
 * the lead row (src/features/leads/server/outbox/deliver.ts).
 */
import { randomUUID } from 'node:crypto';
import type { LeadStatus } from '../contract/leads.ts';
import type { Db, Destination } from '../../../api/core/deps.ts';
import { redactUrl } from '../../../lib/redact.ts';

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

/** How a save changes its lead; `s` is the save's row (input columns named as the lead's). */
const set = (s: string) => `
  lead_status    = CASE WHEN ${s}.form_completed THEN 'Complete' ELSE l.lead_status END,
  form_completed = l.form_completed OR ${s}.form_completed,
  category       = COALESCE(${s}.category, l.category),
  subcategory    = COALESCE(${s}.subcategory, l.subcategory),
  page_id        = ${s}.page_id,
  page_title     = COALESCE(${s}.page_title, l.page_title),
  form_block_id  = ${s}.form_block_id,
  form_type      = COALESCE(${s}.form_type, l.form_type),
  last_step      = ${s}.last_step,
  "values"       = l."values" || ${s}."values",
  step_values    = l.step_values || ${s}.step_values,
  tracking       = l.tracking || ${s}.tracking,
  spam           = l.spam OR ${s}.spam_reason IS NOT NULL,
  spam_reason    = COALESCE(l.spam_reason, ${s}.spam_reason),
  updated_at     = ${s}.updated_at,
  completed_at   = CASE WHEN ${s}.form_completed THEN ${s}.updated_at END`;

/**
 * Saves of different form sessions in one statement ($1: a JSON array, one object per save; $2 the
 * lead ids of those that give one).
 * A save without lead_id creates its session's lead or updates it (by idempotency key); one with
 * lead_id updates that lead if it is this session's. A completed lead is never changed, so such a
 * save returns no row. A save that completes its lead adds one outbox row per destination
 * (`outbox`), not for spam. One statement is one transaction: all of it is stored or none.
 */
export const SAVE_SQL = `
WITH input AS MATERIALIZED (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS x (
    id uuid, by_id boolean, site_slug text, idempotency_key text, form_completed boolean, category text, subcategory text,
    page_id text, page_title text, form_block_id text, form_type text, last_step text, "values" jsonb, step_values jsonb,
    tracking jsonb, spam_reason text, updated_at timestamptz, outbox jsonb)
),
inserted AS (
  INSERT INTO leads AS l (id, site_slug, idempotency_key, lead_status, form_completed, category, subcategory,
    page_id, page_title, form_block_id, form_type, last_step, "values", step_values, tracking, spam, spam_reason,
    created_at, updated_at, completed_at)
  SELECT id, site_slug, idempotency_key, CASE WHEN form_completed THEN 'Complete' ELSE 'Partial' END, form_completed, category,
    subcategory, page_id, page_title, form_block_id, form_type, last_step, "values", step_values, tracking, spam_reason IS NOT NULL,
    spam_reason, updated_at, updated_at, CASE WHEN form_completed THEN updated_at END
  FROM input WHERE NOT by_id
  ON CONFLICT (site_slug, idempotency_key) DO UPDATE SET ${set('excluded')}
  WHERE l.lead_status <> 'Complete'
  RETURNING l.*
),
updated AS (
  UPDATE leads AS l SET ${set('i')}
  FROM input i
  -- $2: the same ids as an array, so the leads are found by their key, not by a scan.
  WHERE l.id = ANY($2::uuid[]) AND i.by_id AND l.id = i.id AND l.site_slug = i.site_slug AND l.idempotency_key = i.idempotency_key
    AND l.lead_status <> 'Complete'
  RETURNING l.*
),
saved AS (SELECT * FROM inserted UNION ALL SELECT * FROM updated),
queued AS (
  INSERT INTO outbox (id, lead_id, site_slug, destination, target, status, attempts, next_attempt_at, created_at, updated_at)
  SELECT d.id, s.id, s.site_slug, d.destination, d.target, 'pending', 0, i.updated_at, i.updated_at, i.updated_at
  FROM saved s
  JOIN input i ON i.site_slug = s.site_slug AND i.idempotency_key = s.idempotency_key
  CROSS JOIN LATERAL jsonb_to_recordset(i.outbox) AS d (id uuid, destination text, target text)
  WHERE i.form_completed AND s.lead_status = 'Complete' AND NOT s.spam
  ON CONFLICT (lead_id, destination, target) DO NOTHING
)
SELECT * FROM saved`;

/** One save on its own ($1-$16; see saveOne): the plainest statements, the fastest for one row. */
const UPSERT = `
INSERT INTO leads AS l (id, site_slug, idempotency_key, lead_status, form_completed, category, subcategory,
  page_id, page_title, form_block_id, form_type, last_step, "values", step_values, tracking, spam, spam_reason,
  created_at, updated_at, completed_at)
VALUES ($1, $2, $3, CASE WHEN $4 THEN 'Complete' ELSE 'Partial' END, $4::boolean, $5, $6, $7, $8, $9, $10, $11,
  $12::jsonb, $13::jsonb, $14::jsonb, $15::text IS NOT NULL, $15::text, $16::timestamptz, $16::timestamptz,
  CASE WHEN $4 THEN $16::timestamptz END)
ON CONFLICT (site_slug, idempotency_key) DO UPDATE SET ${set('excluded')}
WHERE l.lead_status <> 'Complete'
RETURNING l.*`;

const UPDATE_BY_ID = `
UPDATE leads AS l SET ${set('s')}
FROM (SELECT $4::boolean AS form_completed, $5::text AS category, $6::text AS subcategory, $7::text AS page_id,
  $8::text AS page_title, $9::text AS form_block_id, $10::text AS form_type, $11::text AS last_step, $12::jsonb AS "values",
  $13::jsonb AS step_values, $14::jsonb AS tracking, $15::text AS spam_reason, $16::timestamptz AS updated_at) s
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

/**
 * An outbox row's target: where the lead was headed when it was queued, for the record (a URL
 * without credentials). The delivery sends to the destination configured when it sends.
 */
export function destinationTarget(d: Destination): string {
  return d.kind === 'file' ? d.dir : redactUrl(d.url);
}

export interface LeadSave {
  write: LeadWrite;
  completion: Completion;
}

/** A form session's key among saves: its site and idempotency key. */
export const sessionOf = (site: string, key: string) => `${site}\u0000${key}`;

/** The answer to a save its statement wrote. */
const written = (w: LeadWrite, row: LeadRow): SaveOutcome => ({
  ok: true,
  leadId: row.id,
  status: row.lead_status,
  completedNow: w.isLastStep && row.lead_status === 'Complete',
});

/** The answer to a save whose statement changed nothing: complete already, or not this session's lead. */
async function unchanged(db: Db, w: LeadWrite): Promise<SaveOutcome> {
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

/** One save in its own statement: the plainest SQL, the fastest for one row (on PGlite above all). */
async function saveOne(db: Db, { write: w, completion }: LeadSave): Promise<SaveOutcome> {
  const params: unknown[] = [
    w.leadId ?? randomUUID(),
    w.siteSlug,
    w.idempotencyKey,
    w.isLastStep,
    w.category ?? null,
    w.subcategory ?? null,
    w.pageId,
    w.pageTitle ?? null,
    w.blockId,
    w.formType ?? null,
    w.step,
    JSON.stringify(w.values),
    JSON.stringify({ [w.step]: w.stepValues }),
    JSON.stringify(w.tracking),
    w.spamReason ?? null,
    w.now.toISOString(),
  ];
  let sql = w.leadId ? UPDATE_BY_ID : UPSERT;
  if (w.isLastStep) {
    sql = w.leadId ? UPDATE_COMPLETING : UPSERT_COMPLETING;
    const ds = completion.destinations;
    params.push(
      ds.map(() => randomUUID()),
      ds.map((d) => d.kind),
      ds.map(destinationTarget),
    );
  }
  const row = (await db.query<LeadRow>(sql, params)).rows[0];
  return row ? written(w, row) : unchanged(db, w);
}

/**
 * Saves leads of different form sessions (at most one save per session) in one statement, and
 * answers each. Throws when the statement fails: then nothing of it was stored.
 */
export async function saveLeads(db: Db, saves: LeadSave[]): Promise<SaveOutcome[]> {
  if (saves.length === 1) return [await saveOne(db, saves[0]!)];
  const input = saves.map(({ write: w, completion }) => ({
    id: w.leadId ?? randomUUID(),
    by_id: !!w.leadId,
    site_slug: w.siteSlug,
    idempotency_key: w.idempotencyKey,
    form_completed: w.isLastStep,
    category: w.category ?? null,
    subcategory: w.subcategory ?? null,
    page_id: w.pageId,
    page_title: w.pageTitle ?? null,
    form_block_id: w.blockId,
    form_type: w.formType ?? null,
    last_step: w.step,
    values: w.values,
    step_values: { [w.step]: w.stepValues },
    tracking: w.tracking,
    spam_reason: w.spamReason ?? null,
    updated_at: w.now.toISOString(),
    outbox: w.isLastStep
      ? completion.destinations.map((d) => ({ id: randomUUID(), destination: d.kind, target: destinationTarget(d) }))
      : [],
  }));
  if (new Set(input.map((x) => sessionOf(x.site_slug, x.idempotency_key))).size !== input.length) {
    throw new Error('saveLeads takes at most one save per form session');
  }
  const { rows } = await db.query<LeadRow>(SAVE_SQL, [
    JSON.stringify(input),
    input.filter((x) => x.by_id).map((x) => x.id),
  ]);
  const bySession = new Map(rows.map((r) => [sessionOf(r.site_slug, r.idempotency_key), r]));
  return Promise.all(
    saves.map(({ write: w }) => {
      const row = bySession.get(sessionOf(w.siteSlug, w.idempotencyKey));
      return row ? Promise.resolve(written(w, row)) : unchanged(db, w);
    }),
  );
}
