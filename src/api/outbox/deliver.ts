/**
 * The outbox worker. `deliverDue` claims due rows (FOR UPDATE SKIP LOCKED, so several workers
 * never take the same row), sends each outside any transaction, and records every attempt.
 * A failed attempt is retried with exponential backoff until MAX_ATTEMPTS, then marked failed.
 * A claimed row's next attempt is pushed a lease ahead first, so a worker that dies mid-send
 * leaves it to be retried rather than lost.
 *
 * What is sent is built from the completed lead's row (which never changes once complete) and
 * the site's content; rows written by earlier versions carry their payload and send it as it is.
 */
import type { ApiDeps, Destination } from '../deps.ts';
import type { LeadRow } from '../leads/store.ts';
import { leadPayload, type LeadPayload } from './payload.ts';
import { SendError, sendAdf, sendFiles, sendWebhook, type SendContext } from './send.ts';

export const MAX_ATTEMPTS = 12;
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 6 * 60 * 60_000;
const LEASE_MS = 10 * 60_000;

/** Wait before the next try after `attempts` failed ones: 1 min, 2, 4, … capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DeliverReport {
  claimed: number;
  delivered: number;
  /** Failed this time, to be tried again. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
}

interface OutboxRow {
  id: string;
  lead_id: string;
  site_slug: string;
  destination: Destination['kind'];
  target: string;
  payload: LeadPayload | null;
  attempts: number;
}

const CLAIM = `
WITH due AS (
  SELECT id FROM outbox
  WHERE status = 'pending' AND next_attempt_at <= $1::timestamptz
  ORDER BY next_attempt_at
  LIMIT $2
  FOR UPDATE SKIP LOCKED
)
UPDATE outbox o SET attempts = o.attempts + 1, next_attempt_at = $3::timestamptz, updated_at = $1::timestamptz
FROM due WHERE o.id = due.id
RETURNING o.id, o.lead_id, o.site_slug, o.destination, o.target, o.payload, o.attempts`;

function send(row: OutboxRow, deps: ApiDeps, ctx: SendContext): Promise<unknown> {
  switch (row.destination) {
    case 'file':
      return sendFiles(row.target, ctx);
    case 'adf':
      return sendAdf(row.target, ctx);
    case 'webhook': {
      const configured = (deps.destinations?.(row.site_slug) ?? []).filter(
        (d): d is Extract<Destination, { kind: 'webhook' }> => d.kind === 'webhook',
      );
      const match = configured.find((d) => d.url === row.target) ?? configured[0];
      if (!match)
        return Promise.reject(new SendError(`No webhook secret is configured for ${row.site_slug} any more.`));
      return sendWebhook(row.target, match.secret, ctx);
    }
  }
}

export async function deliverDue(deps: ApiDeps, options: { now?: Date; limit?: number } = {}): Promise<DeliverReport> {
  const now = options.now ?? deps.now();
  const limit = options.limit ?? 20;
  const { rows } = await deps.db.query<OutboxRow>(CLAIM, [
    now.toISOString(),
    limit,
    new Date(now.getTime() + LEASE_MS).toISOString(),
  ]);
  const report: DeliverReport = { claimed: rows.length, delivered: 0, retrying: 0, failed: 0 };
  let recordError: unknown;
  const ids = [...new Set(rows.filter((r) => !r.payload).map((r) => r.lead_id))];
  const leads = new Map<string, LeadRow>();
  if (ids.length) {
    for (const lead of (await deps.db.query<LeadRow>('SELECT * FROM leads WHERE id = ANY($1::uuid[])', [ids])).rows)
      leads.set(lead.id, lead);
  }
  await Promise.all(
    rows.map(async (row) => {
      const started = performance.now();
      let error: string | undefined;
      let httpStatus: number | undefined;
      try {
        const lead = leads.get(row.lead_id);
        const payload =
          row.payload ??
          (lead &&
            leadPayload(
              lead,
              deps.dealers.find((d) => d.slug === row.site_slug),
            ));
        if (!payload) throw new SendError(`Lead ${row.lead_id} is not in the database.`);
        const answer = await send(row, deps, { outboxId: row.id, payload, now, fetch: deps.fetch ?? globalThis.fetch });
        if (typeof answer === 'number') httpStatus = answer;
      } catch (e) {
        error = (e as Error).message || String(e);
        httpStatus = e instanceof SendError ? e.httpStatus : undefined;
      }
      const ms = Math.round(performance.now() - started);
      const finalFailure = error !== undefined && row.attempts >= MAX_ATTEMPTS;
      try {
        await deps.db.transaction(async (tx) => {
          if (error === undefined) {
            await tx.query(
              `UPDATE outbox SET status = 'delivered', delivered_at = $2::timestamptz, last_error = NULL, updated_at = $2::timestamptz WHERE id = $1`,
              [row.id, now.toISOString()],
            );
          } else {
            await tx.query(
              `UPDATE outbox SET status = $2, last_error = $3, next_attempt_at = $4::timestamptz, updated_at = $5::timestamptz WHERE id = $1`,
              [
                row.id,
                finalFailure ? 'failed' : 'pending',
                error,
                new Date(now.getTime() + retryDelayMs(row.attempts)).toISOString(),
                now.toISOString(),
              ],
            );
          }
          await tx.query(
            `INSERT INTO deliveries (outbox_id, attempt, ok, http_status, error, duration_ms, at) VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz)`,
            [row.id, row.attempts, error === undefined, httpStatus ?? null, error ?? null, ms, now.toISOString()],
          );
        });
      } catch (e) {
        // The database went away after the send: the row keeps its lease and is sent again when
        // the lease ends (destinations take a lead id twice without harm). The other rows go on.
        recordError ??= e;
        return;
      }
      if (error === undefined) report.delivered++;
      else if (finalFailure) report.failed++;
      else report.retrying++;
    }),
  );
  // Every row had its turn; the caller then hears that the database failed, as it would had the claim failed.
  if (recordError !== undefined) throw recordError as Error;
  return report;
}
