/**
 * The deal's finance quote through the finance hand-off, on each database, with the real HTTP
 * finance client against the finance stand-in (scripts/standins/finance-standin.ts) and a local
 * provider that answers field errors: applied once the deal has finance and contact details, with
 * the applicant, amount, term, deposit, frequency, car and the car location's dealership; never
 * twice for the same inputs; field errors named by the deal's fields; a declined application and
 * a provider that is down never stop the deal; the quote in the ADF lead (DTD-valid) and the
 * deal webhook's payload.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import type { DealerContent } from '../../../content/load.ts';
import { httpFinanceProvider, type FinanceProvider } from '../../finance/server/finance-provider.ts';
import { deliverDue } from '../../leads/server/outbox/deliver.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../../scripts/standins/finance-standin.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';
import type { DealStarted, DealView } from '../contract/deal.ts';

const SLUG = 'mini-motors';
const SHOPPER = {
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: 'mia@example.com',
  phone: '0412 345 678',
  privacy_consent: true,
};
const FINANCE = { deposit: 2000, term: 5, frequency: 'Weekly' };

interface Applied {
  provider: string;
  dealershipId: unknown;
  dealerCompanyId: unknown;
  applicant: Record<string, unknown>;
}

let standIn: FinanceStandIn;
/** A provider that answers every application with the field errors it is given (422). */
let refusing: { url: string; errors: Record<string, string[]>; close(): Promise<void> };

beforeAll(async () => {
  standIn = await startFinanceStandIn({ port: 0, apiKey: 'deal-key' });
  const state = { errors: {} as Record<string, string[]> };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(422, { 'Content-Type': 'application/json' }).end(JSON.stringify({ fieldErrors: state.errors })),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  refusing = Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
});
afterAll(async () => {
  await standIn.close();
  await refusing.close();
});

