/**
 * GET /api/stock/car?slug= on both databases: the dealer's listed car at /cars/{slug} from its
 * stock as it is now (the snapshot's cars until the dealer imports, its imported stock after, so a
 * car pushed a moment ago is found before its page is built), or 404 for a sold, hidden or unknown
 * car, another dealer's car, and a malformed slug a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import type { DealerContent } from '../../../content/load.ts';
import { stockCarPath } from '../../../contract/routes.ts';
import type { StockCarAnswer } from '../contract/stock-car.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const SLUG = 'mini-motors';
const OTHER = 'group-motors';
const KEY = 'mini-key';
const NOW = new Date('2026-11-27T09:00:00Z');

describe.each(testDatabases)('GET /api/stock/car on $label', (database) => {
  let t: TestDb;
  let app: ReturnType<typeof createApp>;
  let dealers: DealerContent[];

  beforeAll(async () => {
    t = await database.open();
    dealers = structuredClone(await fixtureDealers());
    app = createApp(
      await testDeps(t.db, { dealers, now: () => NOW, stockSecret: (s) => (s === SLUG ? KEY : undefined) }),
    );
  });
  afterAll(() => t.cleanup());

  const get = (slug: string, site = SLUG) => app.fetch(new Request(`http://${site}.localhost${stockCarPath(slug)}`));

  it("answers a listed snapshot car by its slug with what the 404 page's card shows", async () => {
    const own = dealers.find((d) => d.slug === SLUG)!.cars.find((c) => (c.status ?? 'available') === 'available')!;
    const res = await get(own.slug);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=20');
    const { car } = (await res.json()) as StockCarAnswer;
    expect(car).toMatchObject({ id: String(own.id), slug: own.slug, make: own.make, price: own.price, km: own.km });
    // Another dealer's site does not answer this dealer's car.
    expect((await get(own.slug, OTHER)).status).toBe(404);
  });

  it('answers 404 for a sold car and an unknown one, and 400 for a malformed slug', async () => {
    const sold = dealers.find((d) => d.slug === SLUG)!.cars.find((c) => c.status === 'sold')!;
    const res = await get(sold.slug);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('public, max-age=20');
    expect((await get('no-such-car')).status).toBe(404);
    expect((await get('')).status).toBe(400);
    expect((await get('a/b')).status).toBe(400);
    expect((await get('x'.repeat(300))).status).toBe(400);
  });

  it('finds a car pushed since the last build, with its photo, prices and stock number', async () => {
    const body = JSON.stringify({
      feed_id: 'car-1',
      mode: 'delta',
      cars: [
        {
          stock_number: 'N7',
          condition: 'used',
          make: 'Kia',
          model: 'Sportage',
          badge: 'SX',
          year: 2023,
          odometer: 12_345,
          price_drive_away: 38_990,
          photos: ['https://cdn.example.com/n7-1.jpg', 'https://cdn.example.com/n7-2.jpg'],
        },
      ],
    });
    const at = String(Math.floor(NOW.getTime() / 1000));
    const pushed = await app.fetch(
      new Request(`http://${SLUG}.localhost/api/stock`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: at,
          [SIGNATURE_HEADER]: stockSignature(at, '', body, KEY),
        },
        body,
      }),
    );
    expect(pushed.status).toBe(200);
    const { rows } = await t.db.query<{ slug: string }>(
      `SELECT car->>'slug' AS slug FROM stock_cars WHERE site_slug = $1 AND stock_number = 'N7'`,
      [SLUG],
    );
    const res = await get(rows[0]!.slug);
    expect(res.status).toBe(200);
    const { car } = (await res.json()) as StockCarAnswer;
    expect(car).toMatchObject({
      make: 'Kia',
      model: 'Sportage',
      badge: 'SX',
      km: 12_345,
      price_drive_away: 38_990,
      photo: 'https://cdn.example.com/n7-1.jpg',
      stock_number: 'N7',
    });
  });
});
