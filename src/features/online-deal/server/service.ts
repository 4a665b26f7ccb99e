/**
 * What an online deal does, apart from HTTP: start one for a listed car, save its parts, send it
 * (one lead, then a "deal.created" event), take later changes as "deal.updated" events, cancel
 * it, start its deposit (the reservation checkout) and complete it when that deposit is paid or
 * the dealer says so. Each change and its event are one transaction.
 */
import type { DealerContent } from '../../../content/load.ts';
import type { Car } from '../../../content/entities.ts';
import { carTitle } from '../../../domain/pages.ts';
import { carPath } from '../../../domain/routes.ts';
import { headlinePriceText } from '../../../domain/car-prices.ts';
import { locale } from '../../../lib/locale.ts';
import { nowIn, openDays, timeZoneFor, addDays } from '../../../domain/booking-hours.ts';
import type { ApiDeps, Db } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { isListed } from '../../../domain/routes.ts';
import { defaultTerms, reservationOffer } from '../../reservations/rules/reservations.ts';
import { sanitizeRich } from '../../../lib/sanitize.ts';
import { depositText } from '../../reservations/server/outcomes.ts';
import type { DealUpdate, DealView } from '../contract/deal.ts';
import { dealOffered, dealSteps, dealTotals, handoverHours, handoverKinds, HANDOVER_LEAD_DAYS } from '../rules/deal.ts';
import { queueDealEvent } from './events.ts';
import { submitDealLead } from './lead.ts';
import { AU_PLATE_STATES } from '../../rego-lookup/rules/rego.ts';
import { plateState } from '../../valuation/server/app.ts';
import { financeHandoff, quoteView } from './finance-quote.ts';
import { nextParts, type Problems } from './parts.ts';
import { closeDeal, dealByReservation, insertDeal, newDealIds, saveDeal, type DealRow } from './store.ts';

export const NO_DEAL = 'There is no such deal, or the link is incomplete.';
export const NOT_OFFERED = 'Online deals are not offered for this car. Please enquire instead.';
export const DEAL_CLOSED = 'This deal is closed: it was cancelled or completed.';
export const DEAL_CHANGED = 'This deal was changed in another window. Reload it and try again.';

function carOf(dealer: DealerContent, id: string): Car | undefined {
  return dealer.cars.find((c) => String(c.id) === id);
}

/** JSON with every object's keys sorted: the database gives a part's keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The first problem as the message ("contact.phone: …") and every field's, as a 400. */
export function problemsError(problems: Problems): ApiError {
  const [path, message] = Object.entries(problems)[0]!;
  return new ApiError(400, `${path}: ${message.replace(/^\*/, '')}`, problems);
}

export async function startDeal(deps: ApiDeps, dealer: DealerContent, carId: string) {
  const car = carOf(dealer, carId);
  if (!car) throw new ApiError(404, `There is no car ${carId}.`);
  if (!isListed(car) || !dealOffered(dealer.site, car)) throw new ApiError(409, NOT_OFFERED);
  const { id, token } = newDealIds();
  const row = await insertDeal(deps.db, { id, site: dealer.slug, carId, token, now: deps.now() });
  return { token, deal: dealView(deps, dealer, row) };
}

/**
 * Saves `update` on an open deal; with `submit`, sends it: the contact details are then required,
 * the lead is written once and "deal.created" queued. A sent deal's later saves queue "deal.updated".
 */
