/**
 * A deal's parts as the server keeps them, made from what the shopper sent: the trade-in valued by
 * the site's valuation provider (the one POST /api/valuation asks) and turned into the dealer's
 * conditional offer (src/features/valuation/rules/trade-offer.ts), the finance estimate from the
 * dealer's calculator rate, the handover checked against the location's open days, and the
 * contact details checked by the same rules and messages as the reservation and enquiry forms.
 * Nothing the browser says about a value or an offer is taken: each is worked out here.
 */
import type { DealerContent } from '../../../content/load.ts';
import type { Car } from '../../../content/entities.ts';
import { locale } from '../../../lib/locale.ts';
import { carLocation } from '../../../seo/structured-data/places.ts';
import { nowIn, timeZoneFor } from '../../../domain/booking-hours.ts';
import { messages } from '../../../forms/messages.ts';
import { reservationProblems } from '../../../forms/reservation.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { repayment } from '../../finance/rules/finance.ts';
import { dealerCalculator } from '../../finance/rules/car-example.ts';
import { tradeInOffer, type TradeInOffer } from '../../valuation/rules/trade-offer.ts';
import { localValuationProvider, ValuationProviderError } from '../../valuation/server/valuation-provider.ts';
import { plateState } from '../../valuation/server/app.ts';
import type {
  DealFinanceInput,
  DealHandoverInput,
  DealTradeInInput,
  DealUpdate,
  FinanceQuote,
} from '../contract/deal.ts';
import { dealTotals, handoverDateProblem, handoverHours, handoverKinds } from '../rules/deal.ts';

export interface DealContact {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  privacy_consent: true;
  message?: string;
}

export interface DealParts {
  trade_in?: DealTradeInInput & {
    estimate?: { low: number; high: number; asAt: string; source: string };
    offer?: TradeInOffer;
    /** Why there is no estimate (the provider does not know the car, or is unavailable). */
    note?: string;
  };
  finance?: DealFinanceInput & {
    amount: number;
    rate: number;
    payment: number;
    per: string;
    total: number;
    /** The finance hand-off's outcome (finance-quote.ts), once the deal has contact details. */
    quote?: FinanceQuote;
  };
  handover?: DealHandoverInput & { locationName?: string };
  contact?: DealContact;
}

/** Problems by field path ("handover.date": "Choose a date …"). */
export type Problems = Record<string, string>;

/** The rate a finance estimate uses when the dealer has no calculator: a guide, as the page says. */
export const DEFAULT_DEAL_RATE = 8.99;

const fallbackValuation = localValuationProvider();

async function tradeInPart(
  deps: ApiDeps,
  dealer: DealerContent,
  input: DealTradeInInput,
): Promise<NonNullable<DealParts['trade_in']>> {
  const { site } = dealer;
  const provider = deps.valuationProvider ?? fallbackValuation;
  const rego = input.rego?.toUpperCase().replace(/[\s-]/g, '') || undefined;
  const state = (input.state?.toUpperCase() || plateState(site.state)) as never;
  try {
    const answer = await provider.value({
      query: {
        make: input.make,
        model: input.model,
        year: input.year,
        km: input.km,
        ...(input.condition ? { condition: input.condition } : {}),
        ...(rego ? { rego, ...(locale(site.country).vehicle.registeredByState && state ? { state } : {}) } : {}),
      },
      country: site.country,
      asAt: nowIn(timeZoneFor(site), deps.now()).day,
    });
    if (answer.status !== 'valued') return { ...input, note: answer.message };
    const { low, high, asAt, source } = answer.tradeIn;
    const offer = tradeInOffer(site.trade_in, answer.tradeIn);
    return { ...input, estimate: { low, high, asAt, source }, ...(offer ? { offer } : {}) };
  } catch (e) {
    if (!(e instanceof ValuationProviderError)) throw e;
    return { ...input, note: 'We could not value your car online just now; the dealer will value it for you.' };
  }
}

function financePart(
  dealer: DealerContent,
  car: Car,
  input: DealFinanceInput,
  tradeIn: number,
): NonNullable<DealParts['finance']> {
  const rate = dealerCalculator(dealer)?.interest.default ?? DEFAULT_DEAL_RATE;
  const totals = dealTotals(car, { tradeInOffer: tradeIn, financeDeposit: input.deposit });
  const amount = totals.balance ?? 0;
  const r = repayment({ amount, term: input.term, interest: rate, frequency: input.frequency });
  return { ...input, amount, rate, payment: r.payment, per: r.per, total: r.total };
}

