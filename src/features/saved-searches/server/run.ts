/**
 * The alert run: for each confirmed saved search of a dealer that has had no alert for a day, the
 * cars that match it now (the stock page's own search, search.ts) are compared with the cars it
 * knows (saved_search_cars): cars it has never seen are new arrivals, known cars below the lowest
 * price it has known are price drops. If there is either, one email names them all; then the
 * search knows them at those prices, so no car and no price is ever told twice. A search with
 * nothing new keeps waiting, and what arrives meanwhile is told by the first run after its day.
 *
 * Runs after a stock import (npm start: `scheduleAlerts`, within a minute) and from the scheduled
 * entry of the serverless platforms (runtime.ts deliver()). Two instances may run at once: in one
 * transaction a search is claimed (its last_alert_at set), the cars told recorded and the email
 * written to the mail outbox (mail/outbox.ts), so only one instance queues it, and a database
 * fault before the commit queues nothing and claims nothing. The outbox then sends it, at most
 * once; a mail server that fails has it sent by a later delivery, never a day later.
 */
import type { DealerContent } from '../../../content/load.ts';
import type { CarHit } from '../../search/rules/cars-search.ts';
import { headlinePrice } from '../../../domain/car-prices.ts';
import { plural } from '../../../lib/text.ts';
import type { Db } from '../../../api/core/deps.ts';
import { describeError } from '../../../api/db/errors.ts';
import type { Mailer } from '../../../api/mail/mailer.ts';
import { deliverMail, enqueueMail, type MailDeliverReport } from '../../../api/mail/outbox.ts';
import { alertEmail, type AlertCar } from './email.ts';
import { recordMail } from './mail-log.ts';
import { matchingCars } from './search.ts';
import { issueToken, type SavedSearchRow } from './store.ts';

/** At most one alert per search in this long. */
export const ALERT_EVERY_MS = 24 * 60 * 60_000;
/** How long after a dealer's import its alerts run (imports in that time are run once). */
export const ALERT_DELAY_MS = 20_000;

export interface AlertDeps {
  db: Db;
  dealers: DealerContent[];
  mailer: Mailer;
  now: () => Date;
  /** The sender address of a dealer's emails. */
  mailFrom: (dealer: DealerContent) => string;
  /** false: leave the queued emails to the caller's deliverMail (by default the run sends them). */
  deliver?: boolean;
}

export interface AlertReport {
  /** Searches looked at (confirmed, and without an alert for a day). */
  checked: number;
  /**
   * Alert emails queued (the search claimed, its cars and the email recorded): sent by the
   * delivery that ends the run (`mail`), or, if the mail server fails, by a later one.
   */
  sent: number;
  arrived: number;
  dropped: number;
  /** Searches whose alert could not be queued (a database fault): nothing claimed, tried again on the next run. */
  failed: number;
  errors: string[];
  /** The mail delivery at the end of the run. */
  mail?: MailDeliverReport;
}

export const emptyAlertReport = (): AlertReport => ({
  checked: 0,
  sent: 0,
  arrived: 0,
  dropped: 0,
  failed: 0,
  errors: [],
});

const SEARCH_COLUMNS = `id::text, site_slug, email, email_key, query, filters, page_path, link_origin,
  created_at::text, confirmed_at::text, last_alert_at::text`;

/**
 * The price a search knows a car at: the one its card and page show first (the drive-away price
 * where the stock has it), or null for a price on application car, which is never a price drop
 * nor makes the next price look like one.
 */
export function toldPrice(hit: CarHit): number | null {
  const amount = headlinePrice(hit)?.amount;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
}

/** What is news for one search: cars it has not seen, and known cars cheaper than it knew them. */
export function newsOf(
  hits: CarHit[],
  known: Map<string, number | null>,
): { arrived: AlertCar[]; dropped: AlertCar[] } {
  const arrived: AlertCar[] = [];
  const dropped: AlertCar[] = [];
  for (const hit of hits) {
    if (!known.has(hit.objectID)) arrived.push({ hit });
    else {
      const was = known.get(hit.objectID);
      const now = toldPrice(hit);
      if (typeof was === 'number' && now !== null && now < was) dropped.push({ hit, was });
    }
  }
  return { arrived, dropped };
}

