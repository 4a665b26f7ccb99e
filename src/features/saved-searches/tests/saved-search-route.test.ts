/**
 * POST /api/saved-searches and its links (src/features/saved-searches/server/route.ts) on both databases: the
 * confirmation email (double opt-in) with an unguessable token stored only hashed, the confirm
 * page, the unsubscribe page and its one-click POST (RFC 8058), one search per address and
 * search (a confirmed one saved again gets a change link: saved-search-abuse.test.ts), the
 * honeypot, the guards and the rate limits per address and per email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalQuery } from '../server/search.ts';
import { tokenHash } from '../server/store.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';
import {
  alertFixture,
  linkIn,
  mails,
  saveRequest,
  SLUG,
  stockCar,
  type AlertFixture,
} from '../../../../tests/helpers/alerts.ts';

const LINK = `http://${SLUG}.localhost:4321/api/saved-searches/`;

const local = (link: string) => new URL(link).pathname + new URL(link).search;

describe.each(testDatabases)('saved searches on $label', (database) => {
  let t: TestDb;
  let f: AlertFixture;
  beforeAll(async () => {
    t = await database.open();
    f = await alertFixture(t.db, [stockCar(1), stockCar(2, { make: 'Mazda', model: 'CX-5' })]);
  });
  afterAll(async () => {
    await f.cleanup();
    await t.cleanup();
  });

  const call = (path: string, init?: RequestInit) => f.app.fetch(new Request(`http://${SLUG}.localhost${path}`, init));

  it('saves a search, sends a multipart confirmation email, and stores only the hash of its token', async () => {
    const res = await f.app.fetch(
      saveRequest({ email: ' Shopper@Example.com ', query: '?make=Toyota&page=3&sort=price_asc', consent: 'I agree' }),
    );
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'confirmation_sent' });
    const [sent] = await mails(f.dataDir);
    expect(sent).toBeDefined();
    expect(sent!.raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(sent!.raw).toMatch(/^To: Shopper@example\.com\r$/m);
    expect(sent!.mail.from?.value[0]).toEqual({ name: 'Alert Motors & Sons', address: 'alerts@alert-motors.example' });
    expect(sent!.mail.subject).toBe('Confirm your car alert from Alert Motors & Sons');
    expect(sent!.mail.text).toContain('Toyota');
    const link = linkIn(sent!.mail.text!, `${LINK}confirm?token=`);
    expect(sent!.mail.html).toContain(link);
    const token = new URL(link).searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await t.db.query<{ hash: string }>('SELECT hash FROM saved_search_tokens');
    expect(rows.map((r) => r.hash)).toEqual([tokenHash(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    const { rows: searches } = await t.db.query(
      'SELECT email, email_key, query, consent, confirmed_at FROM saved_searches',
    );
    // The sort and page of the address are not part of the search.
    expect(searches).toEqual([
      {
        email: 'Shopper@Example.com',
        email_key: 'shopper@example.com',
        query: 'make=Toyota',
        consent: 'I agree',
        confirmed_at: null,
      },
    ]);
    // The car that matches when saved is known to the search, untold.
    const { rows: known } = await t.db.query('SELECT car_id, told_at FROM saved_search_cars');
    expect(known).toEqual([{ car_id: 'c1', told_at: null }]);
  });

  it('confirms with the link’s page and its button (pages in the dealer’s branding), and refuses a wrong or made-up token', async () => {
    const [sent] = await mails(f.dataDir);
    const link = linkIn(sent!.mail.text!, `${LINK}confirm?token=`);
    const post = (path: string) => call(path, { method: 'POST' });
    for (const open of [call, post]) {
      const bad = await open('/api/saved-searches/confirm?token=' + 'A'.repeat(43));
      expect(bad.status).toBe(404);
      expect(await bad.text()).toContain('This link no longer works');
      expect((await open('/api/saved-searches/confirm?token=%3Cscript%3E')).status).toBe(404);
    }
    // Opening the link (as a mail program's link scanner does) asks, and confirms nothing.
    const question = await call(local(link));
    expect(question.status).toBe(200);
    const asked = await question.text();
    expect(asked).toContain('Turn on this car alert?');
    expect(asked).toContain(`action="${local(link)}"`);
    expect(asked).toContain('method="post"');
    const before = await t.db.query<{ confirmed_at: string | null }>('SELECT confirmed_at FROM saved_searches');
    expect(before.rows[0]!.confirmed_at).toBeNull();
    const res = await post(local(link));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('Your car alert is on');
    expect(html).toContain('Alert Motors &amp; Sons');
    expect(html).toContain(
      'https://www.alert-motors.example/images/logo.svg'.replace(
        'https://www.alert-motors.example',
        `http://${SLUG}.localhost:4321`,
      ),
    );
    const { rows } = await t.db.query<{ confirmed_at: string | null }>('SELECT confirmed_at FROM saved_searches');
    expect(rows[0]!.confirmed_at).not.toBeNull();
  });

  it('keeps one search per address and search: saving it again once confirmed asks no confirmation, and emails a change link', async () => {
    const res = await f.app.fetch(saveRequest({ email: 'shopper@example.com', query: 'make=Toyota&sort=price_desc' }));
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'confirmation_sent' });
    const sent = await mails(f.dataDir);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.mail.subject).toBe('Update your car alert from Alert Motors & Sons?');
    expect(sent[1]!.mail.text).not.toContain('Confirm your alert');
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_searches');
    expect(rows[0]!.n).toBe(1);
  });

  it('unsubscribes: the GET link asks, the one-click POST deletes the search, a second POST is still fine', async () => {
    const { rows } = await t.db.query<{ id: string }>('SELECT id::text FROM saved_searches');
    const { issueToken } = await import('../server/store.ts');
    const token = await issueToken(t.db, rows[0]!.id, 'unsubscribe', f.clock.now);
    const page = await call(`/api/saved-searches/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stop this car alert?');
    expect(html).toContain(`action="/api/saved-searches/unsubscribe?token=${token}"`);
    // Opening the page changes nothing.
    expect((await t.db.query('SELECT 1 FROM saved_searches')).rows).toHaveLength(1);
    // A confirmation token is no unsubscribe token.
    const post = (tk: string) =>
      call(`/api/saved-searches/unsubscribe?token=${tk}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const done = await post(token);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect((await t.db.query('SELECT 1 FROM saved_searches')).rows).toHaveLength(0);
    expect((await t.db.query('SELECT 1 FROM saved_search_tokens')).rows).toHaveLength(0);
    expect((await post(token)).status).toBe(200);
    expect((await call(`/api/saved-searches/unsubscribe?token=${token}`)).status).toBe(404);
  });

  it('answers a filled honeypot as usual and keeps nothing', async () => {
    const res = await f.app.fetch(saveRequest({ email: 'bot@example.com', query: '', website: 'http://spam' }));
    expect(res.status).toBe(202);
    expect((await t.db.query(`SELECT 1 FROM saved_searches WHERE email_key = 'bot@example.com'`)).rows).toHaveLength(0);
  });

  it('refuses a bad address, a search the stock page could not run, another site’s page, and a body that is not JSON', async () => {
    const bad = await f.app.fetch(saveRequest({ email: 'not-an-address', query: '' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.email).toMatch(
      /email address/,
    );
    const filters = await f.app.fetch(saveRequest({ email: 'a@example.com', query: '', filters: 'engine_size:"big"' }));
    expect(filters.status).toBe(400);
    expect(((await filters.json()) as { error: { message: string } }).error.message).toMatch(/cannot be saved/);
    const elsewhere = await f.app.fetch(saveRequest({ email: 'a@example.com' }, { origin: 'https://evil.example' }));
    expect(elsewhere.status).toBe(403);
    const text = await f.app.fetch(
      new Request(`http://${SLUG}.localhost/api/saved-searches`, { method: 'POST', body: 'email=a@example.com' }),
    );
    expect(text.status).toBe(415);
  });

  it('limits confirmation emails per address (3 an hour) and saves per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await f.app.fetch(saveRequest({ email: 'many@example.com', query: `price=0:${10_000 + i}` }));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = createLimited();
    const answers: number[] = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        (await limited.fetch(saveRequest({ email: `p${i}@example.com` }, { 'x-forwarded-for': '203.0.113.9' }))).status,
      );
    expect(answers).toEqual([202, 202, 429]);
  });

  function createLimited() {
    return {
      fetch: async (r: Request) => {
        const { createApp } = await import('../../../api/app.ts');
        limitedApp ??= createApp({
          ...f.deps,
          rateLimits: { ...f.deps.rateLimits, savedSearchesPerIp: { max: 2, windowMs: 60_000 } },
        });
        return limitedApp.fetch(r);
      },
    };
  }
  let limitedApp: ReturnType<typeof import('../../../api/app.ts').createApp> | undefined;

  it('sends links to the site the shopper used only when it is the dealer’s own', async () => {
    await f.app.fetch(
      saveRequest({ email: 'origin@example.com', query: 'make=Mazda' }, { origin: 'https://alert-motors.example' }),
    );
    const last = (await mails(f.dataDir)).at(-1)!;
    expect(last.mail.text).toContain('https://alert-motors.example/api/saved-searches/confirm?token=');
  });
});

describe('canonical saved query', () => {
  it('keeps what the stock page reads, in one spelling', () => {
    expect(canonicalQuery('?sort=price_asc&make=Toyota&make=Mazda&page=2&q=corolla&utm_source=x')).toBe(
      'make=Mazda&make=Toyota&q=corolla',
    );
    expect(canonicalQuery('price=10000%3A30000&certified=true')).toBe('certified=true&price=10000%3A30000');
    expect(canonicalQuery('')).toBe('');
    // Lists as links made before wrote them, with bracketed keys.
    expect(canonicalQuery('?make%5B0%5D=Kia&make%5B1%5D=Audi&body%5B0%5D=SUV')).toBe('body=SUV&make=Audi&make=Kia');
  });
});
