/**
 * What a stranger must not be able to do with POST /api/saved-searches and its links
 * (src/features/saved-searches/server/route.ts), on both databases:
 *
 * - fill one inbox with confirmation emails by spelling its address many ways (+tags, Gmail's
 *   dots and googlemail.com): the per-address limit counts inboxes (store.ts inboxKey);
 * - make one dealer's site send confirmation emails without end: a per-site cap
 *   (guard.ts confirmationsPerSiteOf);
 * - change a confirmed search (its consent, its links, its retention clock) by saving it again:
 *   only a link emailed to its address applies a new save, and the shopper's answer is the one
 *   of any save;
 * - use one dealer's link on another dealer's site: it is answered as an unknown link, and
 *   nothing is done.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import { confirmationsPerSiteOf } from '../../../api/core/guard.ts';
import { rateLimitsFromEnv } from '../../../api/core/deps.ts';
import { PER_EMAIL_PER_HOUR } from '../server/save.ts';
import { inboxKey, issueToken } from '../server/store.ts';
import { dealerOf } from '../../../../tests/helpers/dealer-content.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';
import {
  alertDealer,
  alertFixture,
  linkIn,
  mails,
  saveRequest,
  SLUG,
  stockCar,
  type AlertFixture,
} from '../../../../tests/helpers/alerts.ts';

const OTHER = 'other-motors';
const otherDealer = () =>
  dealerOf({ id: 92, slug: OTHER, name: 'Other Motors', url: 'https://www.other-motors.example', country: 'AU' });

const CONFIRM = `http://${SLUG}.localhost:4321/api/saved-searches/confirm?token=`;
const HOUR = 3_600_000;

describe('inboxKey', () => {
  it('is one key per inbox: lower-cased, without +tag, and for Gmail without dots, googlemail.com as gmail.com', () => {
    expect(inboxKey(' Victim+1@Gmail.com ')).toBe('victim@gmail.com');
    expect(inboxKey('v.i.c.t.i.m@gmail.com')).toBe('victim@gmail.com');
    expect(inboxKey('Vic.Tim+alerts@googlemail.com')).toBe('victim@gmail.com');
    expect(inboxKey('first.last+shop@example.com')).toBe('first.last@example.com');
    expect(inboxKey('Name+a+b@Example.COM')).toBe('name@example.com');
    // Dots are the name elsewhere; a name that is only a tag stays as it is.
    expect(inboxKey('a.b@example.com')).not.toBe(inboxKey('ab@example.com'));
    expect(inboxKey('+tag@example.com')).toBe('+tag@example.com');
    expect(inboxKey('not-an-address')).toBe('not-an-address');
  });
});

describe.each(testDatabases)('saved searches a stranger cannot abuse, on $label', (database) => {
  let t: TestDb;
  let f: AlertFixture;
  beforeEach(async () => {
    t = await database.open();
    f = await alertFixture(t.db, [stockCar(1)], { dealers: [alertDealer([stockCar(1)]), otherDealer()] });
  });
  afterEach(async () => {
    await f.cleanup();
    await t.cleanup();
  });

  const save = (body: Record<string, unknown>, headers: Record<string, string> = {}, app = f.app) =>
    app.fetch(saveRequest({ query: 'make=Toyota', ...body }, headers));
  const post = (url: string) => f.app.fetch(new Request(url, { method: 'POST' }));
  const get = (url: string) => f.app.fetch(new Request(url));
  const searchRow = async () =>
    (
      await t.db.query<{
        consent: string | null;
        link_origin: string;
        page_path: string;
        last_activity_at: string;
        confirmed_at: string | null;
      }>(
        `SELECT consent, link_origin, page_path, last_activity_at::text, confirmed_at::text FROM saved_searches
         WHERE email_key = 'shopper@example.com'`,
      )
    ).rows[0]!;

  it(`sends at most ${PER_EMAIL_PER_HOUR} confirmation emails to one inbox however its +tag is spelled`, async () => {
    const answers: Response[] = [];
    for (let i = 1; i <= 13; i++) answers.push(await save({ email: `victim+${i}@gmail.com` }));
    expect(await mails(f.dataDir)).toHaveLength(PER_EMAIL_PER_HOUR);
    expect(answers.map((r) => r.status)).toEqual([
      ...Array<number>(PER_EMAIL_PER_HOUR).fill(202),
      ...Array<number>(13 - PER_EMAIL_PER_HOUR).fill(429),
    ]);
    const refused = answers.at(-1)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /already sent several confirmation emails to this address/,
    );
    // Another domain's +tags too; and an hour later the inbox may be asked again.
    for (let i = 1; i <= 5; i++) await save({ email: `Shopper+${i}@Example.com` });
    expect((await mails(f.dataDir)).length).toBe(2 * PER_EMAIL_PER_HOUR);
    f.clock.now = new Date(f.clock.now.getTime() + 2 * HOUR);
    expect((await save({ email: 'victim+14@gmail.com' })).status).toBe(202);
  });

  it('counts Gmail’s dot and googlemail.com spellings as one inbox', async () => {
    const spellings = ['victim@gmail.com', 'v.ictim@gmail.com', 'Vic.Tim@googlemail.com', 'v.i.c.t.i.m+x@gmail.com'];
    const statuses: number[] = [];
    for (const email of spellings) statuses.push((await save({ email })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect(await mails(f.dataDir)).toHaveLength(PER_EMAIL_PER_HOUR);
  });

  it('caps the confirmation emails of one site an hour, with 429 and Retry-After', async () => {
    expect(confirmationsPerSiteOf(f.deps)).toEqual({ max: 200, windowMs: HOUR });
    // The setting is emails an hour, as its name says.
    expect(
      rateLimitsFromEnv({ RATE_LIMIT_SAVED_SEARCH_CONFIRMATIONS_PER_SITE: '50' }).savedSearchConfirmationsPerSite,
    ).toEqual({
      max: 50,
      windowMs: HOUR,
    });
    const capped = createApp({
      ...f.deps,
      rateLimits: { ...f.deps.rateLimits, savedSearchConfirmationsPerSite: { max: 3, windowMs: HOUR } },
    });
    const answers: Response[] = [];
    for (let i = 0; i < 5; i++) answers.push(await save({ email: `p${i}@example.com` }, {}, capped));
    expect(answers.map((r) => r.status)).toEqual([202, 202, 202, 429, 429]);
    expect(await mails(f.dataDir)).toHaveLength(3);
    const refused = answers.at(-1)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /This site has sent too many confirmation emails/,
    );
    // Another dealer's site is not held up by this one's.
    const other = await capped.fetch(
      new Request(`http://${OTHER}.localhost/api/saved-searches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://${OTHER}.localhost:4321` },
        body: JSON.stringify({ email: 'p9@example.com', query: '', page: '/used-cars' }),
      }),
    );
    expect(other.status).toBe(202);
  });

  it('leaves a confirmed search as it is when it is saved again, and emails its address a link that applies the new save', async () => {
    const first = await save({ email: 'Shopper@example.com', consent: 'Consent A' });
    const firstBody = await first.json();
    const [confirmation] = await mails(f.dataDir);
    expect((await post(linkIn(confirmation!.mail.text!, CONFIRM))).status).toBe(200);
    const confirmed = await searchRow();
    expect(confirmed.consent).toBe('Consent A');

    // A day later, someone saves the same search for the address, from the dealer's other origin.
    f.clock.now = new Date(f.clock.now.getTime() + 24 * HOUR);
    const again = await save(
      { email: 'shopper@EXAMPLE.com', consent: 'Consent B', page: '/new-cars' },
      { origin: 'https://alert-motors.example' },
    );
    // The answer says nothing of whether the address had the search.
    expect(again.status).toBe(first.status);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(await again.json()).toEqual(firstBody);
    expect(await searchRow()).toEqual(confirmed);

    const sent = await mails(f.dataDir);
    expect(sent).toHaveLength(2);
    const change = sent[1]!;
    expect(change.to).toBe('shopper@example.com');
    expect(change.mail.subject).toBe('Update your car alert from Alert Motors & Sons?');
    const link = linkIn(change.mail.text!, 'https://alert-motors.example/api/saved-searches/confirm?token=');
    expect(change.mail.html).toContain(link);

    // Opening the link shows what the button agrees to, and changes nothing.
    const page = await get(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Update this car alert?');
    expect(html).toContain('Consent B');
    expect(await searchRow()).toEqual(confirmed);

    // The button applies the new save, as the address's own act.
    f.clock.now = new Date(f.clock.now.getTime() + HOUR);
    const applied = await post(link);
    expect(applied.status).toBe(200);
    expect(await applied.text()).toContain('Your car alert is updated');
    const changed = await searchRow();
    expect(changed).toMatchObject({
      consent: 'Consent B',
      page_path: '/new-cars',
      link_origin: 'https://alert-motors.example',
      confirmed_at: confirmed.confirmed_at,
    });
    expect(new Date(changed.last_activity_at).getTime()).toBe(f.clock.now.getTime());
    // What the address agreed to, and when: the consent it confirmed with, then the change.
    const { rows: history } = await t.db.query<{ consent: string; via: string; agreed_at: string }>(
      'SELECT consent, via, agreed_at::text FROM saved_search_consents ORDER BY id',
    );
    expect(history.map((h) => [h.consent, h.via])).toEqual([
      ['Consent A', 'confirm'],
      ['Consent B', 'change'],
    ]);
    expect(new Date(history[0]!.agreed_at).getTime()).toBe(new Date(confirmed.confirmed_at!).getTime());
    // The link is used up.
    expect((await post(link)).status).toBe(404);
  });

  it('confirms a search with the save that sent the link, not with what a later save wrote', async () => {
    await save({ email: 'shopper@example.com', consent: 'Consent A' });
    await save({ email: 'shopper@example.com', consent: 'Consent X', page: '/elsewhere' });
    const [first] = await mails(f.dataDir);
    expect((await post(linkIn(first!.mail.text!, CONFIRM))).status).toBe(200);
    expect(await searchRow()).toMatchObject({ consent: 'Consent A', page_path: '/used-cars' });
  });

  it('answers a link of one dealer on another dealer’s site as an unknown link, and does nothing', async () => {
    await save({ email: 'shopper@example.com' });
    const [confirmation] = await mails(f.dataDir);
    const token = new URL(linkIn(confirmation!.mail.text!, CONFIRM)).searchParams.get('token')!;
    const { rows } = await t.db.query<{ id: string }>('SELECT id::text FROM saved_searches');
    const unsubscribe = await issueToken(t.db, rows[0]!.id, 'unsubscribe', f.clock.now);
    const unknown = 'A'.repeat(43);

    const elsewhere = [
      `http://${OTHER}.localhost`,
      'https://www.other-motors.example',
      // An address that names no dealer, with the other dealer named.
      `http://127.0.0.1:8787`,
    ];
    for (const base of elsewhere) {
      const q = base.startsWith('http://127.') ? `&site=${OTHER}` : '';
      for (const open of [get, post]) {
        const res = await open(`${base}/api/saved-searches/confirm?token=${token}${q}`);
        const known = await open(`${base}/api/saved-searches/confirm?token=${unknown}${q}`);
        expect(res.status, `${base} confirm`).toBe(404);
        expect(await res.text()).toBe(await known.text());
      }
      const page = await get(`${base}/api/saved-searches/unsubscribe?token=${unsubscribe}${q}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('This link no longer works');
      // The one-click POST answers a link it does not know as "unsubscribed" (a second click):
      // so it answers this one, deleting nothing.
      const gone = await post(`${base}/api/saved-searches/unsubscribe?token=${unsubscribe}${q}`);
      const goneUnknown = await post(`${base}/api/saved-searches/unsubscribe?token=${unknown}${q}`);
      expect(gone.status).toBe(goneUnknown.status);
      expect(await gone.text()).toBe(await goneUnknown.text());
    }
    expect(await searchRow()).toMatchObject({ confirmed_at: null });
    expect((await t.db.query('SELECT 1 FROM saved_searches')).rows).toHaveLength(1);

    // On its own site the same links work.
    expect((await post(`http://${SLUG}.localhost/api/saved-searches/confirm?token=${token}`)).status).toBe(200);
    expect((await searchRow()).confirmed_at).not.toBeNull();
    expect(
      (await post(`http://127.0.0.1:8787/api/saved-searches/unsubscribe?token=${unsubscribe}&site=${SLUG}`)).status,
    ).toBe(200);
    expect((await t.db.query('SELECT 1 FROM saved_searches')).rows).toHaveLength(0);
  });

  it('answers a change link of one dealer on another dealer’s site as an unknown link, and changes nothing', async () => {
    await save({ email: 'shopper@example.com', consent: 'Consent A' });
    const [confirmation] = await mails(f.dataDir);
    await post(linkIn(confirmation!.mail.text!, CONFIRM));
    await save({ email: 'shopper@example.com', consent: 'Consent B' });
    const change = (await mails(f.dataDir))[1]!;
    const token = new URL(linkIn(change.mail.text!, CONFIRM)).searchParams.get('token')!;
    const before = await searchRow();
    const res = await post(`http://${OTHER}.localhost/api/saved-searches/confirm?token=${token}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This link no longer works');
    expect(await searchRow()).toEqual(before);
    expect((await post(`http://${SLUG}.localhost/api/saved-searches/confirm?token=${token}`)).status).toBe(200);
    expect((await searchRow()).consent).toBe('Consent B');
  });
});
