/**
 * The finance hand-off (spec §7):
 *
 * POST /api/send-to-{provider}   body: every finance form value by field name (+ lead_id, site?)
 *   200 FinanceAnswer: `{ satellite_site_url, customerKey, mobileVerificationStatus, dealershipId,
 *       dealerCompanyId }` on success, `{ dataErrors }` or `{ error }` when the provider declines.
 *       The provider's verdicts are answers, not failures of the route, so they come with 200.
 *   400 malformed JSON or a value of the wrong type (fields name each one)
 *   404 unknown site, or a provider other than the one the site names in
 *       integrations.financeProvider (a site that names none accepts any provider name)
 *   413 body over MAX_ROUTE_BODY_BYTES (64 KB); 502 the provider failed; 503 it did not answer in time
 *
 * POST /api/finance-locations   body: { carId, site? }
 *   200 { dealershipId: string | null, location_name: string | null } — the provider's
 *       dealership id of the car's location, else the site's own dealershipId, else null
 *   400 bad body; 404 unknown site or a car not in the dealer's stock; 502 / 503 as above
 */
import type { Hono } from 'hono';
import type { ApiDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { FinanceProviderError } from '../integrations/finance-provider.ts';
import { dealerFor, handle, readBody, type JsonObject } from './respond.ts';

const MAX_FIELDS = 200;
const MAX_TEXT = 5000;
const MAX_LIST = 50;

/** Values that are always text in a finance form (a phone number as a JSON number loses its 0). */
const TEXT_FIELDS = [
  'lead_id', 'name', 'first_name', 'middle_name', 'last_name', 'email', 'phone', 'dateOfBirth',
  'driverLicenceNumber', 'preferredDealership',
];

function isScalar(value: unknown): boolean {
  return value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && value.length <= MAX_TEXT);
}

/** The form values to send, or the fields whose values no finance form produces. */
export function checkFinanceValues(body: JsonObject): { values: JsonObject; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const values: JsonObject = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === 'site') continue;
    if (Array.isArray(value) ? value.length > MAX_LIST || !value.every((v) => typeof v === 'string' || typeof v === 'number') : !isScalar(value)) {
      fields[name] = typeof value === 'string' ? `must be at most ${MAX_TEXT} characters` : 'must be text, a number, true or false, or a list of those';
    } else if (TEXT_FIELDS.includes(name) && value !== null && typeof value !== 'string') {
      fields[name] = 'must be text';
    } else if (name === 'vehiclePriceBudget' && value !== null && value !== '' && !isAmount(value)) {
      fields[name] = 'must be an amount in dollars, such as 30000';
    } else {
      values[name] = value;
    }
  }
  return { values, fields };
}

function isAmount(value: unknown): boolean {
  if (typeof value === 'number') return value >= 0;
  if (typeof value !== 'string') return false;
  const digits = value.replace(/[$,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(digits);
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

export function mountFinanceRoutes(app: Hono, deps: ApiDeps): void {
  app.post('/:sendTo{send-to-[A-Za-z0-9_-]+}', handle(async (c) => {
    const body = await readBody(c);
    const dealer = dealerFor(c, deps, body.site);
    const provider = c.req.param('sendTo')!.slice('send-to-'.length).toLowerCase();
    const named = dealer.site.integrations?.financeProvider?.trim().toLowerCase();
    if (named && named !== provider) {
      throw new ApiError(404, `${dealer.site.name} sends finance applications to "${named}", not "${provider}".`);
    }
    if (Object.keys(body).length > MAX_FIELDS) {
      throw new ApiError(400, `A finance application has at most ${MAX_FIELDS} values.`);
    }
    const { values, fields } = checkFinanceValues(body);
    if (Object.keys(fields).length) {
      throw new ApiError(400, 'Some values of the finance application have the wrong type.', fields);
    }
    const answer = await providerCall(dealer.slug, () => deps.financeProvider.apply({ site: dealer.site, values, provider }));
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  }));

  app.post('/finance-locations', handle(async (c) => {
    const body = await readBody(c);
    const dealer = dealerFor(c, deps, body.site);
    const { carId } = body;
    const id = typeof carId === 'number' && Number.isFinite(carId) ? String(carId) : typeof carId === 'string' ? carId.trim() : '';
    if (!id || id.length > 100) {
      throw new ApiError(400, 'carId is required: the id of a car in stock.', { carId: 'must be a car id' });
    }
    const car = dealer.cars.find((one) => String(one.id) === id);
    if (!car) throw new ApiError(404, `${dealer.site.name} has no car with id ${id}.`);

    const found = await providerCall(dealer.slug, () =>
      deps.financeProvider.dealershipIdForLocation({ site: dealer.site, locationName: car.location_name, carId: id }));
    const fallback = dealer.site.dealershipId;
    c.header('Cache-Control', 'no-store');
    return c.json({
      dealershipId: found ?? (fallback === undefined ? null : String(fallback)),
      location_name: car.location_name ?? null,
    });
  }));
}
