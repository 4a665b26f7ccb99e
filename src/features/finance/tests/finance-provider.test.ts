import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSchema, type Site } from '../../../content/site.ts';
import {
  FinanceProviderError,
  financeProviderFromEnv,
  httpFinanceProvider,
  mapApplicationAnswer,
  type FinanceProvider,
} from '../server/finance-provider.ts';
import { startFinanceStandIn, type FinanceStandIn } from '../../../../scripts/standins/finance-standin.ts';

const site: Site = siteSchema.parse({
  id: 901,
  slug: 'mini-motors',
  name: 'Mini Motors',
  url: 'https://www.minimotors.com.au',
  country: 'AU',
  dealershipId: 501,
  dealerCompanyId: 77,
  integrations: { financeProvider: 'taurus' },
});

const applicant = {
  first_name: 'Alice',
  last_name: 'Nguyen',
  email: 'alice@example.com',
  phone: '0412 345 678',
  dateOfBirth: '1990-04-30',
  driverLicenceNumber: '12345678',
  vehiclePriceBudget: 30000,
};

let standIn: FinanceStandIn;
let provider: FinanceProvider;

beforeAll(async () => {
  // The stand-in's clock: the applicant's age is checked against 15 June 2025.
  standIn = await startFinanceStandIn({ port: 0, apiKey: 'test-key', now: () => new Date('2025-06-15T10:00:00Z') });
  provider = httpFinanceProvider({ baseUrl: standIn.url, apiKey: 'test-key' });
});
afterAll(() => standIn.close());

const apply = (values: Record<string, unknown>) => provider.apply({ site, values: { ...applicant, ...values } });

