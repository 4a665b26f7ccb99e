import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MAX_LEAD_BODY_BYTES } from '../../../forms/contract.ts';
import { serveLeadRoute, type App } from '../../../../tests/helpers/lead-route.ts';
import { testDatabases } from '../../../../tests/helpers/db.ts';

function post(app: App, body: BodyInit | object, init: { url?: string; headers?: Record<string, string> } = {}) {
  const raw =
    typeof body === 'string' || body instanceof Uint8Array || body instanceof ReadableStream
      ? body
      : JSON.stringify(body);
  return app.fetch(
    new Request(init.url ?? 'http://mini-motors.localhost/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...init.headers },
      body: raw as BodyInit,
      ...(raw instanceof ReadableStream ? { duplex: 'half' } : {}),
    }),
  );
}

const valid = () => ({
  idempotencyKey: randomUUID(),
  isLastStep: true,
  form: { pageId: '3', blockId: 'enquiry', step: 'contact' },
  values: { name: 'Sam Lee', phone: '0412 345 678', email: 'sam@example.com', location_id: '11' } as Record<
    string,
    unknown
  >,
});

/** A valid save whose JSON is exactly `bytes` long (padded in values the form does not know, 9,000 characters each at most). */
function saveOfSize(bytes: number): string {
  const body = valid();
  for (let i = 0; i < 8; i++) body.values[`notes${i}`] = '';
  const pad = bytes - JSON.stringify(body).length;
  for (let i = 0; i < 8; i++) body.values[`notes${i}`] = 'x'.repeat(Math.min(9000, Math.max(0, pad - 9000 * i)));
  const text = JSON.stringify(body);
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

async function expectError(res: Response, status: number, message: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  const { error } = await res.json();
  expect(error.status).toBe(status);
  expect(error.message).toMatch(message);
}

describe.each(testDatabases)('bad input to the lead route on $label', (database) => {
  const route = serveLeadRoute(database);

  it('answers 400 for malformed JSON, an empty body, invalid UTF-8 and JSON that is not an object', async () => {
    const before = await route.count();
    await expectError(await post(route.app, '{"idempotencyKey": "abc'), 400, 'The request body is not valid JSON.');
    await expectError(await post(route.app, ''), 400, 'The request body is empty; send a JSON object.');
    await expectError(
      await post(route.app, new Uint8Array([0x7b, 0xff, 0x7d])),
      400,
      'The request body is not valid UTF-8 text.',
    );
    await expectError(await post(route.app, '[1, 2]'), 400, 'The request body must be a JSON object.');
    await expectError(await post(route.app, 'null'), 400, 'The request body must be a JSON object.');
    expect(await route.count()).toBe(before);
  });

  it('answers 400, not a database error, for text the database cannot store or JSON nested too deeply', async () => {
    const before = await route.count();
    const nul = valid();
    nul.values.message = 'Hello\u0000world';
    await expectError(
      await post(route.app, nul),
      400,
      'The request body holds a NUL character or a broken character pair.',
    );
    const surrogate = valid();
    surrogate.values.name = 'Sam \uD83D';
    await expectError(await post(route.app, surrogate), 400, /broken character pair/);
    await expectError(
      await post(route.app, { ...valid(), form: { pageId: '3\u0000', blockId: 'enquiry', step: 'contact' } }),
      400,
      /NUL/,
    );
    const deep = valid();
    deep.values.notes = JSON.parse('['.repeat(40) + ']'.repeat(40));
    await expectError(await post(route.app, deep), 400, 'The request body is nested more than 32 levels deep.');
    expect(await route.count()).toBe(before);
    const emoji = valid();
    emoji.values.message = 'Thanks 🚗';
    expect((await post(route.app, emoji)).status).toBe(200);
  });

  it('answers 400 naming the field when idempotencyKey is missing or a field has the wrong type', async () => {
    const before = await route.count();
    const { idempotencyKey: _, ...noKey } = valid();
    await expectError(await post(route.app, noKey), 400, /^idempotencyKey is required/);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ idempotencyKey: 12345678 }, /^idempotencyKey must be/],
      [{ idempotencyKey: 'short' }, /^idempotencyKey must be/],
      [{ isLastStep: 'yes' }, /^isLastStep must be true or false/],
      [{ form: 'contact' }, /^form must be an object/],
      [{ form: { pageId: '3', blockId: 'enquiry' } }, /^form\.step must be/],
      [{ form: { pageId: null, blockId: 'enquiry', step: 'contact' } }, /^form\.pageId must be/],
      [{ values: ['Sam'] }, /^values must be an object/],
      [{ values: null }, /^values must be an object/],
      [{ tracking: { utm_source: 7 } }, /^tracking\.utm_source must be a string/],
      [{ lead_id: 'lead-42' }, /^lead_id must be the id returned/],
      [{ lead_id: 42 }, /^lead_id must be the id returned/],
      [{ site: ['mini-motors'] }, /^site must be a dealer site slug/],
    ];
    for (const [change, message] of cases)
      await expectError(await post(route.app, { ...valid(), ...change }), 400, message);
    expect(await route.count()).toBe(before);
  });

  it('answers 400, never 500, whatever type a form value has', async () => {
    const odd: unknown[] = [42, -1.5, true, false, null, [], ['a'], {}, { a: 1 }, '', ' '];
    for (const field of ['name', 'phone', 'email', 'location_id', 'message', 'opt_in']) {
      for (const value of odd) {
        const body = valid();
        body.values[field] = value;
        const res = await post(route.app, body);
        expect([200, 400], `${field} = ${JSON.stringify(value)}`).toContain(res.status);
      }
    }
    for (const value of odd) {
      const partial = {
        ...valid(),
        isLastStep: false,
        form: { pageId: '3', blockId: 'car-finder', step: 'about' },
        values: { first_name: value, email: value, phone: value, Make: value },
      };
      expect([200, 400], JSON.stringify(value)).toContain((await post(route.app, partial)).status);
    }
  });

  it(`accepts a body of exactly ${MAX_LEAD_BODY_BYTES} bytes and answers 413 for one byte more, declared or streamed`, async () => {
    const before = await route.count();
    expect((await post(route.app, saveOfSize(MAX_LEAD_BODY_BYTES))).status).toBe(200);
    await expectError(
      await post(route.app, saveOfSize(MAX_LEAD_BODY_BYTES + 1)),
      413,
      `The request body is larger than ${MAX_LEAD_BODY_BYTES} bytes.`,
    );
    const big = new TextEncoder().encode(saveOfSize(MAX_LEAD_BODY_BYTES + 1));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < big.length; i += 1000) controller.enqueue(big.slice(i, i + 1000));
        controller.close();
      },
    });
    await expectError(await post(route.app, stream), 413, /larger than/);
    expect(await route.count()).toBe(before + 1);
  });

  it('answers 404 for a site no dealer has, by host or by name, and stores nothing', async () => {
    const before = await route.count();
    await expectError(
      await post(route.app, valid(), { url: 'http://nobody.localhost/api/leads' }),
      404,
      /No dealer site matches/,
    );
    await expectError(
      await post(route.app, { ...valid(), site: 'nobody' }, { url: 'http://localhost:4321/api/leads' }),
      404,
      /No dealer site/,
    );
    await expectError(
      await post(route.app, valid(), { url: 'https://api.example.com/api/leads?site=nobody' }),
      404,
      /No dealer site/,
    );
    expect(await route.count()).toBe(before);
  });

  it("finds the dealer by its own domain (with or without www), by the body's site field or by ?site=", async () => {
    for (const url of [
      'https://www.minimotors.com.au/api/leads',
      'https://minimotors.com.au/api/leads',
      'https://api.example.com/api/leads?site=mini-motors',
    ]) {
      const res = await post(route.app, valid(), { url });
      expect(res.status, url).toBe(200);
    }
    expect(
      (await post(route.app, { ...valid(), site: 'mini-motors' }, { url: 'http://localhost:4321/api/leads' })).status,
    ).toBe(200);
  });

  it('answers 405 with Allow: POST for other methods on /api/leads', async () => {
    const res = await route.app.fetch(new Request('http://mini-motors.localhost/api/leads'));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

describe('rate limits of the lead route', () => {
  let clock = Date.parse('2025-03-01T00:00:00Z');
  const route = serveLeadRoute(testDatabases[0]!, {
    now: () => new Date(clock),
    rateLimits: { perIp: { max: 3, windowMs: 60_000 }, perSite: { max: 5, windowMs: 60_000 } },
  });

  const from = (ip: string) => post(route.app, valid(), { headers: { 'x-forwarded-for': `203.0.113.9, ${ip}` } });

  it('lets 3 saves a minute through from one address, answers the 4th with 429 and Retry-After, and lets it through after the minute', async () => {
    for (let i = 0; i < 3; i++) expect((await from('198.51.100.1')).status).toBe(200);
    clock += 20_000;
    const limited = await from('198.51.100.1');
    await expectError(limited.clone(), 429, /Too many forms were sent from your network/);
    expect(limited.headers.get('retry-after')).toBe('40');
    clock += 40_000;
    expect((await from('198.51.100.1')).status).toBe(200);
  });

  it('applies only the site limit to requests that carry no client address', async () => {
    clock += 120_000;
    for (let i = 0; i < 5; i++) expect((await post(route.app, valid())).status).toBe(200);
    await expectError(await post(route.app, valid()), 429, /This site is receiving too many forms/);
  });

  it('counts every address towards the site limit (5 a minute here)', async () => {
    clock += 120_000;
    for (let i = 0; i < 5; i++) expect((await from(`198.51.100.${10 + i}`)).status).toBe(200);
    await expectError(await from('198.51.100.99'), 429, /This site is receiving too many forms/);
  });
});
