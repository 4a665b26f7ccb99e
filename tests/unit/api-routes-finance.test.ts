import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFinanceProvider, type FinanceProvider } from '../../src/api/integrations/finance-provider.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../scripts/lib/finance-standin.ts';
import { errorOf, testApi } from './api-routes-harness.ts';

const applicant = {
  lead_id: 'lead-123',
  first_name: 'Alice',
  last_name: 'Nguyen',
  email: 'alice@example.com',
  phone: '0412 345 678',
  dateOfBirth: '1990-04-30',
  driverLicenceNumber: '12345678',
  vehiclePriceBudget: 30000,
  privacy: true,
  electronic_communication: true,
  preferredDealership: 'Harbour Toyota Sydney',
};

let standIn: FinanceStandIn;
let real: FinanceProvider;
/** The values and provider names the routes passed to the real client, in order. */
const applied: { values: Record<string, unknown>; provider?: string }[] = [];
let lookups = 0;

beforeAll(async () => {
  standIn = await startFinanceStandIn({ port: 0, apiKey: 'route-key' });
  real = httpFinanceProvider({ baseUrl: standIn.url, apiKey: 'route-key' });
});
afterAll(() => standIn.close());

function api(provider?: FinanceProvider) {
  const recording: FinanceProvider = {
    apply: (input) => {
      applied.push({ values: input.values, provider: input.provider });
      return (provider ?? real).apply(input);
    },
    dealershipIdForLocation: (input) => {
      lookups++;
      return (provider ?? real).dealershipIdForLocation(input);
    },
  };
  return testApi({ financeProvider: recording });
}

const post = (path: string, body: unknown, host?: string) => api().call('POST', path, { body, host });

describe('POST /api/send-to-{provider}', () => {
  it('a complete application answers with the quote page, customer key and the dealer ids', async () => {
    const res = await post('/api/send-to-taurus', applicant);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = await res.json();
    expect(answer).toMatchObject({ mobileVerificationStatus: 'verified', dealershipId: 501, dealerCompanyId: 77 });
    expect(answer.satellite_site_url).toBe(`${standIn.url}/quote/${answer.customerKey}`);
  });

  it('passes every form value and the lead id on, but not the site slug', async () => {
    applied.length = 0;
    await post('/api/send-to-taurus', { ...applicant, site: 'harbour-toyota' });
    expect(applied[0]!.values).toEqual(applicant);
    expect(applied[0]!.provider).toBe('taurus');
  });

  it('answers field errors as dataErrors, a declined budget as error, and an unverified mobile with its page', async () => {
    const bad = await (
      await post('/api/send-to-taurus', { ...applicant, driverLicenceNumber: 'BAD', dateOfBirth: '2015-01-01' })
    ).json();
    expect(Object.keys(bad.dataErrors).sort()).toEqual(['dateOfBirth', 'driverLicenceNumber']);
    expect(bad.dataErrors.dateOfBirth).toEqual(['Applicant must be at least 18 years old']);

    const declined = await post('/api/send-to-taurus', { ...applicant, vehiclePriceBudget: '150001' });
    expect(declined.status).toBe(200);
    expect((await declined.json()).error).toMatch(/between \$5,000 and \$150,000/);

    const unverified = await (await post('/api/send-to-taurus', { ...applicant, phone: '0499 999 000' })).json();
    expect(unverified.mobileVerificationStatus).toBe('unverified');
    expect(unverified.satellite_site_url).toBe(`${standIn.url}/verify-mobile/${unverified.customerKey}`);
  });

  it('only the provider the site names is accepted (any case); a site naming none accepts any', async () => {
    const other = await post('/api/send-to-moneyfirst', applicant);
    expect(other.status).toBe(404);
    expect((await errorOf(other)).message).toBe(
      'Harbour Toyota sends finance applications to "taurus", not "moneyfirst".',
    );
    expect((await post('/api/send-to-Taurus', applicant)).status).toBe(200);
    applied.length = 0;
    expect((await post('/api/send-to-moneyfirst', applicant, 'harbourkia.com.au')).status).toBe(200);
    expect(applied[0]!.provider).toBe('moneyfirst');
  });

  it('finds the site from its domain, with or without www, or from the site field', async () => {
    expect((await post('/api/send-to-taurus', applicant, 'www.harbourtoyota.com.au')).status).toBe(200);
    expect((await post('/api/send-to-taurus', applicant, 'harbourtoyota.com.au')).status).toBe(200);
    expect((await post('/api/send-to-taurus', { ...applicant, site: 'harbour-toyota' }, 'localhost:4321')).status).toBe(
      200,
    );
  });

  it('an unknown site gets a 404 error and nothing is sent', async () => {
    applied.length = 0;
    const res = await post('/api/send-to-taurus', { ...applicant, site: 'nobody' }, 'nobody.localhost:4321');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).status).toBe(404);
    expect(applied).toHaveLength(0);
  });

  it('bad input is a 400 naming the field, and never reaches the provider', async () => {
    applied.length = 0;
    const cases: [unknown, string | undefined][] = [
      ['{"first_name": "Alice",', undefined],
      ['', undefined],
      [[applicant], undefined],
      ['"just text"', undefined],
      [{ ...applicant, phone: 412345678 }, 'phone'],
      [{ ...applicant, email: ['a@b.c'] }, 'email'],
      [{ ...applicant, vehiclePriceBudget: 'about thirty grand' }, 'vehiclePriceBudget'],
      [{ ...applicant, vehiclePriceBudget: -5 }, 'vehiclePriceBudget'],
      [{ ...applicant, address: { street: '1 Bay St' } }, 'address'],
      [{ ...applicant, message: 'x'.repeat(5001) }, 'message'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/send-to-taurus', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const error = await errorOf(res);
      if (field) expect(Object.keys(error.fields ?? {})).toEqual([field]);
    }
    expect(applied).toHaveLength(0);
    expect(
      (await post('/api/send-to-taurus', { ...applicant, message: 'x'.repeat(5000), vehiclePriceBudget: '$30,000' }))
        .status,
    ).toBe(200);
  });

  it('a body over 64 KB gets 413', async () => {
    const res = await post('/api/send-to-taurus', { ...applicant, notes: Array(40).fill('x'.repeat(2000)) });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).status).toBe(413);
  });

  it('a provider that does not answer gets 503, one that fails 502, both in the error shape', async () => {
    const slow = testApi({
      financeProvider: httpFinanceProvider({ baseUrl: `${standIn.url}/hang`, apiKey: 'k', timeoutMs: 200 }),
    });
    const timedOut = await slow.call('POST', '/api/send-to-taurus', { body: applicant });
    expect(timedOut.status).toBe(503);
    expect((await errorOf(timedOut)).message).toMatch(/did not answer/);

    const broken = testApi({ financeProvider: httpFinanceProvider({ baseUrl: `${standIn.url}/broken`, apiKey: 'k' }) });
    const failed = await broken.call('POST', '/api/send-to-taurus', { body: applicant });
    expect(failed.status).toBe(502);
    expect((await errorOf(failed)).message).toMatch(/HTTP 500/);
  });
});

