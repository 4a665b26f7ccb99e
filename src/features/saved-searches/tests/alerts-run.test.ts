/**
 * The alert run (src/features/saved-searches/server/run.ts) on both databases: after stock imports, a confirmed
 * search is emailed the cars that match it and are new to it, and the price drops of cars it
 * knows; at most one email a day per search, what accumulated in the day sent by the next run;
 * never the same car or price twice; nothing for an unconfirmed search. The email is real
 * multipart/alternative with text and HTML, escaped, with the RFC 8058 unsubscribe headers. It
 * goes through the mail outbox: a mailer that fails has it sent by a later delivery, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAlerts, newsOf, toldPrice, type AlertDeps } from '../server/run.ts';
import { matchingCars } from '../server/search.ts';
import { alertEmail } from '../server/email.ts';
import type { SavedSearchRow } from '../server/store.ts';
import { fixtureDealer } from '../../../../tests/helpers/render.ts';
import { carHit } from '../../search/rules/cars-search.ts';
import { testDatabases, type TestDb } from '../../../../tests/helpers/db.ts';
import {
  alertFixture,
  importCars,
  linkIn,
  mails,
  saveRequest,
  SLUG,
  stockCar,
  type AlertFixture,
} from '../../../../tests/helpers/alerts.ts';

const HOUR = 3_600_000;

describe.each(testDatabases)('saved-search alerts on $label', (database) => {
  let t: TestDb;
  let f: AlertFixture;
  let deps: AlertDeps;
  const toyota1 = stockCar(1);
  const mazda = stockCar(2, { make: 'Mazda', model: 'CX-5', name: '2021 Mazda CX-5' });
  let stock = [toyota1, mazda];

  beforeAll(async () => {
    t = await database.open();
    f = await alertFixture(t.db, stock);
    deps = {
      db: t.db,
      dealers: f.deps.dealers,
      mailer: f.mailer,
      now: f.deps.now,
      mailFrom: () => 'a@alert-motors.example',
    };
  });
  afterAll(async () => {
    await f.cleanup();
    await t.cleanup();
  });

  const later = (ms: number) => {
    f.clock.now = new Date(f.clock.now.getTime() + ms);
  };
  const alertMails = async () =>
    (await mails(f.dataDir)).filter((m) => m.mail.subject && !m.mail.subject.startsWith('Confirm'));
  const restock = async (cars: typeof stock) => {
    stock = cars;
    await importCars(t.db, f.dealer, cars, f.clock.now);
  };

  it('matches a saved search as the stock page does (facets, ranges, text), through the search index', async () => {
    const ids = async (query: string) => (await matchingCars(t.db, SLUG, query, '')).map((h) => h.objectID).sort();
    expect(await ids('make=Toyota')).toEqual(['c1']);
    expect(await ids('make=Toyota&make=Mazda')).toEqual(['c1', 'c2']);
    expect(await ids('price=25002:30000')).toEqual(['c2']);
    expect(await ids('q=cx-5')).toEqual(['c2']);
    expect(await ids('make=Toyota&price=0:20000')).toEqual([]);
    expect((await matchingCars(t.db, SLUG, '', 'make:"Mazda"')).map((h) => h.objectID)).toEqual(['c2']);
  });

  it('sends nothing for an unconfirmed search, and nothing for cars that matched when it was saved', async () => {
    expect((await f.app.fetch(saveRequest({ email: 'buyer@example.com', query: 'make=Toyota' }))).status).toBe(202);
    await restock([...stock, stockCar(3)]);
    expect(await runAlerts(deps)).toMatchObject({ checked: 0, sent: 0 });
    const [confirm] = await mails(f.dataDir);
    const link = new URL(
      linkIn(confirm!.mail.text!, `http://${SLUG}.localhost:4321/api/saved-searches/confirm?token=`),
    );
    const url = `http://${SLUG}.localhost${link.pathname}${link.search}`;
    expect((await f.app.fetch(new Request(url, { method: 'POST' }))).status).toBe(200);
  });

  it('emails the new matching car once confirmed: photo, title, price with qualifier, link, unsubscribe headers', async () => {
    const report = await runAlerts(deps);
    expect(report).toMatchObject({ checked: 1, sent: 1, arrived: 1, dropped: 0, failed: 0 });
    const [alert] = await alertMails();
    const { mail, raw } = alert!;
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(mail.subject).toBe('A new car matches your search at Alert Motors & Sons');
    const unsubscribe = /^List-Unsubscribe:\s*<([^>]+)>\r$/m.exec(raw)?.[1] ?? '';
    expect(unsubscribe).toMatch(
      new RegExp(`^http://${SLUG}\\.localhost:4321/api/saved-searches/unsubscribe\\?token=[\\w-]{43}$`),
    );
    expect((mail.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url).toBe(unsubscribe);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(mail.text).toContain('2021 Toyota Corolla Ascent Sport');
    expect(mail.text).toContain('$25,003 Drive away');
    expect(mail.text).toContain(`http://${SLUG}.localhost:4321/cars/2021-toyota-corolla-3`);
    expect(mail.text).not.toContain('corolla-1');
    expect(mail.html).toContain(`src="http://${SLUG}.localhost:4321/photos/car-3.jpg"`);
    expect(mail.html).toContain('Alert Motors &amp; Sons');
    expect(mail.html).toContain('#0b5fff');
    expect(mail.html).toContain(unsubscribe);
    const { rows } = await t.db.query<{ kind: string; cars: unknown }>(
      `SELECT kind, cars FROM saved_search_mail WHERE kind = 'alert'`,
    );
    expect(rows).toEqual([{ kind: 'alert', cars: [{ id: 'c3', price: 25_003 }] }]);
  });

  it('waits a day before the next email, then sends what accumulated; never a car or a price twice', async () => {
    later(HOUR);
    await restock([...stock.map((c) => (c.id === 'c1' ? { ...c, price: 24_000 } : c)), stockCar(4)]);
    expect(await runAlerts(deps)).toMatchObject({ checked: 0, sent: 0 });
    later(12 * HOUR);
    await restock([...stock, stockCar(5, { price: 1_000_000 })]);
    expect(await runAlerts(deps)).toMatchObject({ sent: 0 });
    later(11 * HOUR + 1);
    const report = await runAlerts(deps);
    expect(report).toMatchObject({ sent: 1, arrived: 2, dropped: 1 });
    const last = (await alertMails()).at(-1)!.mail;
    expect(last.subject).toBe('3 updates on your search at Alert Motors & Sons');
    expect(last.text).toMatch(
      /New arrivals[\s\S]*corolla-5[\s\S]*corolla-4[\s\S]*Price drops[\s\S]*\$24,000 Drive away \(was \$25,001\)/,
    );
    // A day later with nothing new, nothing is sent; the same price again is no drop.
    later(25 * HOUR);
    await restock(stock.map((c) => (c.id === 'c1' ? { ...c, price: 26_000 } : c)));
    await restock(stock.map((c) => (c.id === 'c1' ? { ...c, price: 24_000 } : c)));
    expect(await runAlerts(deps)).toMatchObject({ checked: 1, sent: 0 });
    // A lower one is.
    await restock(stock.map((c) => (c.id === 'c1' ? { ...c, price: 23_500 } : c)));
    expect(await runAlerts(deps)).toMatchObject({ sent: 1, arrived: 0, dropped: 1 });
    expect((await alertMails()).at(-1)!.mail.subject).toBe('A price drop on your search at Alert Motors & Sons');
    expect(await alertMails()).toHaveLength(3);
  });

  it('keeps the email in the mail outbox when the mailer fails, and a later delivery sends it once', async () => {
    later(25 * HOUR);
    await restock([...stock, stockCar(6)]);
    const failing: AlertDeps = {
      ...deps,
      mailer: { describe: 'down', send: () => Promise.reject(new Error('SMTP down')) },
    };
    const failed = await runAlerts(failing);
    expect(failed).toMatchObject({ sent: 1, arrived: 1, failed: 0, mail: { claimed: 1, sent: 0, retrying: 1 } });
    expect(failed.errors[0]).toContain('SMTP down');
    // The search is claimed and its cars told: the next run queues nothing, the mail waits a minute.
    const before = (await alertMails()).length;
    expect(await runAlerts(deps)).toMatchObject({ checked: 0, sent: 0, mail: { claimed: 0 } });
    later(60_000);
    expect(await runAlerts(deps)).toMatchObject({ sent: 0, mail: { claimed: 1, sent: 1 } });
    expect(await alertMails()).toHaveLength(before + 1);
    expect((await alertMails()).at(-1)!.mail.text).toContain('corolla-6');
    later(60 * 60_000);
    expect(await runAlerts(deps)).toMatchObject({ sent: 0, mail: { claimed: 0 } });
  });

  it('escapes what the stock says in the HTML', async () => {
    later(25 * HOUR);
    await restock([...stock, stockCar(7, { badge: '<img src=x onerror=alert(1)>' })]);
    await runAlerts(deps);
    const { mail } = (await alertMails()).at(-1)!;
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('what is news to a search', () => {
  const hit = (id: number, price: number) => carHit(stockCar(id, { price }));
  it('is a car it has not seen, or a known car below the lowest price it knew', () => {
    const known = new Map<string, number | null>([
      ['c1', 20_000],
      ['c2', null],
      ['c3', 30_000],
    ]);
    const news = newsOf([hit(1, 19_999), hit(2, 10_000), hit(3, 30_000), hit(4, 5)], known);
    expect(news.arrived.map((c) => c.hit.objectID)).toEqual(['c4']);
    expect(news.dropped.map((c) => [c.hit.objectID, c.was])).toEqual([['c1', 20_000]]);
  });

  it('knows a car at the price its card shows, and never takes price on application for a drop to $0', () => {
    const known = new Map<string, number | null>([
      ['c1', 33_990],
      ['c2', 25_000],
      ['c3', null],
    ]);
    const news = newsOf(
      [
        // Drive-away unchanged, a lower bare price: no drop; the card still says $33,990.
        carHit(stockCar(1, { price: 30_990, price_drive_away: 33_990 })),
        carHit(stockCar(2, { price: 0, price_on_application: true })),
        // Was price on application, now priced: not a drop from anything.
        carHit(stockCar(3, { price: 10_000 })),
      ],
      known,
    );
    expect(news.dropped).toEqual([]);
    expect(toldPrice(carHit(stockCar(1, { price: 30_990, price_drive_away: 33_990 })))).toBe(33_990);
    expect(toldPrice(carHit(stockCar(2, { price: 0, price_on_application: true })))).toBeNull();
    const drop = newsOf([carHit(stockCar(1, { price: 30_990, price_drive_away: 32_990 }))], known);
    expect(drop.dropped.map((c) => [c.hit.objectID, c.was])).toEqual([['c1', 33_990]]);
  });

  it('emails "Price on application" for a POA car, never $0', async () => {
    const poa = carHit(stockCar(5, { price: 0, price_on_application: true }));
    const search: SavedSearchRow = {
      id: '1',
      site_slug: SLUG,
      email: 'sam@example.com',
      email_key: 'k',
      query: '',
      filters: '',
      page_path: '/used-cars',
      link_origin: 'https://www.alert-motors.example',
      created_at: '2025-01-01T00:00:00Z',
      confirmed_at: '2025-01-01T00:00:00Z',
      last_alert_at: null,
    };
    const mail = alertEmail(
      await fixtureDealer(),
      search,
      { arrived: [{ hit: poa }], dropped: [] },
      'tok',
      'alerts@example.com',
    );
    expect(mail.text).toContain('Price on application');
    expect(mail.html).toContain('Price on application');
    expect(`${mail.text}${mail.html}`).not.toMatch(/\$0\b/);
  });
});
