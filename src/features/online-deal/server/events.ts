/**
 * The deal webhook: each change of a sent deal (created, updated, cancelled, completed) becomes one
 * event, queued in the same transaction as the change as a row of the leads outbox (destination
 * "deal-webhook", its id the event's id), so the outbox worker sends it with its claims, retries
 * with backoff and attempt log, and no event is lost or sent as two. The receiver verifies
 * X-Deal-Signature and may drop an event id it has seen (a retry after a lost answer repeats it).
 */
import { randomUUID } from 'node:crypto';
import type { ApiDeps, Db } from '../../../api/core/deps.ts';
import type { DealerContent } from '../../../content/load.ts';
import { carTitle } from '../../../domain/pages.ts';
import { carPath } from '../../../domain/routes.ts';
import type { FinanceQuote } from './finance-quote.ts';
import type { DealRow } from './store.ts';

export type DealEventType = 'deal.created' | 'deal.updated' | 'deal.cancelled' | 'deal.completed';

export interface DealEvent {
  event: DealEventType;
  event_id: string;
  occurred_at: string;
  /** The deal's one lead (its ADF went to the dealer's lead destinations when the deal was sent). */
  lead_id: string;
  deal: {
    id: string;
    status: DealRow['status'];
    version: number;
    site: string;
    car: { id: string; title?: string; url?: string };
    completed_by?: 'deposit' | 'dealer';
    reservation_id?: string;
    trade_in?: DealRow['parts']['trade_in'];
    /** The estimate, and the finance hand-off's quote (provider, customer key, quote URL, status). */
    finance?: Omit<NonNullable<DealRow['parts']['finance']>, 'quote'> & { quote?: Omit<FinanceQuote, 'inputs'> };
    handover?: DealRow['parts']['handover'];
    contact?: Omit<NonNullable<DealRow['parts']['contact']>, 'privacy_consent'>;
  };
}

function eventFinance(finance: NonNullable<DealRow['parts']['finance']>): DealEvent['deal']['finance'] {
  const { quote, ...estimate } = finance;
  if (!quote) return estimate;
  const { inputs: _, ...shown } = quote;
  return { ...estimate, quote: shown };
}

export function dealEvent(dealer: DealerContent, row: DealRow, type: DealEventType, now: Date): DealEvent {
  const car = dealer.cars.find((c) => String(c.id) === row.car_id);
  const { contact, trade_in, finance, handover } = row.parts;
  const origin = dealer.site.url.replace(/\/+$/, '');
  return {
    event: type,
    event_id: randomUUID(),
    occurred_at: now.toISOString(),
    lead_id: row.lead_id!,
    deal: {
      id: row.id,
      status: row.status,
      version: row.version,
      site: row.site_slug,
      car: { id: row.car_id, ...(car ? { title: carTitle(car), url: `${origin}${carPath(car)}` } : {}) },
      ...(row.completed_by ? { completed_by: row.completed_by } : {}),
      ...(row.reservation_id ? { reservation_id: row.reservation_id } : {}),
      ...(trade_in ? { trade_in } : {}),
      ...(finance ? { finance: eventFinance(finance) } : {}),
      ...(handover ? { handover } : {}),
      ...(contact
        ? {
            contact: {
              first_name: contact.first_name,
              last_name: contact.last_name,
              email: contact.email,
              phone: contact.phone,
              ...(contact.message ? { message: contact.message } : {}),
            },
          }
        : {}),
    },
  };
}

/**
 * Queues `type` for a sent deal in `db` (the change's transaction); nothing when the deal was never
 * sent (no lead) or the dealer has no deal webhook. Answers the event queued.
 */
export async function queueDealEvent(
  deps: Pick<ApiDeps, 'dealWebhook'>,
  db: Db,
  dealer: DealerContent,
  row: DealRow,
  type: DealEventType,
  now: Date,
): Promise<DealEvent | undefined> {
  if (!row.lead_id || !deps.dealWebhook?.(dealer.slug)) return undefined;
  const event = dealEvent(dealer, row, type, now);
  await db.query(
    `INSERT INTO outbox (id, lead_id, site_slug, destination, target, payload, status, attempts, next_attempt_at, created_at, updated_at)
      VALUES ($1, $2, $3, 'deal-webhook', $4, $5, 'pending', 0, $6, $6, $6)`,
    [event.event_id, row.lead_id, row.site_slug, `deal-event:${event.event_id}`, JSON.stringify(event), now],
  );
  return event;
}
