import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../../src/api/app.ts';
import { DatabaseCounter } from '../../../src/api/core/rate-limit.ts';
import { serveLeadRoute, type App } from '../../helpers/lead-route.ts';
import { testDatabases, testDeps, type TestDb } from '../../helpers/db.ts';

const LEADS = 'http://mini-motors.localhost:4321/api/leads';

function post(app: App, body: unknown, headers: Record<string, string> = {}, url = LEADS) {
  return app.fetch(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

const save = (values: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  isLastStep: true,
  form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
  values: { name: 'Sam Lee', phone: '0412 345 678', email: 'sam@example.com', location_id: '11', ...values },
  ...extra,
});

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { status: number; message: string; fields?: Record<string, string> } }).error;
}

describe.each(testDatabases)('what the lead route takes, on $label', (database) => {
  const route = serveLeadRoute(database);

  it('refuses value names that objects inherit (__proto__, constructor, valueOf …) with 400 naming them, and stores nothing', async () => {
    const before = await route.count();
    for (const name of [
      '__proto__',
      'constructor',
      'valueOf',
      'hasOwnProperty',
      '__defineGetter__',
      'toString',
      'prototype',
    ]) {
      // Written as JSON text: an object literal would not hold "__proto__" as a key.
      const body = JSON.stringify(save()).replace(
        '"values":{',
        `"values":{${JSON.stringify(name)}:{"name":"Sam","email":"a@b.co","phone":"0412345678"},`,
      );
      const res = await post(route.app, body);
      expect(res.status, name).toBe(400);
      const error = await errorOf(res);
      expect(error.message).toContain(`"${name}"`);
      expect(Object.keys(error.fields ?? {})).toEqual([`values.${name}`]);
    }
    const topLevel = await post(route.app, JSON.stringify(save()).replace('{', '{"__proto__":{"isLastStep":true},'));
    expect(topLevel.status).toBe(400);
    expect(await route.count()).toBe(before);
  });

  it('never stores a lead whose contact came from a "__proto__" object: the visitor is told what is wrong', async () => {
    const before = await route.count();
    const body =
      `{"idempotencyKey":"${randomUUID()}","isLastStep":true,"form":{"pageId":"3","blockId":"enquiry","step":"contact"},` +
      '"values":{"__proto__":{"name":"Sam Lee","email":"sam@example.com","phone":"0412 345 678","location_id":"11"}}}';
    expect((await post(route.app, body)).status).toBe(400);
    expect(await route.count()).toBe(before);
  });

  it('answers 400 naming the field when a name, email or phone is a list or an object, or a value is {"toString":1}', async () => {
    const before = await route.count();
    const withToString = await post(route.app, save({ phone: { toString: 1 } }));
    expect(withToString.status).toBe(400);
    expect((await errorOf(withToString)).message).toMatch(/"toString" \(at values\.phone\.toString\)/);
    for (const [field, value] of [
      ['name', ['Sam', 'Lee']],
      ['email', { address: 'sam@example.com' }],
      ['phone', { digits: '0412' }],
      ['name', 42],
    ] as const) {
      const res = await post(route.app, save({ [field]: value }));
      expect(res.status, `${field} = ${JSON.stringify(value)}`).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toContain(field);
    }
    // A value no field declares may be text, a number, true or false, or a list of text: not an object.
    const res = await post(route.app, save({ utm_extra: { campaign: 1 } }));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      'values.utm_extra must be text, a number, true or false, or a list of text.',
    );
    expect(
      (await post(route.app, save({ interests: ['SUV', 'Ute'], send_customer_email: true, budget: 30000 }))).status,
    ).toBe(200);
    expect(await route.count()).toBe(before + 1);
  });

  it('takes JSON only: text/plain, a form post or no Content-Type answer 415 and store nothing', async () => {
    const before = await route.count();
    for (const type of [
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ]) {
      const res = await route.app.fetch(
        new Request(LEADS, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body: new TextEncoder().encode(JSON.stringify(save())),
        }),
      );
      expect(res.status, type).toBe(415);
      expect((await errorOf(res)).message).toMatch(/Content-Type: application\/json/);
    }
    expect((await post(route.app, save(), { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
    expect(await route.count()).toBe(before + 1);
  });

  it("answers 403 to a page on another site (its Origin), and takes the dealer's own origins and clients without one", async () => {
    const before = await route.count();
    for (const origin of [
      'https://evil.example',
      'null',
      'http://other-dealer.localhost:4321',
      'https://minimotors.com.au.evil.example',
    ]) {
      const res = await post(route.app, save(), { origin });
      expect(res.status, origin).toBe(403);
    }
    expect(await route.count()).toBe(before);
    for (const origin of [
      'http://mini-motors.localhost:4321',
      'http://mini-motors.localhost:9999',
      'https://www.minimotors.com.au',
      'https://minimotors.com.au',
    ]) {
      expect((await post(route.app, save(), { origin })).status, origin).toBe(200);
    }
    expect((await post(route.app, save())).status).toBe(200);
    expect(await route.count()).toBe(before + 5);
  });

  it('takes a preview origin named in allowedOrigins (API_ALLOWED_ORIGINS)', async () => {
    const preview = createApp(await testDeps(route.db, { allowedOrigins: ['https://preview-42.example.net'] }));
    expect((await post(preview, save(), { origin: 'https://preview-42.example.net' })).status).toBe(200);
    expect((await post(preview, save(), { origin: 'https://preview-43.example.net' })).status).toBe(403);
  });

  it('answers with X-Content-Type-Options: nosniff, on success and on error', async () => {
    const ok = await post(route.app, save());
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    const bad = await post(route.app, '{');
    expect(bad.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await route.app.fetch(new Request('http://mini-motors.localhost/api/nothing'));
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 400 to a malformed Host header', async () => {
    const res = await route.app.fetch(
      new Request(LEADS, {
        method: 'POST',
        headers: { host: 'x:99999', 'content-type': 'application/json' },
        body: JSON.stringify(save()),
      }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/Host header/);
  });
});

describe('rate limits that junk cannot turn against visitors', () => {
  let clock = Date.parse('2025-03-01T00:00:00Z');
  const route = serveLeadRoute(testDatabases[0]!, {
    now: () => new Date(clock),
    rateLimits: { perIp: { max: 5, windowMs: 60_000 }, perSite: { max: 10, windowMs: 60_000 } },
  });

  const from = (ip: string, body: unknown) => post(route.app, body, { 'x-forwarded-for': ip });

  it('a burst of junk from 600 addresses leaves a new visitor’s enquiry accepted', async () => {
    for (let i = 0; i < 600; i++) {
      const junk =
        i % 3 === 0
          ? '{"nope"'
          : i % 3 === 1
            ? { ...save(), values: { name: 'x' } }
            : { ...save(), form: { pageId: '3', blockId: 'nothing', step: 'x' } };
      expect((await from(`198.51.${i >> 8}.${i & 255}`, junk)).status).toBe(400);
    }
    expect((await from('203.0.113.50', save())).status).toBe(200);
  });

  it('counts junk against its own address: the 6th bad request in a minute from one address is 429', async () => {
    clock += 120_000;
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.60', '{')).status).toBe(400);
    const limited = await from('203.0.113.60', save());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets a visitor who started a form finish it while the site is at its limit of new forms', async () => {
    clock += 120_000;
    const partial = {
      ...save(),
      isLastStep: false,
      form: { pageId: '3', blockId: 'car-finder', step: 'about' },
      values: { first_name: 'Ann', email: 'ann@example.com' },
    };
    const first = await from('203.0.113.70', partial);
    expect(first.status).toBe(200);
    const { lead_id } = (await first.json()) as { lead_id: string };
    for (let i = 0; i < 9; i++) expect((await from(`203.0.113.${100 + i}`, save())).status).toBe(200);
    const limited = await from('203.0.113.120', save());
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toMatch(/This site is receiving too many forms/);
    const finish = {
      ...partial,
      lead_id,
      isLastStep: true,
      form: { ...partial.form, step: 'car' },
      values: { ...partial.values, Make: 'Toyota' },
    };
    const done = await from('203.0.113.70', finish);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ lead_id, lead_status: 'Complete' });
  });
});

describe('rate limits of the finance and search routes', () => {
  let t: TestDb;
  let app: App;

  beforeAll(async () => {
    t = await testDatabases[0]!.open();
    app = createApp(
      await testDeps(t.db, {
        rateLimits: { financePerIp: { max: 2, windowMs: 60_000 }, searchPerIp: { max: 3, windowMs: 60_000 } },
      }),
    );
  });
  afterAll(() => t.cleanup());

  it('answers the 3rd finance call a minute from one address with 429, before the provider is asked', async () => {
    const call = () =>
      post(
        app,
        { carId: 'none' },
        { 'x-forwarded-for': '198.51.100.5' },
        'http://mini-motors.localhost/api/finance-locations',
      );
    expect((await call()).status).toBe(404);
    expect((await call()).status).toBe(404);
    const limited = await call();
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toMatch(/Too many finance requests/);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });

  it('answers the 4th search a minute from one address with 429; another address still searches', async () => {
    const search = (ip: string) =>
      post(
        app,
        { requests: [{ indexName: 'cars' }] },
        { 'x-forwarded-for': ip },
        'http://mini-motors.localhost/api/search/1/indexes/*/queries',
      );
    for (let i = 0; i < 3; i++) expect((await search('198.51.100.6')).status).toBe(200);
    expect((await search('198.51.100.6')).status).toBe(429);
    expect((await search('198.51.100.7')).status).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits shared by API instances on PostgreSQL', () => {
  it('hold across two instances: hits counted by one count for the other', async () => {
    const t = await testDatabases.find((d) => d.label === 'PostgreSQL')!.open();
    try {
      const now = Date.parse('2025-03-01T00:00:10Z');
      const a = new DatabaseCounter(t.db);
      const b = new DatabaseCounter(t.db);
      const limit = { max: 4, windowMs: 60_000 };
      const hit = (c: DatabaseCounter, at = now) => c.hit([{ key: 'leads:ip:198.51.100.9', limit }], at);
      expect(await hit(a)).toEqual({ ok: true });
      expect(await hit(b)).toEqual({ ok: true });
      expect(await hit(a)).toEqual({ ok: true });
      expect(await hit(b)).toEqual({ ok: true });
      expect(await hit(a)).toMatchObject({ ok: false, key: 'leads:ip:198.51.100.9' });
      expect(await hit(b)).toMatchObject({ ok: false });
      // Two windows on, the old counts no longer weigh.
      expect(await hit(a, now + 120_000)).toEqual({ ok: true });
    } finally {
      await t.cleanup();
    }
  });
});

describe('a shared rate-limit counter whose database fails', () => {
  it('falls back to counting in memory when the database fails, instead of failing the request', async () => {
    const lines: string[] = [];
    const broken = {
      query: () => Promise.reject(Object.assign(new Error('Connection terminated unexpectedly'), {})),
      transaction: () => Promise.reject(new Error('x')),
      close: async () => {},
      parallel: true,
    };
    const counter = new DatabaseCounter(broken, (line) => lines.push(line));
    const limit = { max: 1, windowMs: 60_000 };
    expect(await counter.hit([{ key: 'k', limit }], 0)).toEqual({ ok: true });
    expect(await counter.hit([{ key: 'k', limit }], 1)).toMatchObject({ ok: false });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/memory/);
  });
});