describe.each(testDatabases)('the deal finance quote on $label', (database) => {
  let t: TestDb;
  let app: ReturnType<typeof createApp>;
  let deps: ApiDeps;
  let files: string;
  let dealer: DealerContent;
  /** Every application the provider was sent, as the stand-in received it. */
  const applied: Applied[] = [];
  /** Where the real client sends applications: the stand-in, a failing path, or the refusing provider. */
  let baseUrl = '';
  let timeoutMs = 5000;
  const hook: { body: string }[] = [];

  beforeAll(async () => {
    t = await database.open();
    files = await mkdtemp(path.join(tmpdir(), 'deal-finance-'));
    const dealers = structuredClone(await fixtureDealers());
    dealer = dealers.find((d) => d.slug === SLUG)!;
    dealer.site.online_deal = { enabled: true, steps: undefined, collection: true, delivery: false };
    dealer.site.integrations = { financeProvider: 'taurus', googleMapsKey: undefined, reviewsGmbIds: undefined };
    dealer.site.dealershipId = 880;
    dealer.site.dealerCompanyId = 91;
    dealer.site.options.forms.finance.lookupCarLocation = true;
    dealer.cars.find((c) => String(c.id) === '1')!.location_name = 'Mini Motors Sydney';
    baseUrl = standIn.url;
    // The real HTTP client, told where to go by the test, sending to the stand-in or elsewhere.
    const real = (): FinanceProvider =>
      httpFinanceProvider({
        baseUrl,
        apiKey: baseUrl === standIn.url ? 'deal-key' : 'k',
        timeoutMs,
        fetch: async (input, init) => {
          const url = input instanceof Request ? input.url : input.toString();
          if (url.endsWith('/applications') && typeof init?.body === 'string')
            applied.push(JSON.parse(init.body) as Applied);
          return fetch(input, init);
        },
      });
    const provider: FinanceProvider = {
      apply: (input) => real().apply(input),
      dealershipIdForLocation: (input) =>
        httpFinanceProvider({ baseUrl: standIn.url, apiKey: 'deal-key' }).dealershipIdForLocation(input),
    };
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => (hook.push({ body }), res.end()));
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/deals`;
    deps = await testDeps(t.db, {
      dealers,
      financeProvider: provider,
      destinations: () => [{ kind: 'file', dir: files }],
      dealWebhook: (slug) => (slug === SLUG ? { url: hookUrl, secret: 's' } : undefined),
    });
    app = createApp(deps);
    return () => new Promise<void>((r) => receiver.close(() => r()));
  });
  afterAll(async () => {
    await rm(files, { recursive: true, force: true });
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
  const start = async () => ((await (await post('', { car_id: 1 })).json()) as DealStarted).token;
  const save = (token: string, body: Record<string, unknown>) => post('/save', { token, ...body });
  const ok = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DealView;
  };
  const leadOf = async (dealId: string) =>
    (
      await t.db.query<{ id: string; values: Record<string, unknown> }>(
        `SELECT id, "values" FROM leads WHERE site_slug = $1 AND "values"->>'deal_id' = $2`,
        [SLUG, dealId],
      )
    ).rows[0]!;

  it('applies once the deal has finance and contact details, with the applicant, the finance and the car', async () => {
    const token = await start();
    applied.length = 0;
    const estimated = await ok(await save(token, { finance: FINANCE }));
    expect(estimated.finance!.quote).toBeUndefined();
    expect(applied).toHaveLength(0);

    const sent = await ok(await save(token, { contact: SHOPPER, submit: true }));
    expect(sent.status).toBe('submitted');
    expect(applied).toHaveLength(1);
    const { provider, dealershipId, dealerCompanyId, applicant } = applied[0]!;
    expect(provider).toBe('taurus');
    // forms.finance.lookupCarLocation: the provider's dealership of the car's location, as the finance route names it.
    expect(dealershipId).toMatch(/^TD-\d{4}$/);
    expect(dealerCompanyId).toBe(91);
    expect(applicant).toMatchObject({
      deal_id: sent.id,
      first_name: 'Mia',
      last_name: 'Nguyen',
      email: 'mia@example.com',
      phone: '0412 345 678',
      car_id: '1',
      preferredDealership: 'Mini Motors Sydney',
      location_id: '11',
      vehiclePrice: 27990,
      vehiclePriceBudget: sent.finance!.amount,
      financeAmount: sent.finance!.amount,
      deposit: 2000,
      term: 5,
      frequency: 'Weekly',
    });
    expect(sent.finance!.amount).toBe(27990 - 2000);
    const quote = sent.finance!.quote!;
    expect(quote).toMatchObject({ status: 'quoted', provider: 'taurus', providerName: 'Taurus' });
    if (quote.status !== 'quoted') throw new Error('not quoted');
    expect(quote.mobileVerification).toBe('verified');
    expect(quote.quoteUrl).toBe(`${standIn.url}/quote/${quote.customerKey}`);
    expect(quote.customerKey).toMatch(/^ck_/);
    expect(JSON.stringify(sent)).not.toContain('inputs');
    // The quote page the link opens is the provider's.
    const page = await fetch(quote.quoteUrl!);
    expect(await page.text()).toContain('Your finance quote');

    // Seen again by the link, the quote is there; saving or sending again with the same inputs applies nothing.
    expect((await ok(await post('/view', { token }))).finance!.quote).toEqual(quote);
    await ok(await save(token, { finance: FINANCE }));
    await ok(await save(token, { contact: SHOPPER, submit: true }));
    await ok(await save(token, { handover: null }));
    expect(applied).toHaveLength(1);

    // New finance inputs are a new application, once.
    const changed = await ok(await save(token, { finance: { ...FINANCE, deposit: 5000, frequency: 'Monthly' } }));
    expect(applied).toHaveLength(2);
    expect(applied[1]!.applicant).toMatchObject({ deposit: 5000, frequency: 'Monthly', financeAmount: 27990 - 5000 });
    const again = changed.finance!.quote!;
    expect(again.status === 'quoted' && again.customerKey).not.toBe(quote.customerKey);
    await ok(await save(token, { finance: { ...FINANCE, deposit: 5000, frequency: 'Monthly' } }));
    expect(applied).toHaveLength(2);
  });

  it('carries the quote in a DTD-valid ADF lead and in the deal webhook', async () => {
    const token = await start();
    await ok(await save(token, { finance: FINANCE }));
    const sent = await ok(await save(token, { contact: SHOPPER, submit: true }));
    const quote = sent.finance!.quote!;
    if (quote.status !== 'quoted') throw new Error('not quoted');
    const lead = await leadOf(sent.id);
    expect(lead.values).toMatchObject({
      finance_customer_key: quote.customerKey,
      mobileVerificationStatus: 'verified',
    });
    hook.length = 0;
    await deliverDue(deps, { now: new Date() });
    const xml = await readFile(path.join(files, `${lead.id}.adf.xml`), 'utf8');
    const results = await validateWithDtd([{ name: 'deal-quote', xml }]);
    expect(results[0]!.valid, describeProblems(results)).toBe(true);
    expect(xml).toContain(`customer key ${quote.customerKey}`);
    expect(xml).toContain(`quote ${quote.quoteUrl}`);
    expect(xml).toContain('Applied through the finance hand-off to taurus');
    const created = hook.map((h) => JSON.parse(h.body)).find((e) => e.deal.id === sent.id);
    expect(created.event).toBe('deal.created');
    expect(created.deal.finance.quote).toMatchObject({
      status: 'quoted',
      provider: 'taurus',
      customerKey: quote.customerKey,
      quoteUrl: quote.quoteUrl,
    });
    expect(created.deal.finance.quote.inputs).toBeUndefined();
  });

  it('an unverified mobile is sent to the verification page first', async () => {
    const token = await start();
    await ok(await save(token, { finance: FINANCE }));
    const sent = await ok(await save(token, { contact: { ...SHOPPER, phone: '0499 999 000' }, submit: true }));
    const quote = sent.finance!.quote!;
    expect(quote.status === 'quoted' && quote.mobileVerification).toBe('unverified');
    expect(quote.status === 'quoted' && quote.quoteUrl).toMatch(`${standIn.url}/verify-mobile/ck_`);
  });

  it('field errors are named by the deal fields and keep nothing; details the deal does not ask are said', async () => {
    const token = await start();
    await ok(await save(token, { finance: FINANCE }));
    baseUrl = refusing.url;
    try {
      refusing.errors = { phone: ['Mobile phone could not be verified'] };
      const refused = await save(token, { contact: SHOPPER, submit: true });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields).toEqual({ 'contact.phone': 'Mobile phone could not be verified' });
      expect((await ok(await post('/view', { token }))).status).toBe('draft');

      refusing.errors = { dateOfBirth: ['Applicant must be at least 18 years old'] };
      const sent = await ok(await save(token, { contact: SHOPPER, submit: true }));
      expect(sent.status).toBe('submitted');
      expect(sent.finance!.quote).toMatchObject({ status: 'incomplete' });
      expect(sent.finance!.quote!.status !== 'quoted' && sent.finance!.quote!.message).toContain(
        'dateOfBirth: Applicant must be at least 18 years old',
      );
    } finally {
      baseUrl = standIn.url;
    }
  });

  it('a declined application is said to the shopper, and the deal is still sent', async () => {
    const token = await start();
    applied.length = 0;
    // $4,990 to finance: below the provider's $5,000.
    await ok(await save(token, { finance: { ...FINANCE, deposit: 23000 } }));
    const sent = await ok(await save(token, { contact: SHOPPER, submit: true }));
    expect(sent.status).toBe('submitted');
    expect(sent.finance!.quote).toMatchObject({
      status: 'declined',
      message: 'We can only arrange finance between $5,000 and $150,000. Please adjust your budget.',
    });
    await ok(await save(token, { contact: SHOPPER, submit: true }));
    expect(applied).toHaveLength(1);
    const lead = await leadOf(sent.id);
    expect(lead.values['Finance quote']).toMatch(/^Declined by taurus/);
  });

  it.each([
    ['fails (502)', '/broken', 5000],
    ['does not answer (503)', '/hang', 300],
  ])('a provider that %s never loses the deal; the lead says the hand-off failed', async (_, suffix, wait) => {
    const token = await start();
    await ok(await save(token, { finance: FINANCE }));
    baseUrl = `${standIn.url}${suffix}`;
    timeoutMs = wait;
    applied.length = 0;
    let sent: DealView;
    try {
      sent = await ok(await save(token, { contact: SHOPPER, submit: true }));
      expect(sent.status).toBe('submitted');
      expect(sent.finance!.quote).toMatchObject({ status: 'unavailable' });
      expect(sent.finance!.quote!.status !== 'quoted' && sent.finance!.quote!.message).toBe(
        'We could not reach Taurus just now, so Mini Motors will arrange your finance quote with you.',
      );
      const lead = await leadOf(sent.id);
      expect(lead.values['Finance quote']).toMatch(/^The finance hand-off to taurus failed \(.+\)/);
      // Another part saved does not ask the provider again.
      await ok(await save(token, { handover: null }));
      expect(applied).toHaveLength(1);
    } finally {
      baseUrl = standIn.url;
      timeoutMs = 5000;
    }
    // Saving the finance step again asks it again.
    const retried = await ok(await save(token, { finance: FINANCE }));
    expect(retried.finance!.quote).toMatchObject({ status: 'quoted' });
    expect(applied).toHaveLength(2);
  });
});