export async function updateDeal(deps: ApiDeps, dealer: DealerContent, row: DealRow, update: DealUpdate) {
  if (row.status === 'cancelled' || row.status === 'completed') throw new ApiError(409, DEAL_CLOSED);
  const car = carOf(dealer, row.car_id);
  if (!car) throw new ApiError(409, NOT_OFFERED);
  const steps = dealSteps(dealer.site, car);
  const problems: Problems = {};
  for (const part of ['trade_in', 'finance', 'handover'] as const) {
    if (update[part] && !steps.includes(part))
      problems[part] = `This dealer does not offer the ${part.replace('_', '-')} step online.`;
  }
  const parts = await nextParts(deps, dealer, car, row.parts, update, problems);
  const submit = update.submit === true && row.status === 'draft';
  if (submit && !parts.contact && !Object.keys(problems).some((p) => p.startsWith('contact.')))
    problems.contact = 'Enter your name, email and phone so the dealer can contact you.';
  if (Object.keys(problems).length) throw problemsError(problems);
  // The finance hand-off, once nothing else is wrong: its field errors are the shopper's to correct.
  if (parts.finance) parts.finance = await financeHandoff(deps, dealer, car, row.id, parts, update, problems);
  if (Object.keys(problems).length) throw problemsError(problems);
  // A sent deal saved as it is (the page sending again after a lost answer) is no change: no event.
  if (!submit && row.status === 'submitted' && canonical(parts) === canonical(row.parts))
    return dealView(deps, dealer, row);
  const now = deps.now();
  const completed: string[] = [];
  const saved = await deps.db.transaction(async (tx) => {
    let leadId: string | undefined;
    if (submit) {
      const lead = await submitDealLead(deps, tx, dealer, row, parts, now);
      leadId = lead.leadId;
      if (lead.completedNow) completed.push(lead.leadId);
    }
    const next = await saveDeal(tx, row, {
      parts,
      status: submit ? 'submitted' : row.status,
      leadId,
      submitted: submit,
      now,
    });
    if (!next) throw new ApiError(409, DEAL_CHANGED);
    if (next.status === 'submitted')
      await queueDealEvent(deps, tx, dealer, next, submit ? 'deal.created' : 'deal.updated', now);
    return next;
  });
  for (const id of completed) deps.onLeadCompleted?.(id);
  if (!submit && saved.status === 'submitted') deps.onLeadCompleted?.(saved.lead_id!);
  return dealView(deps, dealer, saved);
}

export async function cancelDeal(deps: ApiDeps, dealer: DealerContent, row: DealRow) {
  if (row.status === 'cancelled') return dealView(deps, dealer, row);
  if (row.status === 'completed') throw new ApiError(409, DEAL_CLOSED);
  const closed = await deps.db.transaction(async (tx) => {
    const next = await closeDeal(tx, row.id, 'cancelled', deps.now());
    if (!next) throw new ApiError(409, DEAL_CHANGED);
    await queueDealEvent(deps, tx, dealer, next, 'deal.cancelled', deps.now());
    return next;
  });
  if (closed.lead_id) deps.onLeadCompleted?.(closed.lead_id);
  return dealView(deps, dealer, closed);
}

/**
 * Completes the sent deal of a paid reservation (the reservation's settlement calls this in its
 * transaction `tx`), or a deal the dealer marks complete; nothing when the deal is not open.
 */
export async function completeDeal(
  deps: Pick<ApiDeps, 'dealWebhook' | 'now'>,
  tx: Db,
  dealer: DealerContent,
  row: DealRow,
  by: 'deposit' | 'dealer',
): Promise<DealRow | undefined> {
  const next = await closeDeal(tx, row.id, 'completed', deps.now(), by);
  if (next) await queueDealEvent(deps, tx, dealer, next, 'deal.completed', deps.now());
  return next;
}

/**
 * The dealer completes or cancels a deal from its own side (npm run deals): the change and its
 * "deal.completed" (`completed_by: "dealer"`) or "deal.cancelled" event are one transaction, so the
 * event is queued once, and the shopper's link shows the deal closed. A deal already closed is
 * left as it is (undefined); a cancelled deal is never completed, nor a completed one cancelled.
 */
export async function closeDealForDealer(
  deps: Pick<ApiDeps, 'db' | 'dealWebhook' | 'now'>,
  dealer: DealerContent,
  row: DealRow,
  status: 'completed' | 'cancelled',
): Promise<DealRow | undefined> {
  if (row.site_slug !== dealer.slug) throw new ApiError(404, NO_DEAL);
  if (row.status === 'cancelled' || row.status === 'completed') return undefined;
  return deps.db.transaction(async (tx) => {
    if (status === 'completed') return completeDeal(deps, tx, dealer, row, 'dealer');
    const next = await closeDeal(tx, row.id, 'cancelled', deps.now());
    if (next) await queueDealEvent(deps, tx, dealer, next, 'deal.cancelled', deps.now());
    return next;
  });
}