/** A postcode of the dealer's own area for the message's example: the car's yard's, when its address ends in one. */
function postcodeExample(address: string | undefined): string {
  const found = address ? /\b(\d{4})\s*$/.exec(address) : null;
  return found ? `, such as ${found[1]}` : '';
}

function handoverPart(
  deps: ApiDeps,
  dealer: DealerContent,
  car: Car,
  input: DealHandoverInput,
  problems: Problems,
): DealParts['handover'] {
  const { site } = dealer;
  const kinds = handoverKinds(site.online_deal);
  if (!kinds.includes(input.kind)) {
    problems['handover.kind'] =
      input.kind === 'delivery' ? 'This dealer does not deliver: choose collection.' : 'Choose delivery.';
    return undefined;
  }
  const today = nowIn(timeZoneFor(site), deps.now()).day;
  if (input.kind === 'collection') {
    const location =
      dealer.locations.find((l) => String(l.id) === input.location_id) ??
      (dealer.locations.length === 1 ? dealer.locations[0] : undefined);
    if (!location) {
      problems['handover.location_id'] = 'Choose where you would like to collect the car.';
      const problem = handoverDateProblem(input.date, today, undefined);
      if (problem) problems['handover.date'] = problem;
      return undefined;
    }
    const problem = handoverDateProblem(input.date, today, handoverHours(location, site), location.name);
    if (problem) problems['handover.date'] = problem;
    return { kind: 'collection', location_id: String(location.id), locationName: location.name, date: input.date };
  }
  // Delivery leaves from the car's own yard, so the day is checked against that yard's hours.
  const yard = carLocation(dealer, car.location_name);
  const yardHours = yard ? handoverHours(yard, site) : undefined;
  const from = yardHours ? yard : dealer.locations.find((l) => handoverHours(l, site));
  // Both countries' postcodes are four digits.
  if (!input.address) problems['handover.address'] = 'Enter the street address to deliver the car to.';
  if (!input.postcode || !/^\d{4}$/.test(input.postcode))
    problems['handover.postcode'] = `Enter a 4-digit postcode${postcodeExample((yard ?? from)?.address.address)}.`;
  const hours = from ? handoverHours(from, site) : undefined;
  const problem = handoverDateProblem(input.date, today, hours, from?.name ?? site.name);
  if (problem) problems['handover.date'] = problem;
  return { kind: 'delivery', address: input.address, postcode: input.postcode, date: input.date };
}

/** The contact details' problems, in the enquiry form's words; the details when there are none. */
export function contactPart(
  dealer: DealerContent,
  input: NonNullable<DealUpdate['contact']>,
  problems: Problems,
): DealContact | undefined {
  const found = reservationProblems({ ...input, accept_terms: true }, dealer.site.country);
  for (const [name, message] of Object.entries(found)) problems[`contact.${name}`] = message;
  if (input.privacy_consent !== true) problems['contact.privacy_consent'] = messages.privacy;
  if (Object.keys(found).length || input.privacy_consent !== true) return undefined;
  const t = (v: unknown) => String(v).trim();
  return {
    first_name: t(input.first_name),
    last_name: t(input.last_name),
    email: t(input.email),
    phone: t(input.phone),
    privacy_consent: true,
    ...(input.message ? { message: input.message } : {}),
  };
}

/**
 * The parts after `update`: each part sent replaces the saved one (null takes it out), the
 * others stay; the finance estimate is worked out again when the trade-in changes, and keeps the
 * hand-off's quote (finance-quote.ts decides whether its inputs still stand).
 */
export async function nextParts(
  deps: ApiDeps,
  dealer: DealerContent,
  car: Car,
  saved: DealParts,
  update: DealUpdate,
  problems: Problems,
): Promise<DealParts> {
  const parts: DealParts = { ...saved };
  if (update.trade_in === null) delete parts.trade_in;
  else if (update.trade_in) parts.trade_in = await tradeInPart(deps, dealer, update.trade_in);
  if (update.handover === null) delete parts.handover;
  else if (update.handover) {
    const handover = handoverPart(deps, dealer, car, update.handover, problems);
    if (handover) parts.handover = handover;
  }
  if (update.contact) {
    const contact = contactPart(dealer, update.contact, problems);
    if (contact) parts.contact = contact;
  }
  const finance = update.finance === null ? undefined : (update.finance ?? parts.finance);
  if (finance) {
    const estimate = financePart(dealer, car, finance, parts.trade_in?.offer?.amount ?? 0);
    const quote = saved.finance?.quote;
    parts.finance = quote ? { ...estimate, quote } : estimate;
  } else delete parts.finance;
  return parts;
}
