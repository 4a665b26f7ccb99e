/**
 * A deal's deposit: the reservation checkout on the Stripe stand-in (the real client, over HTTP),
 * paid, the signed notification settling it, and the deal completed by it, with its
 * "deal.completed" event and no second lead.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { createFetchServer } from '../../../api/node-adapter.ts';
import type { DealerContent } from '../../../content/load.ts';
import { TERMS_MESSAGE } from '../../../forms/reservation.ts';
import { stripePayments } from '../../reservations/server/payments/stripe-payments.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../../scripts/standins/stripe-standin.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../../scripts/standins/finance-standin.ts';
import { httpFinanceProvider } from '../../finance/server/finance-provider.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import type { DealDepositStarted, DealStarted, DealView } from '../contract/deal.ts';
import { NOT_SENT } from '../server/app.ts';

const SLUG = 'mini-motors';
const SECRET = 'whsec_deal_tests';
const SHOPPER = {
  first_name: 'Sam',
  last_name: 'Lee',
  email: 'sam@example.com',
  phone: '0412 345 678',
  privacy_consent: true,
};

describe.each(testDatabases)('a deal deposit on $label', (database) => {
  let t: TestDb;
  let standIn: StripeStandIn;
  let finance: FinanceStandIn;
  let server: Server;
  let app: ReturnType<typeof createApp>;
  let dealers: DealerContent[];

  beforeAll(async () => {
    t = await database.open();
    standIn = await startStripeStandIn({ apiKey: 'sk_test_deals' });
    finance = await startFinanceStandIn({ apiKey: 'finance-key' });
    dealers = structuredClone(await fixtureDealers());
    const dealer = dealers.find((d) => d.slug === SLUG)!;
    dealer.site.online_deal = {
      enabled: true,
      steps: ['finance', 'deposit'],
      collection: undefined,
      delivery: undefined,
    };
    dealer.site.reservations = { enabled: true, deposit: 500, hold_hours: 48, terms: undefined };
    const payments = stripePayments({ secretKey: 'sk_test_deals', webhookSecret: SECRET, apiBase: standIn.url });
    app = createApp(
      await testDeps(t.db, {
        dealers,
        payments,
        financeProvider: httpFinanceProvider({ baseUrl: finance.url, apiKey: 'finance-key' }),
        dealWebhook: () => ({ url: 'http://127.0.0.1:9/deals', secret: 'x' }),
      }),
    );
    server = createFetchServer(app.fetch, { origin: 'http://127.0.0.1' });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    standIn.setWebhook(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhook`, SECRET);
  });
  afterAll(async () => {
    await standIn.close();
    await finance.close();
    await new Promise((r) => server.close(r));
    await t.cleanup();
  });

  const post = (route: string, body: Record<string, unknown>) =>
    app.fetch(
      new Request(`http://${SLUG}.localhost/api/deals${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://${SLUG}.localhost:4321` },
        body: JSON.stringify(body),
      }),
    );

  it('opens the checkout once the deal is sent, and completes the deal when the deposit is paid', async () => {
    const { token } = (await (await post('', { car_id: 1 })).json()) as DealStarted;
    const early = await post('/deposit', { token, accept_terms: true });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe(NOT_SENT);

    const sent = await post('/save', {
      token,
      finance: { deposit: 0, term: 5, frequency: 'Monthly' },
      contact: SHOPPER,
      submit: true,
    });
    expect(sent.status).toBe(200);
    const refused = await post('/deposit', { token, accept_terms: false });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.accept_terms).toBe(
      TERMS_MESSAGE,
    );

    const opened = await post('/deposit', { token, accept_terms: true });
    expect(opened.status).toBe(201);
    const { checkout_url, reservation_id } = (await opened.json()) as DealDepositStarted;
    expect(checkout_url.startsWith(standIn.url)).toBe(true);

    const paid = await fetch(`${checkout_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBeGreaterThanOrEqual(300);
    // The stand-in posts its signed notification to the API; the settlement completes the deal.
    let deal: DealView | undefined;
    for (let i = 0; i < 50 && deal?.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      deal = (await (await post('/view', { token })).json()) as DealView;
    }
    expect(deal?.status).toBe('completed');
    expect(deal?.reservationId).toBe(reservation_id);
    const events = await t.db.query<{ payload: { event: string; deal: { completed_by?: string } } }>(
      `SELECT payload FROM outbox WHERE destination = 'deal-webhook' ORDER BY (payload->'deal'->>'version')::int`,
    );
    expect(events.rows.map((r) => r.payload.event)).toEqual(['deal.created', 'deal.completed']);
    expect(events.rows[1]!.payload.deal.completed_by).toBe('deposit');
    // One lead: the deal's; the reservation took it as its own.
    const leads = await t.db.query<{ category: string }>('SELECT category FROM leads WHERE site_slug = $1', [SLUG]);
    expect(leads.rows.map((r) => r.category)).toEqual(['Online Deal']);
  });
});
