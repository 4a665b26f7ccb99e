import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpFinanceProvider, type FinanceProvider } from '../server/finance-provider.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../../scripts/standins/finance-standin.ts';
import { errorOf, testApi } from '../../../../tests/unit/api/api-routes-harness.ts';

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

/**
 * A finance provider on 127.0.0.1 that keeps every application and dealership lookup it is sent,
 * and answers a location's dealership id as "FP-<location>" (or fails every lookup when told to).
 */
async function recordingProvider() {
  const applications: Record<string, any>[] = [];
  const lookups: URLSearchParams[] = [];
  const state = { failLookups: false };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/dealerships') {
      lookups.push(url.searchParams);
      const location = url.searchParams.get('location');
      if (state.failLookups) json(500, { message: 'down' });
      else if (location) json(200, { dealershipId: `FP-${location}` });
      else json(404, { message: 'none' });
      return;
    }
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as Record<string, any>;
      applications.push(body);
      json(200, {
        customerKey: `ck_${applications.length}`,
        quoteUrl: 'https://provider.example/quote',
        mobileVerification: { status: 'verified' },
        dealershipId: body.dealershipId,
        dealerCompanyId: body.dealerCompanyId,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    applications,
    lookups,
    state,
    provider: httpFinanceProvider({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', timeoutMs: 2000 }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("POST /api/send-to-{provider}: the dealer is the site's, never the body's", () => {
  let local: Awaited<ReturnType<typeof recordingProvider>>;
  beforeAll(async () => {
    local = await recordingProvider();
  });
  afterAll(() => local.close());

  /** Another dealer's ids and names, as a forged body would carry them. */
  const forged = {
    dealershipId: 950,
    dealerCompanyId: 88,
    dealership_id: 'D-SUMMIT',
    dealership_name: 'Summit Mazda',
    dealership_slug: 'summit-mazda',
  };

  function harbour(lookupCarLocation: boolean) {
    const api = testApi({ financeProvider: local.provider });
    api.deps.dealers[0]!.site.options.forms.finance.lookupCarLocation = lookupCarLocation;
    return (body: unknown) => api.call('POST', '/api/send-to-taurus', { body });
  }
  const last = () => local.applications[local.applications.length - 1]!;

  it("sends the site's dealershipId and dealerCompanyId, and none of the body's dealer values", async () => {
    const res = await harbour(false)({ ...applicant, ...forged, car_id: '1' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ dealershipId: 501, dealerCompanyId: 77 });
    const sent = last();
    expect(sent).toMatchObject({
      provider: 'taurus',
      website: { id: 101, name: 'Harbour Toyota' },
      dealershipId: 501,
      dealerCompanyId: 77,
    });
    expect(sent.applicant).toEqual({ ...applicant, car_id: '1' });
    expect(JSON.stringify(sent)).not.toMatch(/950|88|SUMMIT|Summit|summit/);
  });

  it("with lookupCarLocation, names the provider's dealership of the stock car's location, whatever the body says", async () => {
    local.lookups.length = 0;
    await harbour(true)({ ...applicant, ...forged, car_id: '1' });
    expect(last().dealershipId).toBe('FP-Harbour Toyota Sydney');
    expect(last().dealerCompanyId).toBe(77);
    expect(local.lookups.map((q) => [q.get('carId'), q.get('location'), q.get('websiteId')])).toEqual([
      ['1', 'Harbour Toyota Sydney', '101'],
    ]);
    // The id POST /api/finance-locations gives the form for the same car.
    const located = testApi({ financeProvider: local.provider });
    const answer = await (await located.call('POST', '/api/finance-locations', { body: { carId: 1 } })).json();
    expect(answer.dealershipId).toBe('FP-Harbour Toyota Sydney');
  });

  it("without a stock car of this dealer, or without the option, names the site's own dealershipId", async () => {
    local.lookups.length = 0;
    // Car 7 is Harbour Kia's: not in this dealer's stock, so no lookup.
    await harbour(true)({ ...applicant, ...forged, car_id: '7' });
    expect(last().dealershipId).toBe(501);
    await harbour(true)({ ...applicant, dealershipId: 'FP-Harbour Lexus' });
    expect(last().dealershipId).toBe(501);
    await harbour(false)({ ...applicant, car_id: 1 });
    expect(last().dealershipId).toBe(501);
    expect(local.lookups).toHaveLength(0);
    // A stock car the provider knows no dealership for (car 2 has no location).
    await harbour(true)({ ...applicant, car_id: 2 });
    expect(last().dealershipId).toBe(501);
    expect(local.lookups).toHaveLength(1);
  });

  it("a lookup that fails leaves the site's dealershipId, as the form does when finance-locations fails", async () => {
    local.state.failLookups = true;
    try {
      const res = await harbour(true)({ ...applicant, ...forged, car_id: '1' });
      expect(res.status).toBe(200);
      expect(last().dealershipId).toBe(501);
    } finally {
      local.state.failLookups = false;
    }
  });

  it('a location_id that is none of the dealer’s locations is a 400 naming it, and nothing is sent', async () => {
    const before = local.applications.length;
    for (const location_id of ['41', 41, '999', 'x']) {
      const res = await harbour(false)({ ...applicant, location_id });
      expect(res.status, String(location_id)).toBe(400);
      expect((await errorOf(res)).fields).toEqual({ location_id: '*Please select a dealership location' });
    }
    expect(local.applications).toHaveLength(before);
    for (const location_id of ['2', 2, '', null]) {
      expect((await harbour(false)({ ...applicant, location_id })).status, String(location_id)).toBe(200);
    }
    expect(last().applicant.location_id).toBeNull();
  });
});
