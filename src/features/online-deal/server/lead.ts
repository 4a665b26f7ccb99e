/**
 * The deal's one lead: written and completed when the shopper sends the deal, through the leads
 * store (so its ADF and JSON go out by the outbox to the dealer's lead destinations, with their
 * retries), idempotent by the deal's id so a repeated send makes no second lead. Its values use
 * the names the ADF builder places: the stock car (car_id), the trade-in (trade_*, its offer as
 * the appraisal price), the finance estimate (deal_finance_*) and the deposit (deal_deposit_*).
 * Later changes reach the dealer as deal webhook events (events.ts), never as another lead.
 */
import type { DealerContent } from '../../../content/load.ts';
import { carPageId, carTitle } from '../../../domain/pages.ts';
import type { ApiDeps, Db } from '../../../api/core/deps.ts';
import { saveLeads } from '../../leads/server/store.ts';
import { reservationOffer } from '../../reservations/rules/reservations.ts';
import type { FinanceQuote } from './finance-quote.ts';
import type { DealParts } from './parts.ts';
import type { DealRow } from './store.ts';

export const DEAL_CATEGORY = 'Online Deal';

const money = (n: number) => `$${n.toLocaleString('en-AU')}`;

/**
 * The finance hand-off in the lead: as the finance form's lead carries it (finance_customer_key,
 * finance_dealership_id, mobileVerificationStatus) and, in the customer comments, the quote
 * (provider, customer key, quote page) or why there is none.
 */
function quoteLeadValues(quote: FinanceQuote): Record<string, string> {
  if (quote.status === 'quoted')
    return {
      ...(quote.customerKey ? { finance_customer_key: quote.customerKey } : {}),
      ...(quote.dealershipId ? { finance_dealership_id: quote.dealershipId } : {}),
      ...(quote.mobileVerification ? { mobileVerificationStatus: quote.mobileVerification } : {}),
      'Finance quote': [
        `Applied through the finance hand-off to ${quote.provider}`,
        quote.customerKey && `customer key ${quote.customerKey}`,
        quote.quoteUrl && `quote ${quote.quoteUrl}`,
        quote.mobileVerification === 'unverified' && 'mobile not verified yet',
      ]
        .filter(Boolean)
        .join('; '),
    };
  if (quote.status === 'unavailable')
    return {
      'Finance quote': `The finance hand-off to ${quote.provider} failed (${quote.reason}): please arrange the quote with the customer.`,
    };
  if (quote.status === 'declined')
    return { 'Finance quote': `Declined by ${quote.provider} through the finance hand-off: ${quote.message}` };
  return { 'Finance quote': `Incomplete at ${quote.provider}: ${quote.message}` };
}

/** The lead's values of the deal's parts. */
export function dealLeadValues(dealer: DealerContent, row: DealRow, parts: DealParts): Record<string, unknown> {
  const { contact, trade_in: trade, finance, handover } = parts;
  const car = dealer.cars.find((c) => String(c.id) === row.car_id);
  const offer = car && reservationOffer(dealer.site, car);
  const depositStep = (dealer.site.online_deal?.steps ?? ['deposit']).includes('deposit') && offer;
  return {
    ...(contact
      ? {
          first_name: contact.first_name,
          last_name: contact.last_name,
          email: contact.email,
          phone: contact.phone,
          privacy_consent: true,
          ...(contact.message ? { message: contact.message } : {}),
        }
      : {}),
    car_id: row.car_id,
    deal_id: row.id,
    ...(trade
      ? {
          trade_year: String(trade.year),
          trade_make: trade.make,
          trade_model: [trade.model, trade.variant].filter(Boolean).join(' '),
          trade_kms: String(trade.km),
          ...(trade.rego ? { trade_rego: trade.rego, ...(trade.state ? { vehicle_state: trade.state } : {}) } : {}),
          ...(trade.condition ? { trade_condition: trade.condition } : {}),
          ...(trade.offer
            ? {
                trade_price: String(trade.offer.amount),
                'Trade-in offer': `${money(trade.offer.amount)} ${trade.offer.currency}, valid until ${trade.offer.validUntil}. ${trade.offer.terms}`,
              }
            : {}),
          ...(trade.estimate
            ? {
                'Trade-in estimate': `${money(trade.estimate.low)} to ${money(trade.estimate.high)} (${trade.estimate.source}, ${trade.estimate.asAt})`,
              }
            : {}),
        }
      : {}),
    ...(finance
      ? {
          deal_finance_deposit: String(finance.deposit),
          deal_finance_amount: String(finance.amount),
          deal_finance_payment: finance.payment.toFixed(2),
          deal_finance_per: finance.per,
          deal_finance_term: String(finance.term),
          deal_finance_rate: String(finance.rate),
          ...(finance.quote ? quoteLeadValues(finance.quote) : {}),
        }
      : {}),
    ...(handover
      ? {
          Handover:
            handover.kind === 'collection'
              ? `Collect from ${handover.locationName ?? 'the dealer'}`
              : `Deliver to ${handover.address}, ${handover.postcode}`,
          'Preferred handover date': handover.date,
          ...(handover.location_id ? { location_id: handover.location_id } : {}),
        }
      : {}),
    ...(depositStep ? { deal_deposit_amount: String(offer.deposit), deal_deposit_currency: offer.currency } : {}),
  };
}

/** Writes and completes the deal's lead in `db` (the send's transaction); answers its id. */
export async function submitDealLead(
  deps: ApiDeps,
  db: Db,
  dealer: DealerContent,
  row: DealRow,
  parts: DealParts,
  now: Date,
): Promise<{ leadId: string; completedNow: boolean }> {
  const car = dealer.cars.find((c) => String(c.id) === row.car_id);
  const values = dealLeadValues(dealer, row, parts);
  const [outcome] = await saveLeads(db, [
    {
      write: {
        siteSlug: dealer.slug,
        idempotencyKey: `deal:${row.id}`,
        isLastStep: true,
        category: DEAL_CATEGORY,
        pageId: car ? carPageId(car) : `car-${row.car_id}`,
        pageTitle: car ? carTitle(car) : undefined,
        blockId: 'online-deal',
        formType: 'onlineDeal',
        step: 'deal',
        values,
        stepValues: values,
        tracking: {},
        now,
      },
      completion: { destinations: deps.destinations?.(dealer.slug) ?? [] },
    },
  ]);
  if (!outcome?.ok) throw new Error(`the lead of deal ${row.id} was not saved`);
  return { leadId: outcome.leadId, completedNow: outcome.completedNow };
}