/** The deal of a reservation whose deposit was just paid is complete (called in the settling transaction). */
export async function depositPaid(
  deps: Pick<ApiDeps, 'dealWebhook' | 'now'>,
  tx: Db,
  dealer: DealerContent,
  reservationId: string,
): Promise<void> {
  const deal = await dealByReservation(tx, reservationId);
  if (deal && deal.site_slug === dealer.slug) await completeDeal(deps, tx, dealer, deal, 'deposit');
}

function tradeInView(trade: NonNullable<DealRow['parts']['trade_in']>): DealView['tradeIn'] {
  const { offer, ...rest } = trade;
  if (!offer) return rest;
  const { amount, currency, validUntil, terms, basis } = offer;
  return { ...rest, offer: { amount, currency, validUntil, terms, range: { low: basis.low, high: basis.high } } };
}

function financeView(
  finance: NonNullable<DealRow['parts']['finance']>,
  site: DealerContent['site'],
): DealView['finance'] {
  const { quote, ...estimate } = finance;
  return quote ? { ...estimate, quote: quoteView(quote, site) } : estimate;
}

export function dealView(deps: Pick<ApiDeps, 'now'>, dealer: DealerContent, row: DealRow): DealView {
  const { site } = dealer;
  const car = carOf(dealer, row.car_id);
  const currency = locale(site.country).currency.code;
  const price = car ? headlinePriceText(car) : undefined;
  const steps = car && row.status !== 'cancelled' ? dealSteps(site, car) : [];
  const offer = car ? reservationOffer(site, car) : undefined;
  const { trade_in: trade, finance, handover, contact } = row.parts;
  const totals = car
    ? dealTotals(car, {
        tradeInOffer: trade?.offer?.amount,
        deposit: steps.includes('deposit') ? offer?.deposit : 0,
        financeDeposit: finance?.deposit,
      })
    : { tradeIn: 0, deposit: 0, financeDeposit: 0 };
  const today = nowIn(timeZoneFor(site), deps.now()).day;
  const earliest = addDays(today, HANDOVER_LEAD_DAYS);
  return {
    id: row.id,
    status: row.status,
    ...(row.status === 'completed' && row.completed_by ? { completedBy: row.completed_by } : {}),
    car: {
      id: row.car_id,
      title: car ? carTitle(car) : `Car ${row.car_id}`,
      path: car ? carPath(car) : '/',
      ...(car?.photos[0] ? { photo: car.photos[0] } : {}),
      ...(totals.price !== undefined ? { price: totals.price } : {}),
      priceText: price?.text ?? '',
      ...(price?.note ? { priceNote: price.note } : {}),
    },
    currency,
    plate: locale(site.country).vehicle.registeredByState
      ? { states: [...AU_PLATE_STATES], ...(plateState(site.state) ? { state: plateState(site.state) } : {}) }
      : {},
    steps,
    handoverKinds: handoverKinds(site.online_deal),
    locations: dealer.locations.map((l) => {
      const hours = handoverHours(l, site);
      return {
        id: String(l.id),
        name: l.name,
        ...(l.address.address ? { address: l.address.address } : {}),
        ...(hours ? { openDays: openDays(hours, 14, { now: new Date(`${earliest}T12:00:00Z`) }) } : {}),
      };
    }),
    earliestHandover: earliest,
    ...(offer && steps.includes('deposit')
      ? {
          deposit: {
            amount: offer.deposit,
            text: depositText(offer.deposit * 100, offer.currency).replace(/\.00 /, ' '),
            ...(offer.terms ? { termsHtml: sanitizeRich(offer.terms) } : { terms: defaultTerms(offer) }),
          },
        }
      : {}),
    ...(trade ? { tradeIn: tradeInView(trade) } : {}),
    ...(finance ? { finance: financeView(finance, site) } : {}),
    ...(handover ? { handover } : {}),
    ...(contact
      ? {
          contact: {
            first_name: contact.first_name,
            last_name: contact.last_name,
            email: contact.email,
            phone: contact.phone,
          },
        }
      : {}),
    totals,
    ...(row.reservation_id ? { reservationId: row.reservation_id } : {}),
    ...(row.submitted_at ? { submittedAt: new Date(row.submitted_at).toISOString() } : {}),
  };
}
