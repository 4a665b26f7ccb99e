/**
 * The valuation widget's route (spec §2, the valuation thank-you page):
 *
 * POST /api/valuation   body: { rego?, state?, vin?, make?, model?, year?, km?, condition?, site? }
 *   (src/features/valuation/contract/valuation.ts). JSON only (415), from the dealer's own pages (403), at most
 *   RATE_LIMIT_VALUATION_PER_IP calls a minute from one address (429 with Retry-After).
 *   200 { status: "valued", tradeIn: { low, high, currency, asAt, source, disclaimer }, vehicle }
 *       or { status: "unknown", message } when the provider cannot value the vehicle: both are
 *       answers, not failures of the route
 *   400 a value of the wrong shape, or no vehicle named (fields name each one)
 *   404 unknown site; 502 the provider failed; 503 it did not answer in time (Retry-After)
 *
 * The valuation date is the dealer's calendar day; a rego without a state is looked up in the
 * dealer's state (Australian plates are issued by state).
 */
import { AU_STATES, valuationRequest, type AuState } from '../contract/valuation.ts';
import { locale } from '../../../lib/locale.ts';
import { auState, nowIn, timeZoneFor } from '../../../domain/booking-hours.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { guard } from '../../../api/core/guard.ts';
import { ValuationProviderError, localValuationProvider, type ValuationProvider } from './valuation-provider.ts';
import { featureApp, routePath } from '../../../api/core/respond.ts';
import { validate } from '../../../api/core/validate.ts';
import { tradeInOffer } from '../rules/trade-offer.ts';

export const VALUATION_UNAVAILABLE = 'Online valuations are not available right now. Please try again later.';
const TOO_MANY = 'Too many valuations were asked for from your network. Please wait a minute and try again.';
/** How long a client should wait after a 503 before asking again. */
export const VALUATION_RETRY_AFTER_S = 30;

/** The site's state as a plate state ("NSW", "New South Wales" → NSW), or undefined. */
export function plateState(state: string | undefined): AuState | undefined {
  const code = auState(state?.trim());
  return code && (AU_STATES as readonly string[]).includes(code) ? (code as AuState) : undefined;
}

const fallback = localValuationProvider();

/** POST /api/valuation. */
export function valuationApp(deps: ApiDeps) {
  const provider: ValuationProvider = deps.valuationProvider ?? fallback;

  return featureApp().post(
    routePath('valuation'),
    guard(deps, 'valuation', (limits) => limits.valuationPerIp, TOO_MANY),
    validate('json', valuationRequest),
    async (c) => {
      const dealer = c.get('dealer');
      const { site: _, ...query } = c.req.valid('json');
      const { site } = dealer;
      if (query.rego && !query.state && locale(site.country).vehicle.registeredByState) {
        const state = plateState(site.state);
        if (state) query.state = state;
      }

      try {
        const answer = await provider.value({
          query,
          country: site.country,
          asAt: nowIn(timeZoneFor(site), deps.now()).day,
        });
        c.header('Cache-Control', 'no-store');
        // The same rule and provider make the offer the lead records (lead-offer.ts).
        const offer = answer.status === 'valued' ? tradeInOffer(site.trade_in, answer.tradeIn) : undefined;
        return c.json(offer ? { ...answer, offer } : answer);
      } catch (e) {
        if (!(e instanceof ValuationProviderError)) throw e;
        console.warn(`valuation provider (${dealer.slug}, ${provider.describe}): ${e.message}`);
        throw new ApiError(
          e.status,
          `${e.message} ${VALUATION_UNAVAILABLE}`,
          undefined,
          e.status === 503
            ? { 'Retry-After': String(VALUATION_RETRY_AFTER_S), 'Cache-Control': 'no-store' }
            : { 'Cache-Control': 'no-store' },
        );
      }
    },
  );
}