async function alertOne(deps: AlertDeps, dealer: DealerContent, search: SavedSearchRow, report: AlertReport) {
  const now = deps.now();
  const hits = await matchingCars(deps.db, dealer.slug, search.query, search.filters);
  const { rows } = await deps.db.query<{ car_id: string; price: string | null }>(
    'SELECT car_id, price::text FROM saved_search_cars WHERE search_id = $1',
    [search.id],
  );
  const known = new Map(rows.map((r) => [r.car_id, r.price === null ? null : Number(r.price)]));
  const news = newsOf(hits, known);
  if (!news.arrived.length && !news.dropped.length) return;
  const told = [...news.arrived, ...news.dropped];
  const cars = told.map((c) => ({
    id: c.hit.objectID,
    price: toldPrice(c.hit),
    ...(c.was !== undefined ? { was: c.was } : {}),
  }));
  const cutoff = new Date(now.getTime() - ALERT_EVERY_MS).toISOString();
  // One transaction: the claim, the cars told, the record and the email in the outbox. Another
  // instance running now finds the search taken and leaves it; a fault before the commit leaves
  // the search unclaimed, so the next run (not a day later) tries again.
  const queued = await deps.db.transaction(async (tx) => {
    const claimed = await tx.query(
      `UPDATE saved_searches SET last_alert_at = $2 WHERE id = $1 AND confirmed_at IS NOT NULL
         AND (last_alert_at IS NULL OR last_alert_at <= $3::timestamptz) RETURNING id`,
      [search.id, now.toISOString(), cutoff],
    );
    if (!claimed.rows.length) return false;
    const token = await issueToken(tx, search.id, 'unsubscribe', now);
    await tx.query(
      `INSERT INTO saved_search_cars (search_id, car_id, price, first_seen, told_at)
       SELECT $1, x.id, x.price, $2, $2 FROM jsonb_to_recordset($3::jsonb) AS x(id text, price numeric)
       ON CONFLICT (search_id, car_id) DO UPDATE
         SET price = LEAST(saved_search_cars.price, EXCLUDED.price), told_at = EXCLUDED.told_at`,
      [search.id, now.toISOString(), JSON.stringify(cars.map((c) => ({ id: c.id, price: c.price })))],
    );
    await recordMail(tx, { search, kind: 'alert', now, cars });
    await enqueueMail(
      tx,
      {
        site: dealer.slug,
        kind: 'alert',
        key: `alert:${search.id}:${now.toISOString()}`,
        message: alertEmail(dealer, search, news, token, deps.mailFrom(dealer)),
        meta: { search: search.id, cars },
      },
      now,
    );
    return true;
  });
  if (!queued) return;
  report.sent++;
  report.arrived += news.arrived.length;
  report.dropped += news.dropped.length;
}

/** Runs the alerts of `slugs` (every dealer when undefined). Never throws for one search's failure. */
export async function runAlerts(deps: AlertDeps, slugs?: string[]): Promise<AlertReport> {
  const report = emptyAlertReport();
  const now = deps.now();
  const dealers = slugs ? deps.dealers.filter((d) => slugs.includes(d.slug)) : deps.dealers;
  if (!dealers.length) return report;
  const { rows } = await deps.db.query<SavedSearchRow>(
    `SELECT ${SEARCH_COLUMNS} FROM saved_searches
     WHERE site_slug = ANY($1::text[]) AND confirmed_at IS NOT NULL
       AND (last_alert_at IS NULL OR last_alert_at <= $2::timestamptz)
     ORDER BY id`,
    [dealers.map((d) => d.slug), new Date(now.getTime() - ALERT_EVERY_MS).toISOString()],
  );
  const bySlug = new Map(dealers.map((d) => [d.slug, d]));
  for (const search of rows) {
    report.checked++;
    try {
      await alertOne(deps, bySlug.get(search.site_slug)!, search, report);
    } catch (e) {
      // Nothing was claimed: the next run tries again.
      report.failed++;
      report.errors.push(`Alert for saved search ${search.id} of ${search.site_slug} failed: ${describeError(e)}`);
    }
  }
  // The emails just queued, and any other mail due (one a failed send left for a retry).
  if (deps.deliver !== false) {
    report.mail = await deliverMail({ db: deps.db, mailer: deps.mailer, now: deps.now });
    report.errors.push(...report.mail.errors);
  }
  return report;
}

/** One log line of a run, or '' when it sent nothing and nothing failed. */
export function describeAlerts(r: AlertReport): string {
  if (!r.sent && !r.failed) return '';
  return (
    `Saved-search alerts: ${plural(r.sent, 'email')} queued (${plural(r.arrived, 'new car')}, ${plural(r.dropped, 'price drop')})` +
    (r.mail ? `, ${r.mail.sent} sent` : '') +
    (r.failed ? `, ${r.failed} failed and will be tried again` : '')
  );
}

/**
 * Runs a dealer's alerts ALERT_DELAY_MS after its stock changed: imports in the meantime join
 * that run. `idle()` resolves when nothing is waiting or running (tests, shutting down).
 */
export function alertScheduler(
  run: (slug: string) => Promise<void>,
  delayMs: number = ALERT_DELAY_MS,
): { schedule(slug: string): void; idle(): Promise<void>; close(): void } {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  return {
    schedule(slug) {
      if (timers.has(slug)) return;
      const timer = setTimeout(() => {
        timers.delete(slug);
        const p = run(slug).finally(() => running.delete(p));
        running.add(p);
      }, delayMs);
      timer.unref();
      timers.set(slug, timer);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
    close() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
