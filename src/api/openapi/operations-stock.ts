/**
 * The document's words for the stock, reservation, online-deal and saved-search routes. Request
 * schemas are the contract's; the few values the contract leaves to a route's own reading (the
 * signed stock feed, Stripe's events, links' tokens) are described here in zod, as the route reads
 * them. Examples are requests to the Mini Motors test dealer (tests/fixtures/dealers/mini-motors).
 */
import { z } from 'astro/zod';
import { dealAction, dealDeposit, dealStart, dealUpdate } from '../../features/online-deal/contract/deal.ts';
import { reservationRequest } from '../../features/reservations/contract/reservations.ts';
import { savedSearchRequest } from '../../features/saved-searches/contract/saved-searches.ts';
import { stockCarQuery } from '../../features/stock/contract/stock-car.ts';
import { stockCompareQuery, stockStatusQuery } from '../../features/stock/contract/stock-status.ts';
import type { ApiRouteName } from '../../contract/routes.ts';
import type { OperationDoc } from './operation.ts';

const JSON_ONLY = ['application/json'];
const GUARDED = [403, 413, 415, 429];

/** The JSON stock feed (content format 1.3, "Stock feed"); a CSV file has the same columns. */
const stockFeed = z.object({
  feed_id: z.string().optional().meta({ description: 'A feed already applied answers its first summary again.' }),
  mode: z.enum(['full', 'delta']).optional().meta({ description: 'full (default): every car; delta: changed cars.' }),
  cars: z.array(
    z
      .object({ stock_number: z.string().min(1).meta({ description: 'The car’s identity across feeds.' }) })
      .catchall(z.unknown()),
  ),
});

/** A Stripe event as the payment provider sends it. */
const stripeEvent = z
  .object({ id: z.string(), type: z.string(), data: z.object({ object: z.unknown() }) })
  .catchall(z.unknown());

const tokenQuery = z.object({ token: z.string().meta({ description: 'The token of the email’s link.' }) });

const NO_RESERVATION = 'res_000000000000000000000000';
const UNKNOWN_TOKEN = 'tok_unknown_example_000000';

