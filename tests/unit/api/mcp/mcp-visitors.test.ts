/**
 * The MCP server among other visitors of the sample dealer coastal-motor-group, through the API
 * app with the official MCP client (its requests handed to the app, each shopper with a client
 * address of their own, as X-Forwarded-For carries it to the rate limits):
 *
 * - its tools count against the visitor routes' per-address limits, in the same buckets: reads
 *   as searches, bookings as lead saves, reservations as reservation starts; one over the limit
 *   is refused with the route's own words;
 * - no tool answers another shopper anything of theirs: after shopper A booked and reserved,
 *   every tool shopper B calls answers none of A's name, email, phone, lead, reservation id, key
 *   or checkout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createApp } from '../../../../src/api/app.ts';
import type { ApiDeps } from '../../../../src/api/core/deps.ts';
import { loadDealers } from '../../../../src/content/load.ts';
import { indexContent } from '../../../../src/features/search/server/index-content.ts';
import { stripePayments } from '../../../../src/features/reservations/server/payments/stripe-payments.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../scripts/standins/stripe-standin.ts';
import { testDatabases, testDeps, type TestDb } from '../../../helpers/db.ts';
import { call, connect, type Result } from './mcp-scenario.ts';

const ORIGIN = 'https://www.coastalmotorgroup.com.au';
const LIMIT = 3;

let t: TestDb;
let standIn: StripeStandIn;
type App = ReturnType<typeof createApp>;
/** The API with LIMIT reads, lead saves and reservation starts a minute per address. */
let limited: App;
/** The API with the tests' generous limits. */
let generous: App;
const clients: Client[] = [];

/** A request of the client at `ip`, as the API sees one behind the platform's proxy. */
function send(app: App, ip: string, url: string | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.set('x-forwarded-for', ip);
  return Promise.resolve(app.fetch(new Request(url, { ...init, headers })));
}

async function shopperAt(ip: string, app = limited): Promise<Client> {
  const client = await connect(`${ORIGIN}/api/mcp`, { fetch: (url, init) => send(app, ip, url, init) });
  clients.push(client);
  return client;
}

