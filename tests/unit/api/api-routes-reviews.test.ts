import { describe, expect, it } from 'vitest';
import { errorOf, testApi } from './api-routes-harness.ts';

const SYDNEY = '/api/reviews?websiteId=101&gmbId=Harbour%20Toyota%20Sydney';

describe('GET /api/reviews', () => {
  it("gives the profile's reviews newest first, count and average rating, cacheable for a day", async () => {
    const res = await testApi().call('GET', SYDNEY);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = await res.json();
    expect(body.count).toBe(120);
    expect(body.average_rating).toBe(4.5);
    expect(body.reviews.map((r: { customer_name: string }) => r.customer_name)).toEqual([
      'Alice Nguyen',
      'Chloe Smith',
    ]);
  });

  it('a profile with no reviews yet answers zero, not an error', async () => {
    const res = await testApi().call('GET', '/api/reviews?websiteId=101&gmbId=New%20Profile');
    expect(await res.json()).toEqual({ reviews: [], count: 0, average_rating: 0 });
  });

  it('keeps an answer for a day: new content shows only once the day is over', async () => {
    const api = testApi();
    api.setNow('2025-06-15T09:00:00.000Z');
    expect((await (await api.call('GET', SYDNEY)).json()).count).toBe(120);

    const reviews = api.deps.dealers[0]!.reviews;
    reviews['Harbour Toyota Sydney'] = { average_rating: 4, count: 121, reviews: [] };
    api.setNow('2025-06-16T08:59:59.999Z');
    expect((await (await api.call('GET', SYDNEY)).json()).count).toBe(120);
    api.setNow('2025-06-16T09:00:00.000Z');
    expect((await (await api.call('GET', SYDNEY)).json()).count).toBe(121);
    // The refreshed answer is kept for the next day.
    reviews['Harbour Toyota Sydney'] = { average_rating: 3, count: 122, reviews: [] };
    api.setNow('2025-06-17T08:59:59.999Z');
    expect((await (await api.call('GET', SYDNEY)).json()).count).toBe(121);
  });

  it('keeps each profile apart in the cache', async () => {
    const api = testApi();
    await api.call('GET', SYDNEY);
    const service = await (await api.call('GET', '/api/reviews?websiteId=101&gmbId=Harbour%20Toyota%20Service')).json();
    expect(service).toMatchObject({ count: 30, average_rating: 4 });
  });

  it('refuses "All Reviews", which the reviews block shows itself', async () => {
    for (const profile of ['All Reviews', ' all reviews ']) {
      const res = await testApi().call('GET', `/api/reviews?websiteId=101&gmbId=${encodeURIComponent(profile)}`);
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(['gmbId']);
    }
  });

  it('a missing or malformed query is 400 naming the parameter', async () => {
    const api = testApi();
    const cases: [string, string[]][] = [
      ['/api/reviews', ['websiteId', 'gmbId']],
      ['/api/reviews?gmbId=Harbour%20Toyota%20Sydney', ['websiteId']],
      ['/api/reviews?websiteId=abc&gmbId=Harbour%20Toyota%20Sydney', ['websiteId']],
      ['/api/reviews?websiteId=101.5&gmbId=Harbour%20Toyota%20Sydney', ['websiteId']],
      ['/api/reviews?websiteId=101&gmbId=', ['gmbId']],
      [`/api/reviews?websiteId=101&gmbId=${'x'.repeat(201)}`, ['gmbId']],
    ];
    for (const [path, fields] of cases) {
      const res = await api.call('GET', path);
      expect(res.status, path).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {}).sort(), path).toEqual([...fields].sort());
    }
  });

  it("another website's id, an unknown profile or an unknown site is 404", async () => {
    const api = testApi();
    const other = await api.call('GET', '/api/reviews?websiteId=102&gmbId=Harbour%20Toyota%20Sydney');
    expect(other.status).toBe(404);
    expect((await errorOf(other)).message).toBe('Website 102 is not Harbour Toyota (website 101).');
    expect((await api.call('GET', '/api/reviews?websiteId=101&gmbId=Nowhere')).status).toBe(404);
    expect((await api.call('GET', '/api/reviews?websiteId=101&gmbId=toString')).status).toBe(404);
    expect((await api.call('GET', SYDNEY, { host: 'nobody.localhost' })).status).toBe(404);
  });
});
