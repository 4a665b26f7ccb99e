/**
 * POST /api/stock on both databases, the guards around a signature: a signed delta sent again is
 * refused (it cannot put an old price back), failed pushes from one address are limited, and a
 * query naming a parameter twice is refused rather than read one way and signed another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import type { DealerContent } from '../../../content/load.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const SLUG = 'mini-motors';
const KEY = 'mini-key';
const START = new Date('2026-11-27T09:00:00Z');

const delta = (price: number) =>
  JSON.stringify({
    mode: 'delta',
    cars: [
      { stock_number: 'R1', condition: 'used', make: 'Kia', model: 'Sportage', year: 2022, odometer: 21_000, price },
    ],
  });

describe.each(testDatabases)('POST /api/stock guards on $label', (database) => {
  let t: TestDb;
  let dealers: DealerContent[];
  let now = START;

  beforeAll(async () => {
    t = await database.open();
    dealers = structuredClone(await fixtureDealers());
    dealers.find((d) => d.slug === SLUG)!.cars = [];
  });
  afterAll(() => t.cleanup());

  async function appWith(overrides: Partial<ApiDeps> = {}) {
    return createApp(await testDeps(t.db, { dealers, now: () => now, stockSecret: () => KEY, ...overrides }));
  }
  const at = () => String(Math.floor(now.getTime() / 1000));
  /** A push request: signed for `signedQuery` (default: the query sent) unless `unsigned`. */
  function request(
    body: string,
    o: { query?: string; signedQuery?: string; timestamp?: string; ip?: string; unsigned?: boolean } = {},
  ) {
    const timestamp = o.timestamp ?? at();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (o.ip) headers['x-forwarded-for'] = o.ip;
    if (!o.unsigned) {
      headers[TIMESTAMP_HEADER] = timestamp;
      headers[SIGNATURE_HEADER] = stockSignature(timestamp, o.signedQuery ?? o.query ?? '', body, KEY);
    }
    return new Request(`http://${SLUG}.localhost/api/stock${o.query ?? ''}`, { method: 'POST', headers, body });
  }
  const price = async () =>
    (
      await t.db.query<{ price: number }>(
        `SELECT (car->>'price')::int AS price FROM stock_cars WHERE site_slug = $1 AND stock_number = 'R1'`,
        [SLUG],
      )
    ).rows[0]?.price;
  const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

  it('refuses a signed delta sent again, so an old price cannot be put back, and forgets it once too old', async () => {
    now = START;
    const app = await appWith();
    const first = request(delta(30_990));
    const replay = first.clone();
    expect((await app.fetch(first)).status).toBe(200);
    now = new Date(START.getTime() + 60_000);
    expect((await app.fetch(request(delta(28_990)))).status).toBe(200);
    expect(await price()).toBe(28_990);

    const again = await app.fetch(replay.clone());
    expect(again.status).toBe(409);
    expect(await message(again)).toMatch(/already received/);
    expect(await price()).toBe(28_990);

    // Past the window the old request is refused for its age, and its record is purged.
    now = new Date(START.getTime() + 11 * 60_000);
    expect((await app.fetch(replay.clone())).status).toBe(401);
    expect((await app.fetch(request(delta(27_990)))).status).toBe(200);
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stock_push_signatures WHERE site_slug = $1',
      [SLUG],
    );
    expect(rows[0]!.n).toBe(1);
    expect(await price()).toBe(27_990);
  });

  it('limits failed pushes per address: past the limit even a signed push waits out the minute', async () => {
    now = new Date(START.getTime() + 20 * 60_000);
    const app = await appWith({ rateLimits: { stockFailuresPerIp: { max: 3, windowMs: 60_000 } } });
    const ip = '203.0.113.9';
    // Good pushes do not count against the address.
    for (let i = 0; i < 4; i++) expect((await app.fetch(request(delta(26_000 + i), { ip }))).status).toBe(200);

    const failed = [
      await app.fetch(request(delta(1), { ip, unsigned: true })),
      await app.fetch(request(delta(2), { ip, timestamp: String(Number(at()) - 3600) })),
      await app.fetch(new Request(`http://nobody.example/api/stock`, request(delta(3), { ip }))),
    ];
    expect(failed.map((r) => r.status)).toEqual([401, 401, 404]);
    const limited = await app.fetch(request(delta(25_500), { ip }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await message(limited)).toMatch(/Too many stock pushes/);
    expect(await price()).toBe(26_003);

    // Another address is not held up, and this one is let through once the window passes.
    expect((await app.fetch(request(delta(25_400), { ip: '198.51.100.4' }))).status).toBe(200);
    now = new Date(now.getTime() + 61_000);
    expect((await app.fetch(request(delta(25_300), { ip }))).status).toBe(200);
    expect(await price()).toBe(25_300);
  });

  it('refuses a query naming a parameter twice, whatever was signed', async () => {
    now = new Date(START.getTime() + 40 * 60_000);
    const app = await appWith();
    const res = await app.fetch(request(delta(1), { query: '?force=false&force=true' }));
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/"force" more than once/);
    expect(await price()).toBe(25_300);
  });
});