const post = (ip: string, route: string, body: unknown, app = limited) =>
  send(app, ip, `${ORIGIN}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const TOO_MANY_SEARCHES = 'Too many searches were sent from your network. Please wait a minute and try again.';
const TOO_MANY_FORMS = 'Too many forms were sent from your network. Please wait a minute and try again.';
const TOO_MANY_RESERVATIONS =
  'Too many reservations were started from your network. Please wait a minute and try again.';

function expectRefused(result: Result, message: string) {
  expect(result.isError).toBe(true);
  expect(result.content[0]!.text).toBe(message);
}

function expectOk(result: Result) {
  expect(result.isError, result.content[0]?.text).toBeFalsy();
  return result.structuredContent as Record<string, unknown>;
}

beforeAll(async () => {
  t = await testDatabases[0]!.open();
  const { dealers, errors } = await loadDealers('dealers');
  expect(errors).toEqual([]);
  await indexContent(t.db, dealers);
  standIn = await startStripeStandIn({ apiKey: 'sk_test_mcp_visitors' });
  const deps: ApiDeps = await testDeps(t.db, {
    dealers,
    payments: stripePayments({ secretKey: 'sk_test_mcp_visitors', webhookSecret: 'whsec_v', apiBase: standIn.url }),
  });
  generous = createApp(deps);
  limited = createApp({
    ...deps,
    rateLimits: {
      ...deps.rateLimits,
      searchPerIp: { max: LIMIT, windowMs: 60_000 },
      perIp: { max: LIMIT, windowMs: 60_000 },
      reservationsPerIp: { max: LIMIT, windowMs: 60_000 },
    },
  });
}, 120_000);

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {});
  await standIn?.close();
  await t?.cleanup();
});

/** The first free test-drive time of car 10010's location. */
async function firstSlot(client: Client): Promise<string> {
  const slots = expectOk(await call(client, 'test_drive_slots', { car_id: '10010', days: 3 })) as {
    locations: { days: { slots: { slot: string }[] }[] }[];
  };
  return slots.locations[0]!.days.flatMap((d) => d.slots)[0]!.slot;
}

const shopper = (n: number) => ({
  first_name: 'Sam',
  last_name: `Tester${n}`,
  email: `sam${n}@example.com`,
  phone: `0412 000 ${String(100 + n)}`,
  shopper_agreed: true,
});

describe("the MCP tools count against the visitor routes' per-address limits", () => {
  it('reads count as searches, in the search route’s bucket, and the one over the limit is refused with its words', async () => {
    const client = await shopperAt('198.51.100.41');
    // One search of the website's own, then the tools' reads: LIMIT in all.
    expect(
      (await post('198.51.100.41', '/api/search/1/indexes/*/queries', { requests: [{ indexName: 'cars' }] })).status,
    ).toBe(200);
    expectOk(await call(client, 'search_cars', { make: 'toyota' }));
    expectOk(await call(client, 'get_car', { car: '10010' }));
    for (const [name, args] of [
      ['dealer_info', {}],
      ['compare_cars', { car_ids: ['10010', '10012'] }],
      ['search_cars', { query: 'Camry' }],
      ['test_drive_slots', { car_id: '10010' }],
    ] as const)
      expectRefused(await call(client, name, args), TOO_MANY_SEARCHES);
    // The website's search from that address is refused too: one bucket.
    const site = await post('198.51.100.41', '/api/search/1/indexes/*/queries', { requests: [{ indexName: 'cars' }] });
    expect(site.status).toBe(429);
    // Another address is counted apart.
    expectOk(await call(await shopperAt('198.51.100.42'), 'dealer_info'));
  }, 30_000);

  it('bookings count as lead saves: the one over RATE_LIMIT_LEADS_PER_IP is refused with the lead route’s words', async () => {
    const client = await shopperAt('198.51.100.43');
    const slot = await firstSlot(client);
    for (let i = 0; i < LIMIT; i++)
      expectOk(await call(client, 'book_test_drive', { ...shopper(i), slot, car_id: '10010' }));
    expectRefused(await call(client, 'book_test_drive', { ...shopper(9), slot, car_id: '10010' }), TOO_MANY_FORMS);
    const other = await shopperAt('198.51.100.44');
    expectOk(await call(other, 'book_test_drive', { ...shopper(10), slot, car_id: '10010' }));
  }, 30_000);

  it('reservations count as reservation starts: the one over RATE_LIMIT_RESERVATIONS_PER_IP is refused with the reservation route’s words', async () => {
    const client = await shopperAt('198.51.100.45');
    // The same shopper starting again for the car they hold replaces their hold: only the rate limit refuses.
    for (let i = 0; i < LIMIT; i++)
      expectOk(await call(client, 'start_reservation', { ...shopper(20), car_id: '10012' }));
    expectRefused(await call(client, 'start_reservation', { ...shopper(20), car_id: '10012' }), TOO_MANY_RESERVATIONS);
  }, 30_000);
});

describe("no tool answers another shopper's data", () => {
  it("after shopper A booked and reserved, nothing shopper B's tools answer holds any of A's details", async () => {
    const a = { first_name: 'Ottilie', last_name: 'Vanderkamp', email: 'ottilie.v@example.net', phone: '0498 765 432' };
    const aClient = await shopperAt('203.0.113.51', generous);
    const slot = await firstSlot(aClient);
    const booked = expectOk(
      await call(aClient, 'book_test_drive', { ...a, slot, car_id: '10010', shopper_agreed: true }),
    );
    const reserved = expectOk(
      await call(aClient, 'start_reservation', { ...a, car_id: '10010', shopper_agreed: true }),
    );
    // A reserves a second car on the website, whose answer also carries the reservation's key.
    const viaSite = await post(
      '203.0.113.51',
      '/api/reservations',
      { car_id: '10011', ...a, accept_terms: true },
      generous,
    );
    expect(viaSite.status).toBe(201);
    const site = (await viaSite.json()) as { reservation_id: string; reservation_key: string; checkout_url: string };
    const secrets = [
      a.first_name,
      a.last_name,
      a.email,
      'ottilie',
      a.phone,
      '0498765432',
      '498765432',
      '765 432',
      String(booked.lead_id),
      String(reserved.reservation_id),
      String(reserved.checkout_url),
      site.reservation_id,
      site.reservation_key,
      site.checkout_url,
    ];
    expect(secrets.every((s) => s.length >= 6)).toBe(true);

    const b = { first_name: 'Bo', last_name: 'Lindqvist', email: 'bo@example.org', phone: '0400 111 222' };
    const bClient = await shopperAt('203.0.113.52', generous);
    const answers: unknown[] = [await bClient.listTools()];
    const ask = async (name: string, args: Record<string, unknown> = {}) => {
      const result = await call(bClient, name, args);
      answers.push(result);
      return result;
    };
    await ask('search_cars', {});
    await ask('search_cars', { query: 'Toyota', limit: 100 });
    await ask('get_car', { car: '10010' });
    await ask('get_car', { car: '10011' });
    await ask('compare_cars', { car_ids: ['10010', '10011', '10012'] });
    await ask('dealer_info');
    await ask('test_drive_slots', { car_id: '10010', days: 3 });
    await ask('test_drive_slots', { days: 14 });
    expectOk(await ask('book_test_drive', { ...b, slot, car_id: '10010', shopper_agreed: true }));
    // The cars A holds are refused to B, without a word of who holds them.
    for (const car_id of ['10010', '10011']) {
      const refused = await ask('start_reservation', { ...b, car_id, shopper_agreed: true });
      expect(refused.isError).toBe(true);
    }
    const text = JSON.stringify(answers).toLowerCase();
    for (const secret of secrets) expect(text, secret).not.toContain(secret.toLowerCase());
    // B's own booking is answered to B: the check reads what the tools said.
    expect(text).toContain('lead_id');
  }, 60_000);
});
