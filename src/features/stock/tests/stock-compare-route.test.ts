/**
 * GET /api/stock/compare on both databases: the compare facts of up to three of the dealer's own
 * cars, in the order asked, with their states, from the snapshot's cars until the dealer imports
 * and from its imported stock after (a car sold in a feed says "sold"); unknown ids are left out,
 * and a request for none, or more than three, is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { CompareCar } from '../../shortlist/rules/shortlist.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const SLUG = 'mini-motors';
const OTHER = 'group-motors';
const KEY = 'mini-key';
const NOW = new Date('2026-11-27T09:00:00Z');

describe.each(testDatabases)('GET /api/stock/compare on $label', (database) => {
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

  const get = (query: string, slug = SLUG) =>
    app.fetch(new Request(`http://${slug}.localhost/api/stock/compare${query}`));
  const cars = async (query: string, slug = SLUG) =>
    ((await (await get(query, slug)).json()) as { cars: CompareCar[] }).cars;

  it("answers the snapshot's cars in the order asked, unknown ids left out", async () => {
    const own = dealers.find((d) => d.slug === SLUG)!.cars.slice(0, 2);
    expect(own.length).toBe(2);
    const [a, b] = own.map((c) => String(c.id));
    const res = await get(`?ids=${b},nope,${a}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=20');
    const found = ((await res.json()) as { cars: CompareCar[] }).cars;
    expect(found.map((c) => c.id)).toEqual([b, a]);
    expect(found[0]).toMatchObject({
      status: own[1]!.status ?? 'available',
      make: own[1]!.make,
      model: own[1]!.model,
      year: own[1]!.year,
    });
    expect(found[0]!.features).toEqual(expect.any(Array));
    // Another dealer's cars are not this dealer's.
    expect(await cars(`?ids=${a}`, OTHER)).toEqual([]);
  });

  it('refuses no ids and more than three', async () => {
    expect((await get('')).status).toBe(400);
    expect((await get('?ids=1,2,3,4')).status).toBe(400);
    expect((await get(`?ids=${'x'.repeat(200)}`)).status).toBe(400);
  });

  it('answers from the imported stock once the dealer imports, a sold car as sold', async () => {
    const feed = {
      feed_id: 'cmp-1',
      mode: 'full',
      cars: [1, 2].map((n) => ({
        stock_number: `C${n}`,
        condition: 'used',
        make: 'Mazda',
        model: 'CX-5',
        badge: 'Maxx Sport',
        year: 2021,
        odometer: 30_000 + n,
        price: 31_990 + n,
        drive: 'AWD',
        seats: 5,
        status: n === 2 ? 'sold' : 'available',
      })),
    };
    const body = JSON.stringify(feed);
    const at = String(Math.floor(NOW.getTime() / 1000));
    const res = await app.fetch(
      new Request(`http://${SLUG}.localhost/api/stock?force=true`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: at,
          [SIGNATURE_HEADER]: stockSignature(at, 'force=true', body, KEY),
        },
        body,
      }),
    );
    expect(res.status).toBe(200);
    const { rows } = await t.db.query<{ stock_number: string; id: string }>(
      `SELECT stock_number, car->>'id' AS id FROM stock_cars WHERE site_slug = $1 AND stock_number LIKE 'C%'`,
      [SLUG],
    );
    const id = Object.fromEntries(rows.map((r) => [r.stock_number, r.id]));
    const found = await cars(`?ids=${id.C1},${id.C2}`);
    expect(found.map((c) => [c.id, c.status, c.drive, c.seats])).toEqual([
      [id.C1, 'available', 'AWD', 5],
      [id.C2, 'sold', 'AWD', 5],
    ]);
  });
});
