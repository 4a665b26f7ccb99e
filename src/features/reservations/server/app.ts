/**
 * The reservation routes (docs/api.md, Reservations):
 *
 * POST /api/reservations        { site?, car_id, first_name, last_name, email, phone, accept_terms }
 *   JSON only (415), from the dealer's own pages (403), RATE_LIMIT_RESERVATIONS_PER_IP a minute
 *   (429), the unpaid-hold limits (429 with Retry-After, limits.ts). 201 { reservation_id,
 *   reservation_key, checkout_url }: the car is held and the shopper goes to the checkout; the
 *   browser keeps the key (it is in no URL). 400 a field's problem (fields), 404 no such car, 409
 *   the car cannot be reserved or another shopper holds it, 503 payments unavailable (Retry-After).
 * GET /api/reservations/{id}?key=…   the reservation's state for its shopper (404 without the key);
 *   with the cancel link, LOOKUPS_PER_MINUTE a minute per client address (429)
 * GET /api/reservations/{id}/cancel?cancel=…&origin=…   the checkout's Cancel: closes an unpaid
 *   checkout, releases the car, 303 to the car page; once a deposit is paid, 303 to the
 *   reservation's thank-you page
 * POST /api/payments/webhook    Stripe's signed notifications: 400 when the signature does not
 *   verify (nothing changes), else 200 { received: true, outcome }; a replay changes nothing.
 */
import type { Context } from 'hono';
import { reservationRequest, type ReservationStarted } from '../contract/reservations.ts';
import { MAX_PAYMENT_EVENT_BYTES } from '../../../contract/routes.ts';
import { reservationProblems } from '../../../forms/reservation.ts';
import { readCapped } from '../../../api/core/body.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { ApiError } from '../../../api/core/errors.ts';
import { enforce, guard, originAllowed } from '../../../api/core/guard.ts';
import { clientIp } from '../../../api/core/rate-limit.ts';
import { PaymentSignatureError, type Payments } from './payments/payments.ts';
import { dealerFor, featureApp, routePath } from '../../../api/core/respond.ts';
import { validate } from '../../../api/core/validate.ts';
import {
  applyPaymentEvent,
  cancelReservation,
  keyMatches,
  PAYMENTS_DOWN,
  RESERVATION_ID,
  reservationById,
  reservationView,
  startReservation,
} from './service.ts';

const TOO_MANY = 'Too many reservations were started from your network. Please wait a minute and try again.';
/** Look-ups of reservations (the thank-you page asks every 2 s while a payment is confirmed) per client address. */
export const LOOKUPS_PER_MINUTE = 120;
const lookupLimit = { max: LOOKUPS_PER_MINUTE, windowMs: 60_000 };
const NOT_FOUND = 'There is no such reservation, or the link is incomplete.';
/** The origin of the page that sent the request (checked by the guard), else the site's own. */
function pageOrigin(request: Request, siteUrl: string): string {
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null') return origin;
  return new URL(siteUrl).origin;
}

/** POST /api/reservations, GET /api/reservations/{id} and …/cancel, POST /api/payments/webhook. */
export function reservationsApp(deps: ApiDeps) {
  /** The shopper's links are guessable by no one, but their look-ups are counted all the same. */
  async function countLookup(request: Request) {
    const ip = clientIp(request);
    if (ip === 'unknown') return;
    const key = `reservations:lookup:ip:${ip}`;
    await enforce(deps, [{ key, limit: lookupLimit }]);
  }

  /**
   * The reservation of the request: counted, then 404 unless its id, site and secret all match.
   * The shopper's key opens it; the checkout's Cancel link carries a secret of its own
   * (`cancel`), which only the cancel route takes.
   */
  async function shoppersReservation(c: Context, secret: 'key' | 'key-or-cancel' = 'key') {
    await countLookup(c.req.raw);
    const dealer = dealerFor(c, deps, c.req.query('site'));
    const id = c.req.param('id') ?? '';
    const row = RESERVATION_ID.test(id) ? await reservationById(deps.db, id) : undefined;
    const opens =
      !!row &&
      (keyMatches(row, c.req.query('key')) ||
        (secret === 'key-or-cancel' &&
          !!row.cancel_hash &&
          keyMatches({ key_hash: row.cancel_hash }, c.req.query('cancel'))));
    if (!row || row.site_slug !== dealer.slug || !opens) throw new ApiError(404, NOT_FOUND);
    return { dealer, row };
  }

  const withPayments = (): ApiDeps & { payments: Payments } => {
    if (!deps.payments) throw new ApiError(503, PAYMENTS_DOWN, undefined, { 'Retry-After': '60' });
    return deps as ApiDeps & { payments: Payments };
  };

  return featureApp()
    .post(
      routePath('reservations'),
      guard(deps, 'reservations', (limits) => limits.reservationsPerIp, TOO_MANY),
      validate('json', reservationRequest),
      async (c) => {
        const dealer = c.get('dealer');
        const { car_id: carId, site: _, ...values } = c.req.valid('json');
        const problems = reservationProblems(values, dealer.site.country);
        const first = Object.entries(problems)[0];
        if (first) throw new ApiError(400, `${first[0]}: ${first[1].replace(/^\*/, '')}`, problems);
        if (!dealer.cars.some((car) => String(car.id) === carId)) throw new ApiError(404, `There is no car ${carId}.`);
        const started = await startReservation(withPayments(), dealer, {
          carId,
          values: values as never,
          siteOrigin: pageOrigin(c.req.raw, dealer.site.url),
          apiOrigin: new URL(c.req.url).origin,
          client: clientIp(c.req.raw),
        });
        const answer: ReservationStarted = {
          reservation_id: started.id,
          reservation_key: started.key,
          checkout_url: started.checkoutUrl,
        };
        return c.json(answer, 201, { 'Cache-Control': 'no-store' });
      },
    )
    .get(routePath('reservation'), async (c) => {
      const { dealer, row } = await shoppersReservation(c);
      const view = await reservationView(deps.db, dealer, row.id);
      return c.json(view, 200, { 'Cache-Control': 'no-store' });
    })
    .get(routePath('reservationCancel'), async (c) => {
      const { dealer, row } = await shoppersReservation(c, 'key-or-cancel');
      // Back to the page the shopper reserved from: its origin rides on the link, and is taken only
      // when it is one of the dealer's own (as the reservation's Origin was), else the site's URL.
      const from = c.req.query('origin');
      const siteOrigin =
        from && originAllowed(from, c.req.raw, dealer, deps.allowedOrigins)
          ? new URL(from).origin
          : new URL(dealer.site.url).origin;
      const to = await cancelReservation(withPayments(), dealer, row, siteOrigin);
      return c.redirect(to, 303);
    })
    .post(routePath('paymentsWebhook'), async (c) => {
      const payments = withPayments();
      const bytes = await readCapped(c.req.raw, MAX_PAYMENT_EVENT_BYTES);
      const text = new TextDecoder().decode(bytes);
      let event;
      try {
        event = await payments.payments.verifyEvent(text, c.req.header('stripe-signature') ?? null);
      } catch (e) {
        if (e instanceof PaymentSignatureError) throw new ApiError(400, e.message);
        throw e;
      }
      const outcome = await applyPaymentEvent(payments, event);
      return c.json({ received: true, outcome }, 200, { 'Cache-Control': 'no-store' });
    });
}
