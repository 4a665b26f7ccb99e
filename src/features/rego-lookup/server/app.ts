/**
 * POST /api/rego-lookup   body: { rego, state?, site? } (contract/rego.ts). JSON only (415), from
 * the dealer's own pages (403), at most RATE_LIMIT_VALUATION_PER_IP calls a minute from one
 * address, counted apart from valuations (429 with Retry-After): a lookup belongs to the same
 * trade-in and valuation forms.
 *   200 { status: "found", vehicle } | { status: "not_found", message } | { status: "unavailable", message }
 *       the site has no lookup service, or it failed: the form says so and the shopper types the car
 *   400 a rego of the wrong shape (fields.rego), or no state on an Australian site that has none
 *   404 unknown site
 * An Australian plate is issued by a state: without one, the dealer's state is used.
 */
import type { ApiDeps } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { guard } from '../../../api/core/guard.ts';
import { featureApp, routePath } from '../../../api/core/respond.ts';
import { validate } from '../../../api/core/validate.ts';
import { locale } from '../../../lib/locale.ts';
import { plateState } from '../../valuation/server/app.ts';
import { regoLookupRequest } from '../contract/rego.ts';
import { UNAVAILABLE_MESSAGE } from '../rules/rego.ts';
import { noRegoProvider, RegoProviderError } from './rego-provider.ts';

const TOO_MANY = 'Too many lookups were asked for from your network. Please wait a minute and try again.';
const fallback = noRegoProvider();

export function regoLookupApp(deps: ApiDeps) {
  const provider = deps.regoProvider ?? fallback;
  return featureApp().post(
    routePath('regoLookup'),
    guard(deps, 'rego', (limits) => limits.valuationPerIp, TOO_MANY),
    validate('json', regoLookupRequest),
    async (c) => {
      const dealer = c.get('dealer');
      const { rego, state: given } = c.req.valid('json');
      const { country } = dealer.site;
      const byState = locale(country).vehicle.registeredByState;
      const state = byState ? (given ?? plateState(dealer.site.state)) : undefined;
      if (byState && !state) {
        throw new ApiError(400, 'Choose the state the car is registered in.', {
          state: 'Choose the state the car is registered in.',
        });
      }
      c.header('Cache-Control', 'no-store');
      try {
        return c.json(await provider.lookup({ plate: rego, country, ...(state ? { state } : {}) }));
      } catch (e) {
        if (!(e instanceof RegoProviderError)) throw e;
        console.warn(`rego lookup (${dealer.slug}, ${provider.describe}): ${e.message}`);
        return c.json({ status: 'unavailable', message: UNAVAILABLE_MESSAGE });
      }
    },
  );
}
