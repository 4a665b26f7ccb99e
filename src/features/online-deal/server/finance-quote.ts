/**
 * The deal's finance quote through the finance hand-off: once a deal holds finance and the
 * shopper's contact details (the applicant), the application goes to the site's finance provider
 * (deps.financeProvider, the one POST /api/send-to-{provider} uses) with the applicant, the amount
 * to finance, the term, the deposit, the frequency and the car, for the dealership the finance
 * route names (the car location's with forms.finance.lookupCarLocation). Its outcome is kept in
 * the deal's finance part with the digest of what was applied, so the same inputs are never
 * applied twice; a provider that is down never stops the deal, and is asked again only when the
 * inputs change or the shopper saves the finance step again.
 */
import { createHash } from 'node:crypto';
import type { ApiDeps } from '../../../api/core/deps.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { Site } from '../../../content/site.ts';
import { carTitle } from '../../../domain/pages.ts';
import { headlinePrice } from '../../../domain/car-prices.ts';
import { applicationDealershipId } from '../../finance/server/app.ts';
import { FinanceProviderError } from '../../finance/server/finance-provider.ts';
import type { DealUpdate, FinanceQuote } from '../contract/deal.ts';
import type { DealContact, DealParts, Problems } from './parts.ts';

export type { FinanceQuote };

/** The provider's name in the route, as the finance form makes it: the site's, else "provider". */
export function financeProviderName(site: Pick<Site, 'integrations'>): string {
  const name = (site.integrations?.financeProvider ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return name || 'provider';
}

/** The provider as the shopper reads it: "Taurus", or "our finance partner" when the site names none. */
export function financeProviderLabel(site: Pick<Site, 'integrations'>): string {
  const named = site.integrations?.financeProvider?.trim();
  if (!named) return 'our finance partner';
  return named.replace(/(^|[\s-])(\p{L})/gu, (_, gap: string, ch: string) => gap + ch.toUpperCase());
}

/** The provider's field names, as the deal asks them (a field the deal does not ask is none). */
const FIELD_PATHS: Record<string, string> = {
  first_name: 'contact.first_name',
  name: 'contact.first_name',
  last_name: 'contact.last_name',
  email: 'contact.email',
  phone: 'contact.phone',
  vehiclePriceBudget: 'finance.deposit',
  financeAmount: 'finance.deposit',
  deposit: 'finance.deposit',
  term: 'finance.term',
  frequency: 'finance.frequency',
};

/** The application's values: the applicant, the finance asked for and the car (never the dealer's ids). */
export function financeApplicant(
  dealer: DealerContent,
  car: Car,
  dealId: string,
  finance: NonNullable<DealParts['finance']>,
  contact: DealContact,
): Record<string, unknown> {
  const location = car.location_name ? dealer.locations.find((l) => l.name === car.location_name) : undefined;
  const price = headlinePrice(car)?.amount;
  return {
    deal_id: dealId,
    first_name: contact.first_name,
    last_name: contact.last_name,
    email: contact.email,
    phone: contact.phone,
    privacy: true,
    preferredDealership: car.location_name ?? dealer.site.name,
    ...(location ? { location_id: String(location.id) } : {}),
    car_id: String(car.id),
    vehicle: carTitle(car),
    ...(price !== undefined ? { vehiclePrice: price } : {}),
    ...(car.stock_number ? { stock_number: car.stock_number } : {}),
    ...(car.vin ? { vin: car.vin } : {}),
    // The amount to borrow: the car less the trade-in offer, the deposits (the finance form's budget).
    vehiclePriceBudget: finance.amount,
    financeAmount: finance.amount,
    deposit: finance.deposit,
    term: finance.term,
    frequency: finance.frequency,
  };
}

export function inputsDigest(values: Record<string, unknown>): string {
  const { deal_id: _, ...rest } = values;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 32);
}

/** "dateOfBirth: Applicant must be at least 18 years old; …" */
const fieldList = (errors: Record<string, string[]>) =>
  Object.entries(errors)
    .map(([field, list]) => `${field}: ${list[0]}`)
    .join('; ');

/**
 * The deal's finance part after the hand-off: applied when the deal has finance and contact
 * details and these inputs were not applied before (or the provider was down and the shopper saved
 * the finance step again). Field errors the shopper can correct become problems by the deal's
 * field paths (the save then answers 400 and keeps nothing); any other outcome is kept.
 */
export async function financeHandoff(
  deps: Pick<ApiDeps, 'financeProvider' | 'now'>,
  dealer: DealerContent,
  car: Car,
  dealId: string,
  parts: DealParts,
  update: Pick<DealUpdate, 'finance'>,
  problems: Problems,
): Promise<DealParts['finance']> {
  const { finance, contact } = parts;
  if (!finance) return finance;
  const { quote: saved, ...estimate } = finance;
  if (!contact) return saved ? { ...estimate, quote: saved } : estimate;
  const values = financeApplicant(dealer, car, dealId, estimate, contact);
  const inputs = inputsDigest(values);
  const retry = saved?.status === 'unavailable' && update.finance !== undefined;
  if (saved && saved.inputs === inputs && !retry) return finance;

  const provider = financeProviderName(dealer.site);
  const at = deps.now().toISOString();
  const base = { provider, inputs, at };
  let quote: FinanceQuote;
  try {
    const dealershipId = await applicationDealershipId(deps as ApiDeps, dealer, car.id);
    const answer = await deps.financeProvider.apply({ site: dealer.site, values, provider, dealershipId });
    if (answer.dataErrors && Object.keys(answer.dataErrors).length) {
      const mapped = Object.entries(answer.dataErrors).filter(([field]) => FIELD_PATHS[field]);
      if (mapped.length) {
        for (const [field, list] of mapped) problems[FIELD_PATHS[field]!] ??= list[0]!;
        return finance;
      }
      quote = {
        ...base,
        status: 'incomplete',
        message: `The finance application needs details this page does not ask (${fieldList(answer.dataErrors)}). ${dealer.site.name} will contact you to complete it.`,
      };
    } else if (answer.error) {
      quote = { ...base, status: 'declined', message: answer.error };
    } else {
      quote = {
        ...base,
        status: 'quoted',
        ...(answer.customerKey ? { customerKey: answer.customerKey } : {}),
        ...(answer.satellite_site_url ? { quoteUrl: answer.satellite_site_url } : {}),
        ...(answer.mobileVerificationStatus ? { mobileVerification: answer.mobileVerificationStatus } : {}),
        ...(answer.dealershipId !== undefined ? { dealershipId: String(answer.dealershipId) } : {}),
      };
    }
  } catch (e) {
    if (!(e instanceof FinanceProviderError)) throw e;
    console.warn(`finance provider (${dealer.slug}, deal ${dealId}): ${e.message}`);
    quote = {
      ...base,
      status: 'unavailable',
      message: `We could not reach ${financeProviderLabel(dealer.site)} just now, so ${dealer.site.name} will arrange your finance quote with you.`,
      reason: e.message,
    };
  }
  return { ...estimate, quote };
}

/** The quote as the shopper and the dealer's systems see it: without the digest of the inputs. */
export function quoteView(quote: FinanceQuote, site: Pick<Site, 'integrations'>) {
  const { inputs: _, ...rest } = quote;
  return { ...rest, providerName: financeProviderLabel(site) };
}