describe('POST /api/finance-locations', () => {
  it("answers the provider's dealership id for the car's location", async () => {
    const res = await post('/api/finance-locations', { carId: 1 });
    expect(res.status).toBe(200);
    const expected = await real.dealershipIdForLocation({
      site: api().deps.dealers[0]!.site,
      locationName: 'Harbour Toyota Sydney',
      carId: '1',
    });
    expect(await res.json()).toEqual({ dealershipId: expected, location_name: 'Harbour Toyota Sydney' });
    expect(expected).toMatch(/^TD-\d{4}$/);
    expect((await (await post('/api/finance-locations', { carId: '1' })).json()).dealershipId).toBe(expected);
  });

  it("a car without a location gets the site's own dealership id, or null when the site has none", async () => {
    expect(await (await post('/api/finance-locations', { carId: 2 })).json()).toEqual({
      dealershipId: '501',
      location_name: null,
    });
    // A sold car may still be on a visitor's screen: it is looked up all the same.
    expect((await post('/api/finance-locations', { carId: 3 })).status).toBe(200);
  });

  it('a car of another dealer is unknown here: 404', async () => {
    const res = await post('/api/finance-locations', { carId: 7 });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe('Harbour Toyota has no car with id 7.');
    expect((await post('/api/finance-locations', { carId: 7 }, 'harbourkia.com.au')).status).toBe(200);
  });

  it('a missing or malformed carId is 400, an unknown site 404, and the provider is not asked', async () => {
    lookups = 0;
    for (const body of [{}, { carId: '' }, { carId: { id: 1 } }, { carId: true }, 'not json', [1]]) {
      const res = await post('/api/finance-locations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await errorOf(await post('/api/finance-locations', { carId: null }))).fields).toEqual({
      carId: 'must be a car id',
    });
    expect((await post('/api/finance-locations', { carId: 1 }, 'nobody.localhost')).status).toBe(404);
    expect(lookups).toBe(0);
  });

  it('a provider that does not answer gets 503', async () => {
    const slow = testApi({
      financeProvider: httpFinanceProvider({ baseUrl: `${standIn.url}/hang`, apiKey: 'k', timeoutMs: 200 }),
    });
    expect((await slow.call('POST', '/api/finance-locations', { body: { carId: 1 } })).status).toBe(503);
  });
});
