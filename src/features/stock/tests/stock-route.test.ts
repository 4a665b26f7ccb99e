/**
 * POST /api/stock on both databases: only a request signed with the dealer's own key, sent now,
 * changes its stock; a replayed feed_id is applied once; bad cars are reported and skipped; a
 * cut-off full feed is refused; and GET /api/stock/status answers each car's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import type { DealerContent } from '../../../content/load.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const SLUG = 'mini-motors';
const OTHER = 'group-motors';
const KEYS: Record<string, string> = { [SLUG]: 'mini-key', [OTHER]: 'group-key' };
const NOW = new Date('2026-11-27T09:00:00Z');
const ts = (d = NOW) => String(Math.floor(d.getTime() / 1000));

const feedCar = (n: number, extra: Record<string, unknown> = {}) => ({
  stock_number: `P${n}`,
  condition: 'used',
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx Sport',
  year: 2021,
  odometer: 30_000 + n,
  price: 31_990 + n,
  photos: [`https://cdn.example.com/p${n}.jpg`],
  ...extra,
});

it('signs the documented example as docs/api.md shows it, the query in its canonical order', () => {
  const body = '{"feed_id":"f1","mode":"delta","cars":[]}';
  expect(stockSignature('1790000000', '', body, 'k3y')).toBe(
    'sha256=b1d8682624bcd960efd4ccd98731afb29e124c9720cb1bf07851665e282af55e',
  );
  const withQuery = stockSignature('1790000000', '?site=coastal-motors&force=true', body, 'k3y');
  expect(withQuery).toBe('sha256=8f67f3d7811b71206910ea2dfa7f1a6e6932bcb0788e0f070b2d4df42f933b7a');
  // Any order, any encoding of the same parameters: the same signature.
  expect(stockSignature('1790000000', 'force=true&site=coastal%2Dmotors', body, 'k3y')).toBe(withQuery);
});

describe.each(testDatabases)('POST /api/stock on $label', (database) => {
  let t: TestDb;
  let app: ReturnType<typeof createApp>;
  let dealers: DealerContent[];

  beforeAll(async () => {
    t = await database.open();
    dealers = structuredClone(await fixtureDealers());
    // A dealer whose snapshot has no cars: its stock is what the feeds bring (import.ts starting
    // from a snapshot is stock-import.test.ts's).
    dealers.find((d) => d.slug === SLUG)!.cars = [];
    app = createApp(await testDeps(t.db, { dealers, now: () => NOW, stockSecret: (slug) => KEYS[slug] }));
  });
  afterAll(() => t.cleanup());

  function post(body: string, headers: Record<string, string> = {}, host = `${SLUG}.localhost`) {
    return app.fetch(
      new Request(`http://${host}/api/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      }),
    );
  }
  const signed = (feed: unknown, key = KEYS[SLUG]!, at = ts()) => {
    const body = JSON.stringify(feed);
    return post(body, { [TIMESTAMP_HEADER]: at, [SIGNATURE_HEADER]: stockSignature(at, '', body, key) });
  };
  const imports = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stock_imports WHERE site_slug = $1', [SLUG]))
      .rows[0]!.n;
  async function search(): Promise<string[]> {
    const res = await app.fetch(
      new Request(`http://${SLUG}.localhost/api/search/1/indexes/*/queries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ requests: [{ indexName: 'cars', params: 'hitsPerPage=1000' }] }),
      }),
    );
    // A fed car's id is its stock number (src/features/stock/rules/identity.ts).
    const body = (await res.json()) as { results: { hits: { objectID: string }[] }[] };
    return body.results[0]!.hits.map((h) => h.objectID).sort();
  }

  it("refuses, changing nothing, a request unsigned, signed wrongly, with another dealer's key, or sent too long ago", async () => {
    const feed = { mode: 'delta', cars: [feedCar(1)] };
    const body = JSON.stringify(feed);
    const answers = [
      await post(body),
      await post(body, { [TIMESTAMP_HEADER]: ts(), [SIGNATURE_HEADER]: 'sha256=00' }),
      await signed(feed, KEYS[OTHER]),
      await signed(feed, KEYS[SLUG], ts(new Date(NOW.getTime() - 6 * 60_000))),
      await signed(feed, KEYS[SLUG], ts(new Date(NOW.getTime() + 6 * 60_000))),
      // Signed for this body, then changed on the way.
      await post(body.replace('30001', '1'), {
        [TIMESTAMP_HEADER]: ts(),
        [SIGNATURE_HEADER]: stockSignature(ts(), '', body, KEYS[SLUG]!),
      }),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    const messages = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { error: { message: string } }).error.message),
    );
    expect(messages[0]).toMatch(/must be signed/);
    expect(messages[3]).toMatch(/more than 5 minutes/);
    expect(await imports()).toBe(0);
  });

  it('takes no push for a dealer without a key', async () => {
    const keyless = createApp(await testDeps(t.db, { dealers, now: () => NOW, stockSecret: () => undefined }));
    const res = await keyless.fetch(
      new Request(`http://${SLUG}.localhost/api/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"cars":[]}',
      }),
    );
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      'STOCK_FEED_SECRET_MINI_MOTORS',
    );
  });

  it('applies a signed feed at once, reports and skips bad cars, and applies a feed_id once', async () => {
    const feed = {
      feed_id: 'dms-0900',
      mode: 'full',
      cars: [feedCar(1), feedCar(2), { ...feedCar(3), year: 'soon' }, feedCar(4), feedCar(5)],
    };
    const res = await signed(feed);
    expect(res.status).toBe(200);
    const summary = (await res.json()) as Record<string, unknown> & { errors: Record<string, unknown>[] };
    expect(summary).toMatchObject({ site: SLUG, mode: 'full', added: 4, skipped: 1, errorCount: 1 });
    expect(summary.errors[0]).toMatchObject({ index: 2, column: 'year', value: 'soon' });
    expect(await search()).toEqual(['P1', 'P2', 'P4', 'P5']);

    const again = await signed({ ...feed, cars: [] });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true, added: 4 });
    expect(await search()).toEqual(['P1', 'P2', 'P4', 'P5']);
    expect(await imports()).toBe(1);
  });

  it('refuses a full feed that would withdraw most of the stock (409), changing nothing', async () => {
    const res = await signed({ feed_id: 'cut-off', mode: 'full', cars: [feedCar(1)] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { refused: string }).refused).toMatch(/3 of the 4 cars/);
    expect(await search()).toEqual(['P1', 'P2', 'P4', 'P5']);
    const body = JSON.stringify({ feed_id: 'cut-off', mode: 'full', cars: [feedCar(1)] });
    const push = (query: string, signedQuery: string) =>
      app.fetch(
        new Request(`http://${SLUG}.localhost/api/stock${query}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [TIMESTAMP_HEADER]: ts(),
            [SIGNATURE_HEADER]: stockSignature(ts(), signedQuery, body, KEYS[SLUG]!),
          },
          body,
        }),
      );
    // The refused request's signature does not cover ?force=true added afterwards.
    const tampered = await push('?force=true', '');
    expect(tampered.status).toBe(401);
    expect(await search()).toEqual(['P1', 'P2', 'P4', 'P5']);
    // The dealer's word, signed: ?force=true applies it.
    const forced = await push('?force=true', 'force=true');
    expect(forced.status).toBe(200);
    expect(await forced.json()).toMatchObject({ withdrawn: 3, listed: 1 });
    expect(await search()).toEqual(['P1']);
  });

  it('answers 415 for another content type, 413 for a signed feed over the limit, 400 for no feed', async () => {
    expect((await post('{}', { 'content-type': 'text/plain' })).status).toBe(415);
    const pad = 'x'.repeat(8 * 1024 * 1024);
    // Unsigned, its size does not matter: it is refused before its body is read.
    expect((await post(JSON.stringify({ cars: [], pad }))).status).toBe(401);
    expect((await signed({ cars: [], pad })).status).toBe(413);
    expect((await signed([1, 2])).status).toBe(400);
  });

  it("tells each car's state through GET /api/stock/status, a withdrawn one as sold", async () => {
    await signed({ feed_id: 'sold-p2', mode: 'delta', cars: [{ ...feedCar(2), status: 'sold' }] });
    const { rows } = await t.db.query<{ stock_number: string; id: string }>(
      `SELECT stock_number, car->>'id' AS id FROM stock_cars WHERE site_slug = $1`,
      [SLUG],
    );
    const id = Object.fromEntries(rows.map((r) => [r.stock_number, r.id]));
    const res = await app.fetch(new Request(`http://${SLUG}.localhost/api/stock/status?ids=${id.P1},${id.P2},nope`));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=20');
    expect(await res.json()).toEqual({ cars: { [id.P1!]: 'available', [id.P2!]: 'sold', nope: 'unknown' } });
    expect((await app.fetch(new Request(`http://${SLUG}.localhost/api/stock/status`))).status).toBe(400);
    // Another dealer's cars are its own: this dealer has none of them.
    const other = await app.fetch(new Request(`http://${OTHER}.localhost/api/stock/status?ids=${id.P1}`));
    expect(await other.json()).toEqual({ cars: { [id.P1!]: 'unknown' } });
  });
});