export const STOCK_OPERATIONS: Partial<Record<ApiRouteName, OperationDoc>> = {
  stock: {
    tag: 'Stock',
    summary: 'Push the stock feed',
    description:
      'The dealer’s stock system pushes its feed, as JSON or the CSV file it exports (`?mode=delta` for changes ' +
      'only), signed with the dealer’s key: `X-Stock-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<sorted ' +
      'query>.<body>">`. Bad rows are reported and skipped (`complete: false`); a full feed that would withdraw ' +
      'most of the stock is refused (409).',
    body: { schema: stockFeed, contentTypes: ['application/json', 'text/csv'] },
    headers: [
      { name: 'X-Stock-Timestamp', description: 'Unix seconds when signed; at most 5 minutes off.', required: true },
      { name: 'X-Stock-Signature', description: '`sha256=<hex>` under the dealer’s key.', required: true },
    ],
    success: { status: 200, description: 'The import’s summary: cars added, changed, withdrawn and the rows skipped.' },
    errors: [401, 409, 413, 415, 429],
    examples: {
      delta: {
        summary: 'A new car, as a signed delta feed',
        status: 200,
        signed: 'stock',
        body: {
          mode: 'delta',
          cars: [{ stock_number: 'EX1001', make: 'Toyota', model: 'Camry', year: 2022, odometer: 21000, price: 32990 }],
        },
      },
    },
  },
  stockStatus: {
    tag: 'Stock',
    summary: 'Whether cars are still for sale',
    description: 'Each car’s state now: available, sold, hidden, held, reserved or unknown. Cached for 20 s.',
    query: stockStatusQuery,
    success: { status: 200, description: '`{ cars: { <id>: <state> } }`.' },
    errors: [],
    examples: { two: { summary: 'Two cars', status: 200, query: { ids: '1,2' } } },
  },
  stockCompare: {
    tag: 'Stock',
    summary: 'Compare cars',
    description: 'The compare page’s facts of up to three cars, with their states.',
    query: stockCompareQuery,
    success: { status: 200, description: '`{ cars: [...] }`.' },
    errors: [],
    examples: { one: { summary: 'One car', status: 200, query: { ids: '1' } } },
  },
  stockCar: {
    tag: 'Stock',
    summary: 'One listed car by its page address',
    description: 'A listed car by the slug of `/cars/{slug}`, for a car imported since the site was built.',
    query: stockCarQuery,
    success: { status: 200, description: '`{ car: { id, slug, year, make, model, km, price, … } }`.' },
    errors: [],
    examples: {
      corolla: { summary: 'A listed car', status: 200, query: { slug: '2021-toyota-corolla-1' } },
      gone: { summary: 'No such car', status: 404, query: { slug: 'no-such-car' } },
    },
  },
  reservations: {
    tag: 'Reservations',
    summary: 'Reserve a car',
    description:
      'Holds a stock car and opens a checkout for its deposit, when the dealer takes reservations. The browser ' +
      'keeps `reservation_key`; the shopper goes to `checkout_url`.',
    body: { schema: reservationRequest, contentTypes: JSON_ONLY },
    success: { status: 201, description: '`{ reservation_id, reservation_key, checkout_url }`.' },
    errors: [...GUARDED, 409, 503],
    examples: {
      hold: {
        summary: 'A shopper reserves a car',
        status: 201,
        body: {
          car_id: '1',
          first_name: 'Mia',
          last_name: 'Nguyen',
          email: 'mia@example.com',
          phone: '0412 345 678',
          accept_terms: true,
        },
      },
    },
  },
  reservation: {
    tag: 'Reservations',
    summary: 'A reservation’s state',
    description: 'One reservation, for its shopper: with the key of their return link (404 without it).',
    query: z.object({ key: z.string().meta({ description: 'The reservation’s key, from its start.' }) }),
    success: { status: 200, description: 'The reservation: status, car, deposit and hold times.' },
    errors: [429],
    examples: {
      unknown: { summary: 'No such reservation', status: 404, path: { id: NO_RESERVATION }, query: { key: 'x' } },
    },
  },
  reservationCancel: {
    tag: 'Reservations',
    summary: 'Cancel a checkout',
    description:
      'The checkout’s Cancel link: closes an unpaid checkout and releases the car, then 303 to the car page ' +
      '(or, once paid, to the thank-you page).',
    query: z.object({
      cancel: z.string().meta({ description: 'The cancel link’s key.' }),
      origin: z.string().optional().meta({ description: 'The page’s origin to return to (one of the dealer’s).' }),
    }),
    success: { status: 303, description: 'To the car page, or the reservation’s thank-you page.' },
    errors: [503],
    examples: {
      unknown: { summary: 'No such reservation', status: 404, path: { id: NO_RESERVATION }, query: { cancel: 'x' } },
    },
  },
  paymentsWebhook: {
    tag: 'Reservations',
    summary: 'Payment notifications',
    description: 'Stripe’s signed notifications of checkouts and payments; a replay changes nothing.',
    body: { schema: stripeEvent, contentTypes: JSON_ONLY },
    headers: [{ name: 'Stripe-Signature', description: 'Stripe’s `t=<time>,v1=<HMAC>` signature.', required: true }],
    success: { status: 200, description: '`{ received: true, outcome }`.' },
    errors: [413, 503],
    examples: {
      ignored: {
        summary: 'An event the API has no use for, signed',
        status: 200,
        signed: 'stripe',
        body: { id: 'evt_example', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } },
      },
    },
  },
  deals: {
    tag: 'Online deal',
    summary: 'Start an online deal',
    description: 'Starts a deal for a listed car, when the dealer offers online deals; answers its token.',
    body: { schema: dealStart, contentTypes: JSON_ONLY },
    success: { status: 201, description: '`{ token, deal }`.' },
    errors: [...GUARDED, 409],
    examples: { start: { summary: 'A deal for a car', status: 201, body: { car_id: '1' } } },
  },
  dealView: {
    tag: 'Online deal',
    summary: 'A deal',
    description: 'The shopper’s deal by the token of their link; another deal’s or site’s token is a 404.',
    body: { schema: dealAction, contentTypes: JSON_ONLY },
    success: { status: 200, description: 'The deal.' },
    errors: GUARDED,
    examples: { unknown: { summary: 'A token of no deal', status: 404, body: { token: UNKNOWN_TOKEN } } },
  },
  dealSave: {
    tag: 'Online deal',
    summary: 'Save a deal',
    description: 'Saves parts of a deal (trade-in, finance, handover, contact), or sends it to the dealer (`submit`).',
    body: { schema: dealUpdate, contentTypes: JSON_ONLY },
    success: { status: 200, description: 'The deal.' },
    errors: GUARDED,
    examples: { unknown: { summary: 'A token of no deal', status: 404, body: { token: UNKNOWN_TOKEN } } },
  },
  dealCancel: {
    tag: 'Online deal',
    summary: 'Cancel a deal',
    description: 'Cancels the shopper’s deal.',
    body: { schema: dealAction, contentTypes: JSON_ONLY },
    success: { status: 200, description: 'The deal, cancelled.' },
    errors: GUARDED,
    examples: { unknown: { summary: 'A token of no deal', status: 404, body: { token: UNKNOWN_TOKEN } } },
  },
  dealDeposit: {
    tag: 'Online deal',
    summary: 'Pay a deal’s deposit',
    description: 'Opens the reservation checkout of a sent deal’s deposit.',
    body: { schema: dealDeposit, contentTypes: JSON_ONLY },
    success: { status: 201, description: '`{ reservation_id, reservation_key, checkout_url }`.' },
    errors: [...GUARDED, 409, 503],
    examples: {
      unknown: { summary: 'A token of no deal', status: 404, body: { token: UNKNOWN_TOKEN, accept_terms: true } },
    },
  },
  savedSearches: {
    tag: 'Saved searches',
    summary: 'Save a search',
    description:
      'Saves the stock page’s search with an email address; a confirmation email follows (double opt-in). The ' +
      'answer is the same whether or not the address had the search.',
    body: { schema: savedSearchRequest, contentTypes: JSON_ONLY },
    success: { status: 202, description: '`{ ok: true }`: the confirmation email is on its way.' },
    errors: [...GUARDED, 503],
    examples: {
      toyotas: {
        summary: 'Used Toyotas',
        status: 202,
        body: { email: 'sam@example.com', query: 'toyota', filters: 'car_type:used', page: '/used-cars' },
      },
    },
  },
  savedSearchConfirmPage: {
    tag: 'Saved searches',
    summary: 'The confirmation link’s page',
    description: 'An HTML page asking to turn the alert on, with one button (opening the link changes nothing).',
    query: tokenQuery,
    success: { status: 200, description: 'The page.', contentType: 'text/html' },
    errors: [429],
    examples: { unknown: { summary: 'A link of no search', status: 404, query: { token: UNKNOWN_TOKEN } } },
  },
  savedSearchConfirm: {
    tag: 'Saved searches',
    summary: 'Turn the alert on',
    description: 'The confirmation page’s button: confirms the search, or applies a change link’s change.',
    query: tokenQuery,
    success: { status: 200, description: 'The page saying so.', contentType: 'text/html' },
    errors: [429],
    examples: { unknown: { summary: 'A link of no search', status: 404, query: { token: UNKNOWN_TOKEN } } },
  },
  savedSearchUnsubscribePage: {
    tag: 'Saved searches',
    summary: 'The unsubscribe link’s page',
    description: 'An HTML page asking to confirm the unsubscribe, with one button.',
    query: tokenQuery,
    success: { status: 200, description: 'The page.', contentType: 'text/html' },
    errors: [429],
    examples: { unknown: { summary: 'A link of no search', status: 404, query: { token: UNKNOWN_TOKEN } } },
  },
  savedSearchUnsubscribe: {
    tag: 'Saved searches',
    summary: 'Unsubscribe',
    description:
      'Deletes the search: the page’s button, and the mail program’s one-click unsubscribe (RFC 8058, ' +
      '`List-Unsubscribe=One-Click`). Unsubscribing twice is no error.',
    query: tokenQuery,
    body: {
      schema: z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }),
      contentTypes: ['application/x-www-form-urlencoded'],
    },
    success: { status: 200, description: 'The page saying so.', contentType: 'text/html' },
    errors: [429],
    examples: {
      oneClick: {
        summary: 'A mail program’s one-click unsubscribe',
        status: 200,
        query: { token: UNKNOWN_TOKEN },
        contentType: 'application/x-www-form-urlencoded',
        body: 'List-Unsubscribe=One-Click',
      },
    },
  },
};