describe('finance application through the real client and the stand-in provider', () => {
  it('a complete application gets a quote page on the provider, a customer key and the dealer ids', async () => {
    const answer = await apply({});
    expect(answer.mobileVerificationStatus).toBe('verified');
    expect(answer.customerKey).toMatch(/^ck_/);
    expect(answer.satellite_site_url).toBe(`${standIn.url}/quote/${answer.customerKey}`);
    expect(answer.dealershipId).toBe(501);
    expect(answer.dealerCompanyId).toBe(77);
    expect(answer.dataErrors).toBeUndefined();
    expect(answer.error).toBeUndefined();
    const page = await fetch(answer.satellite_site_url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Your finance quote');
    expect(html).toContain('Alice');
    expect(html).toContain('$30,000');
  });

  it("the dealership id found for the stock car replaces the site's own", async () => {
    const answer = await provider.apply({ site, values: applicant, dealershipId: 'TD-4242' });
    expect(answer.dealershipId).toBe('TD-4242');
  });

  it("names the site's dealer whatever the applicant's values say", async () => {
    const answer = await apply({ dealershipId: 'TD-9999', dealerCompanyId: 5 });
    expect(answer.dealershipId).toBe(501);
    expect(answer.dealerCompanyId).toBe(77);
  });

  it('a licence number the provider cannot verify comes back as field errors with every message', async () => {
    const answer = await apply({ driverLicenceNumber: 'bad' });
    expect(answer.dataErrors).toEqual({
      driverLicenceNumber: ['Driver licence number could not be verified', 'Check the number on your licence card'],
    });
    expect(answer.satellite_site_url).toBeUndefined();
  });

  it('an applicant 18 today is accepted, one a day younger gets a date of birth error', async () => {
    expect((await apply({ dateOfBirth: '2007-06-15' })).dataErrors).toBeUndefined();
    expect((await apply({ dateOfBirth: '15/06/2007' })).dataErrors).toBeUndefined();
    expect((await apply({ dateOfBirth: '2007-06-16' })).dataErrors).toEqual({
      dateOfBirth: ['Applicant must be at least 18 years old'],
    });
    expect((await apply({ dateOfBirth: '2001-02-30' })).dataErrors).toEqual({
      dateOfBirth: ['Date of birth must be a valid date'],
    });
  });

  it('missing contact details are listed field by field', async () => {
    const answer = await apply({ first_name: '', email: '', phone: ' ' });
    expect(Object.keys(answer.dataErrors ?? {}).sort()).toEqual(['email', 'first_name', 'phone']);
    expect(answer.dataErrors?.email).toEqual(['Email is required']);
  });

  it("a budget from $5,000 up to $150,000 is quoted; outside it the provider's error is passed on", async () => {
    for (const budget of [5000, 150000, '$150,000']) {
      expect((await apply({ vehiclePriceBudget: budget })).customerKey).toBeDefined();
    }
    for (const budget of [4999, 150001, '$150,001']) {
      const answer = await apply({ vehiclePriceBudget: budget });
      expect(answer.error).toBe('We can only arrange finance between $5,000 and $150,000. Please adjust your budget.');
      expect(answer.customerKey).toBeUndefined();
    }
  });

  it('a mobile the provider has not verified sends the visitor to its verification page', async () => {
    const answer = await apply({ phone: '0400 123 000' });
    expect(answer.mobileVerificationStatus).toBe('unverified');
    expect(answer.satellite_site_url).toBe(`${standIn.url}/verify-mobile/${answer.customerKey}`);
    const html = await (await fetch(answer.satellite_site_url!)).text();
    expect(html).toContain('Verify your mobile');
    expect(html).toContain('ending in 000');
    expect((await apply({ phone: '0400 123 001' })).mobileVerificationStatus).toBe('verified');
  });
});

describe('finance provider failures', () => {
  it('a provider that never answers ends in a 503 error after the timeout, not a hang', async () => {
    const slow = httpFinanceProvider({ baseUrl: `${standIn.url}/hang`, apiKey: 'test-key', timeoutMs: 300 });
    const started = Date.now();
    const failure = await slow.apply({ site, values: applicant }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FinanceProviderError);
    expect((failure as FinanceProviderError).status).toBe(503);
    expect((failure as Error).message).toMatch(/did not answer/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a provider error page (HTTP 500) is a 502 error', async () => {
    const broken = httpFinanceProvider({ baseUrl: `${standIn.url}/broken`, apiKey: 'test-key' });
    const failure = await broken.apply({ site, values: applicant }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FinanceProviderError);
    expect((failure as FinanceProviderError).status).toBe(502);
    expect((failure as Error).message).toContain('HTTP 500');
  });

  it('a provider that cannot be reached is a 503 error', async () => {
    const nowhere = httpFinanceProvider({ baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key', timeoutMs: 2000 });
    const failure = await nowhere.apply({ site, values: applicant }).catch((e: unknown) => e);
    expect((failure as FinanceProviderError).status).toBe(503);
  });

  it('a wrong API key is reported as such', async () => {
    const wrongKey = httpFinanceProvider({ baseUrl: standIn.url, apiKey: 'wrong' });
    const failure = await wrongKey.apply({ site, values: applicant }).catch((e: unknown) => e);
    expect((failure as FinanceProviderError).status).toBe(502);
    expect((failure as Error).message).toContain('FINANCE_PROVIDER_KEY');
  });

  it('never passes on a quote link that is not a web page', () => {
    const answer = mapApplicationAnswer({ customerKey: 'ck_1', quoteUrl: 'javascript:alert(1)' });
    expect(answer).toEqual({ customerKey: 'ck_1' });
    expect(() => mapApplicationAnswer({ quoteUrl: 'javascript:alert(1)' })).toThrow(FinanceProviderError);
  });
});

describe('dealership id of a stock car location', () => {
  it('is the same for the same location name in any case, and absent without a location', async () => {
    const id = await provider.dealershipIdForLocation({ site, locationName: 'Mini Motors Sydney', carId: '1' });
    expect(id).toMatch(/^TD-\d{4}$/);
    expect(await provider.dealershipIdForLocation({ site, locationName: 'mini motors sydney', carId: '2' })).toBe(id);
    expect(
      await provider.dealershipIdForLocation({ site, locationName: 'Mini Motors Parramatta', carId: '1' }),
    ).not.toBe(id);
    expect(await provider.dealershipIdForLocation({ site, carId: '1' })).toBeUndefined();
  });
});

describe('provider chosen from the environment', () => {
  it('uses FINANCE_PROVIDER_URL and FINANCE_PROVIDER_KEY when set', async () => {
    const configured = financeProviderFromEnv({
      FINANCE_PROVIDER_URL: `${standIn.url}/`,
      FINANCE_PROVIDER_KEY: 'test-key',
    });
    expect((await configured.apply({ site, values: applicant })).customerKey).toMatch(/^ck_/);
    const badKey = financeProviderFromEnv({ FINANCE_PROVIDER_URL: standIn.url, FINANCE_PROVIDER_KEY: 'nope' });
    await expect(badKey.apply({ site, values: applicant })).rejects.toThrow(FinanceProviderError);
  });

  it('falls back to the stand-in when no provider is configured', async () => {
    const open = await startFinanceStandIn({ port: 0 });
    try {
      const fallback = financeProviderFromEnv({}, { standInUrl: open.url });
      const answer = await fallback.apply({ site, values: applicant });
      expect(answer.satellite_site_url?.startsWith(open.url)).toBe(true);
    } finally {
      await open.close();
    }
  });
});
