/**
 * Sending one outbox row where it goes now: its dealer's destination of the row's kind as
 * configured at the send (URL and secret as they are then), or the dealer's deliveries folder for
 * a file row and for a kind the dealer no longer has (the attempt's note says so), with the
 * payload built from the row's lead unless the row carries its own.
 */
import { redactUrl, redactUrls } from '../../../../lib/redact.ts';
import type { ApiDeps } from '../../../../api/core/deps.ts';
import type { LeadRow } from '../store.ts';
import { leadPayload } from './payload.ts';
import type { OutboxRow } from './rows.ts';
import { SendError, sendAdf, sendDealEvent, sendFiles, sendWebhook, type SendContext } from './send.ts';

/** Each kind of destination as messages name it. */
export const KIND_NAMES: Record<OutboxRow['destination'], string> = {
  webhook: 'webhook (LEAD_WEBHOOK_URL)',
  'deal-webhook': 'deal webhook (DEAL_WEBHOOK_URL)',
  adf: 'ADF destination (LEAD_ADF_URL)',
  file: 'deliveries folder',
};

/** Where one row goes now, and how. */
export interface Route {
  /** As recorded: the URL without credentials, or the folder. */
  target: string;
  /** Said in the attempt's record when the lead goes elsewhere than its kind's destination. */
  note?: string;
  send(ctx: SendContext): Promise<unknown>;
}

function files(dir: string, note?: string): Route {
  return { target: dir, note, send: (ctx) => sendFiles(dir, ctx) };
}

/** The row's destination as configured now (see the module's rules). */
export function routeOf(
  row: Pick<OutboxRow, 'site_slug' | 'destination' | 'target'>,
  deps: Pick<ApiDeps, 'destinations' | 'deliveriesDir' | 'dealWebhook'>,
): Route {
  if (row.destination === 'deal-webhook') {
    // A deal event goes to the dealer's deal webhook as it is now; without one it waits (and is retried).
    const hook = deps.dealWebhook?.(row.site_slug);
    if (!hook) throw new SendError(`The ${KIND_NAMES['deal-webhook']} of ${row.site_slug} is no longer configured.`);
    return {
      target: redactUrl(hook.url),
      send: (ctx) => sendDealEvent(hook.url, hook.secret, ctx.payload as never, ctx),
    };
  }
  const configured = deps.destinations?.(row.site_slug) ?? [];
  const folder = configured.find((d) => d.kind === 'file')?.dir ?? deps.deliveriesDir?.(row.site_slug);
  if (row.destination === 'file') return files(folder ?? row.target);
  const same = configured.find((d) => d.kind === row.destination);
  if (same?.kind === 'webhook')
    return { target: redactUrl(same.url), send: (ctx) => sendWebhook(same.url, same.secret, ctx) };
  if (same?.kind === 'adf') return { target: redactUrl(same.url), send: (ctx) => sendAdf(same.url, ctx) };
  const gone = `The ${KIND_NAMES[row.destination]} of ${row.site_slug} is no longer configured`;
  if (!folder) throw new SendError(`${gone} and no deliveries folder is known: the lead waits in the outbox.`);
  return files(folder, `${gone}: written to ${folder} instead.`);
}

/** How one send went: what its attempt records, and whether the destination did not answer. */
export interface SendOutcome {
  /** The failure's reason, URLs without credentials; undefined when the destination has the lead. */
  error?: string;
  httpStatus?: number;
  /** No answer (the time budget spent, or the connection failed): the destination is put off. */
  unreachable: boolean;
  target?: string;
  note?: string;
}

/** Sends `row` (with its `lead`, unless it carries its payload) where it goes now; never throws. */
export async function sendRow(
  row: OutboxRow,
  lead: LeadRow | undefined,
  deps: Pick<ApiDeps, 'dealers' | 'destinations' | 'deliveriesDir' | 'fetch' | 'dealWebhook'>,
  now: () => Date,
  timeoutMs: number | undefined,
): Promise<SendOutcome> {
  const outcome: SendOutcome = { unreachable: false };
  try {
    const payload =
      row.payload ??
      (lead &&
        leadPayload(
          lead,
          deps.dealers.find((d) => d.slug === row.site_slug),
        ));
    if (!payload) throw new SendError(`Lead ${row.lead_id} is not in the database.`);
    const route = routeOf(row, deps);
    outcome.target = route.target;
    outcome.note = route.note;
    const answer = await route.send({
      outboxId: row.id,
      payload,
      now: now(),
      fetch: deps.fetch ?? globalThis.fetch,
      timeoutMs,
    });
    if (typeof answer === 'number') outcome.httpStatus = answer;
  } catch (e) {
    outcome.error = redactUrls((e as Error).message || String(e));
    outcome.httpStatus = e instanceof SendError ? e.httpStatus : undefined;
    outcome.unreachable = e instanceof SendError && e.unreachable;
  }
  return outcome;
}
