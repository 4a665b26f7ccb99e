/**
 * A stock system pushing the CSV file it exports (POST /api/stock, Content-Type text/csv), on both
 * databases: its own column names, a Windows-1252 file read as such, a status-only delta signed
 * with ?mode=delta, and an answer that says rows were skipped so a scheduled job notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { SIGNATURE_HEADER, stockSignature, TIMESTAMP_HEADER } from '../server/signature.ts';
import { stockRows } from '../server/store.ts';
import type { DealerContent } from '../../../content/load.ts';
import { fixtureDealers, testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

const SLUG = 'mini-motors';
const KEY = 'mini-key';
const NOW = new Date('2026-12-01T09:00:00Z');
const ts = String(Math.floor(NOW.getTime() / 1000));
const latin1 = (text: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  [...text].forEach((ch, i) => (bytes[i] = ch.charCodeAt(0)));
  return bytes;
};

const EXPORT = [
  'Stock No,Condition,Make,Model,Variant,Year,Kms,Drive Away Price,Description,Images',
  'W1,used,Citro\xebn,C5 Aircross,Shine,2021,"38,000","$36,990",\x93Immaculate\x94 \x96 one owner,https://cdn.test/w1.jpg',
  'W2,used,Peugeot,3008,GT,2020,52000,POA,,https://cdn.test/w2.jpg',
  'W3,used,Renault,Koleos,Zen,20x0,61000,"$24,990",,',
].join('\r\n');

describe.each(testDatabases)('a CSV push on $label', (database) => {
  let t: TestDb;
  let app: ReturnType<typeof createApp>;
  let dealers: DealerContent[];
  beforeAll(async () => {
    t = await database.open();
    dealers = structuredClone(await fixtureDealers());
    dealers.find((d) => d.slug === SLUG)!.cars = [];
    app = createApp(
      await testDeps(t.db, { dealers, now: () => NOW, stockSecret: (s) => (s === SLUG ? KEY : undefined) }),
    );
  });
  afterAll(() => t.cleanup());

  const push = (body: Uint8Array<ArrayBuffer> | string, query = '') =>
    app.fetch(
      new Request(`http://${SLUG}.localhost/api/stock${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'text/csv',
          [TIMESTAMP_HEADER]: ts,
          [SIGNATURE_HEADER]: stockSignature(ts, query, body, KEY),
        },
        body,
      }),
    );

  it('reads a Windows-1252 export with its own column names, applies the good rows and says one was skipped', async () => {
    const res = await push(latin1(EXPORT));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stock-rows-skipped')).toBe('1');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ added: 2, skipped: 1, complete: false, encoding: 'windows-1252', errorCount: 1 });
    expect(body.message).toMatch(/^1 row was skipped/);
    expect(body.errors).toEqual([expect.objectContaining({ line: 4, column: 'Year', stock_number: 'W3' })]);
    const cars = Object.fromEntries((await stockRows(t.db, SLUG)).map((r) => [r.stock_number, r.car]));
    expect(cars.W1).toMatchObject({
      make: 'Citroën',
      price: 36_990,
      price_qualifier: 'drive_away',
      dealercomments: '“Immaculate” – one owner',
      km: 38_000,
    });
    expect(cars.W2).toMatchObject({ price: 0, price_on_application: true });
  });

  it('sells a car with a status-only delta signed with ?mode=delta, keeping its details', async () => {
    const before = (await stockRows(t.db, SLUG)).find((r) => r.stock_number === 'W1')!.car;
    const res = await push('Stock No,Status\r\nW1,sold\r\n', '?mode=delta');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ mode: 'delta', updated: 1, skipped: 0, complete: true });
    const after = (await stockRows(t.db, SLUG)).find((r) => r.stock_number === 'W1')!.car;
    expect(after).toEqual({ ...before, status: 'sold', sold_at: NOW.toISOString() });
  });

  it('refuses a mode that is not full or delta, and a content type that is neither JSON nor CSV', async () => {
    expect((await push('Stock No,Status\r\nW1,sold\r\n', '?mode=partial')).status).toBe(400);
    const other = await app.fetch(
      new Request(`http://${SLUG}.localhost/api/stock`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      }),
    );
    expect(other.status).toBe(415);
  });
});
