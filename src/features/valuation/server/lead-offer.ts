/**
 * The conditional trade-in offer a trade-in or valuation lead carries, worked out by the server
 * when the lead is completed: the visitor's vehicle as the lead names it, valued by the site's
 * valuation provider on the dealer's calendar day, turned into an offer by the dealer's rules
 * (site.json `trade_in.offer`, rules/trade-offer.ts). The offer is the server's alone: values a
 * request sends under its keys are dropped on every save. The valuation thank-you page shows the
 * same offer, from the same rule and provider (POST /api/valuation); the lead is the record.
 *
 * Without `trade_in.offer`, on another form, for a vehicle the provider cannot value, or when
 * the provider fails, the lead has no offer (it is saved all the same).
 */
import type { DealerContent } from '../../../content/load.ts';
import type { LeadValue } from '../../leads/contract/leads.ts';
import { nowIn, timeZoneFor } from '../../../domain/booking-hours.ts';
import { locale } from '../../../lib/locale.ts';
import { valuationRequest } from '../contract/valuation.ts';
import { valuationSubject } from '../rules/valuation.ts';
import { tradeInOffer, type TradeInOffer } from '../rules/trade-offer.ts';
import { plateState } from './app.ts';
import type { ValuationProvider } from './valuation-provider.ts';

/** The lead values of an offer; never taken from a request. */
export const OFFER_KEYS = [
  'trade_offer_amount',
  'trade_offer_currency',
  'trade_offer_valid_until',
  'trade_offer_terms',
  'trade_offer_range',
  'trade_offer_source',
] as const;

/** The form types whose lead is about the visitor's own vehicle. */
const OFFER_FORMS = new Set(['tradeIn', 'valuation']);

/** Drops any offer value a request sent. */
export function dropOfferValues(values: Record<string, LeadValue>): void {
  for (const key of OFFER_KEYS) delete values[key];
}

/** The lead values of `offer`. */
export function offerValues(offer: TradeInOffer): Record<(typeof OFFER_KEYS)[number], LeadValue> {
  return {
    trade_offer_amount: offer.amount,
    trade_offer_currency: offer.currency,
    trade_offer_valid_until: offer.validUntil,
    trade_offer_terms: offer.terms,
    trade_offer_range: `${offer.basis.low}-${offer.basis.high}`,
    trade_offer_source: `${offer.basis.source}, as at ${offer.basis.asAt}`,
  };
}

/** The offer for the vehicle `values` name on the dealer's form `formType`, or undefined. */
export async function leadTradeOffer(
  dealer: Pick<DealerContent, 'site' | 'slug'>,
  formType: string | undefined,
  values: Record<string, LeadValue>,
  provider: ValuationProvider,
  now: Date,
): Promise<TradeInOffer | undefined> {
  const { site } = dealer;
  if (!formType || !OFFER_FORMS.has(formType) || !site.trade_in?.offer) return undefined;
  const subject = valuationSubject(values);
  const parsed = subject && valuationRequest.safeParse(subject.request);
  if (!parsed?.success) return undefined;
  const { site: _, ...query } = parsed.data;
  if (query.rego && !query.state && locale(site.country).vehicle.registeredByState) {
    const state = plateState(site.state);
    if (state) query.state = state;
  }
  try {
    const answer = await provider.value({ query, country: site.country, asAt: nowIn(timeZoneFor(site), now).day });
    return answer.status === 'valued' ? tradeInOffer(site.trade_in, answer.tradeIn) : undefined;
  } catch (e) {
    console.warn(`trade-in offer (${dealer.slug}, ${provider.describe}): ${(e as Error).message}`);
    return undefined;
  }
}
