/**
 * The finance hand-off (spec §7):
 *
 * Both take JSON only (415 otherwise), from the dealer's own pages (403 for another Origin), and
 * at most RATE_LIMIT_FINANCE_PER_IP calls a minute from one address (429 with Retry-After).
 * Bodies are parsed by src/features/finance/contract/finance.ts.
 *
 * POST /api/send-to-{provider}   body: every finance form value by field name (+ lead_id, site?)
 *   The dealer is the server's: values of the body that name a dealer (dealershipId,
 *   dealerCompanyId, dealership_*) are never passed on. The provider gets the site's
 *   dealerCompanyId and a dealershipId the server finds itself: with the site option
 *   forms.finance.lookupCarLocation and a car_id of the dealer's stock, the provider's id for that
 *   car's location (as POST /api/finance-locations answers it), else the site's dealershipId.
 *   200 FinanceAnswer: `{ satellite_site_url, customerKey, mobileVerificationStatus, dealershipId,
 *       dealerCompanyId }` on success, `{ dataErrors }` or `{ error }` when the provider declines.
 *       The provider's verdicts are answers, not failures of the route, so they come with 200.
 *   400 malformed JSON, a value of the wrong type, or a location_id that is none of the dealer's
 *       locations (fields name each one)
 *   404 unknown site, or a provider other than the one the site names in
 *       integrations.financeProvider (a site that names none accepts any provider name)
 *   413 body over MAX_ROUTE_BODY_BYTES (64 KB); 502 the provider failed; 503 it did not answer in time
 *
 * POST /api/finance-locations   body: { carId, site? }
 *   200 { dealershipId: string | null, location_name: string | null } — the provider's
 *       dealership id of the car's location, else the site's own dealershipId, else null
 *   400 bad body; 404 unknown site or a car not in the dealer's stock; 502 / 503 as above
 */
import type { z } from 'astro/zod';
import type { Context, MiddlewareHandler } from 'hono';
import { financeApplication, financeLocationsRequest } from '../contract/finance.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { guard } from '../../../api/core/guard.ts';
import { FinanceProviderError } from './finance-provider.ts';
import { featureApp, routePath, type ApiEnv, type JsonObject } from '../../../api/core/respond.ts';
import { validate, type OnProblem } from '../../../api/core/validate.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { messages } from '../../../forms/messages.ts';
import { trimmedOrNumber } from '../../../lib/text.ts';

const TOO_MANY = 'Too many finance requests were sent from your network. Please wait a minute and try again.';

/** Values of a finance body that name a dealer: the server's to say, so never passed on. */
export const DEALER_VALUE = /^(dealershipId|dealerCompanyId|dealership_.*)$/;

/** The form values to send: the parsed application without the site and any value naming a dealer. */
function financeValues(application: z.output<typeof financeApplication>): JsonObject {
  const { site: _, ...values } = application;
  return Object.fromEntries(Object.entries(values).filter(([k]) => !DEALER_VALUE.test(k)));
}

/** A refused application: a value of the wrong type is named by its field; a problem of the whole body in its words. */
const wrongTypes: OnProblem = ({ message, fields }) =>
  new ApiError(
    400,
    Object.keys(fields).some(Boolean) ? 'Some values of the finance application have the wrong type.' : message,
    fields,
  );

/** The provider of `/api/send-to-{provider}`, in lower case. */
const providerOf = (c: Context) => c.req.param('sendTo')!.slice('send-to-'.length).toLowerCase();

/** A location_id that is none of the dealer's locations (empty is none chosen). */
function foreignLocation(dealer: DealerContent, value: unknown): boolean {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) return false;
  const id = trimmedOrNumber(value);
  return id === undefined || !dealer.locations.some((l) => String(l.id) === id);
}

/** The provider's dealership id of a stock car's location, else the site's own dealershipId. */
async function carDealershipId(deps: ApiDeps, dealer: DealerContent, car: Car): Promise<string | number | undefined> {
  const found = await deps.financeProvider.dealershipIdForLocation({
    site: dealer.site,
    locationName: car.location_name,
    carId: String(car.id),
  });
  return found ?? dealer.site.dealershipId;
}

/**
 * The provider's dealership id an application is for: with forms.finance.lookupCarLocation and a
 * car_id of the dealer's stock, the car location's (a provider that cannot say leaves the site's,
 * as the form does when POST /api/finance-locations fails), else the site's dealershipId.
 */
export async function applicationDealershipId(
  deps: ApiDeps,
  dealer: DealerContent,
  carId: unknown,
): Promise<string | number | undefined> {
  const id = trimmedOrNumber(carId);
  const car = id === undefined ? undefined : dealer.cars.find((c) => String(c.id) === id);
  if (!car || !dealer.site.options.forms.finance.lookupCarLocation) return dealer.site.dealershipId;
  try {
    return await carDealershipId(deps, dealer, car);
  } catch (e) {
    if (!(e instanceof FinanceProviderError)) throw e;
    console.warn(`finance provider (${dealer.slug}): ${e.message} The application names the site's dealership.`);
    return dealer.site.dealershipId;
  }
}

/** A provider call whose failure becomes a 502 or 503 answer. */
async function providerCall<T>(slug: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (!(e instanceof FinanceProviderError)) throw e;
    console.warn(`finance provider (${slug}): ${e.message}`);
    throw new ApiError(e.status, e.message);
  }
}

/** POST /api/send-to-{provider} and POST /api/finance-locations. */
export function financeApp(deps: ApiDeps) {
  // Content-Type, body, site, Origin and the per-address limit, shared by both routes.
  const financeRequest = guard(deps, 'finance', (limits) => limits.financePerIp, TOO_MANY);
  // A provider other than the site's is a 404, before the body's values are looked at.
  const knownProvider: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const dealer = c.get('dealer');
    const provider = providerOf(c);
    const named = dealer.site.integrations?.financeProvider?.trim().toLowerCase();
    if (named && named !== provider) {
      throw new ApiError(404, `${dealer.site.name} sends finance applications to "${named}", not "${provider}".`);
    }
    await next();
  };
  const carIdRequired = () =>
    new ApiError(400, 'carId is required: the id of a car in stock.', { carId: 'must be a car id' });

  return featureApp()
    .post(
      routePath('sendToProvider'),
      financeRequest,
      knownProvider,
      validate('json', financeApplication, wrongTypes),
      async (c) => {
        const dealer = c.get('dealer');
        const values = financeValues(c.req.valid('json'));
        if (foreignLocation(dealer, values.location_id)) {
          throw new ApiError(400, 'Please check the highlighted fields and try again.', {
            location_id: messages.location,
          });
        }
        const dealershipId = await applicationDealershipId(deps, dealer, values.car_id);
        const answer = await providerCall(dealer.slug, () =>
          deps.financeProvider.apply({ site: dealer.site, values, provider: providerOf(c), dealershipId }),
        );
        c.header('Cache-Control', 'no-store');
        return c.json(answer);
      },
    )
    .post(
      routePath('financeLocations'),
      financeRequest,
      validate('json', financeLocationsRequest, carIdRequired),
      async (c) => {
        const dealer = c.get('dealer');
        const id = c.req.valid('json').carId;
        const car = dealer.cars.find((one) => String(one.id) === id);
        if (!car) throw new ApiError(404, `${dealer.site.name} has no car with id ${id}.`);

        const found = await providerCall(dealer.slug, () => carDealershipId(deps, dealer, car));
        c.header('Cache-Control', 'no-store');
        return c.json({
          dealershipId: found === undefined ? null : String(found),
          location_name: car.location_name ?? null,
        });
      },
    );
}
