/**
 * A dealer, its stock and an API with a file mailer, for the saved-search tests
 * (tests/unit/alerts/*): saving a search as the stock page does, reading the .eml files written,
 * following their links.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createApp } from '../../src/api/app.ts';
import type { ApiDeps, Db } from '../../src/api/core/deps.ts';
import { fileMailer, mailDir, type Mailer } from '../../src/api/mail/mailer.ts';
import { indexDealer } from '../../src/features/search/server/index-content.ts';
import { applyStockFeed } from '../../src/features/stock/server/import.ts';
import type { Car } from '../../src/content/entities.ts';
import type { DealerContent } from '../../src/content/load.ts';
import { dealerOf } from './dealer-content.ts';
import { testDeps } from './db.ts';

export const SLUG = 'alert-motors';
export const ORIGIN = 'https://www.alert-motors.example';

export function stockCar(n: number, extra: Partial<Car> = {}): Car {
  return {
    id: `c${n}`,
    name: `2021 Toyota Corolla ${n}`,
    slug: `2021-toyota-corolla-${n}`,
    make: 'Toyota',
    model: 'Corolla',
    badge: 'Ascent Sport',
    year: 2021,
    km: 20_000 + n,
    price: 25_000 + n,
    price_qualifier: 'drive_away',
    photos: [`/photos/car-${n}.jpg`],
    photos_count: 1,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + n,
    features: [],
    stock_number: `S${n}`,
    ...extra,
  } as Car;
}

export function alertDealer(cars: Car[]): DealerContent {
  return dealerOf(
    {
      id: 91,
      slug: SLUG,
      name: 'Alert Motors & Sons',
      url: ORIGIN,
      country: 'AU',
      logo: { url: '/images/logo.svg' },
      theme: { primaryColor: '#0b5fff' },
    },
    { cars },
  );
}

export interface AlertFixture {
  dealer: DealerContent;
  deps: ApiDeps;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  mailer: Mailer;
  /** Mutable clock of deps.now(). */
  clock: { now: Date };
  cleanup(): Promise<void>;
}

export async function alertFixture(db: Db, cars: Car[], overrides: Partial<ApiDeps> = {}): Promise<AlertFixture> {
  const dealer = alertDealer(cars);
  await indexDealer(db, dealer);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'alerts-'));
  const mailer = fileMailer(dataDir);
  const clock = { now: new Date('2026-03-01T00:00:00Z') };
  const deps = await testDeps(db, {
    dealers: [dealer],
    now: () => clock.now,
    mailer,
    mailFrom: () => 'alerts@alert-motors.example',
    ...overrides,
  });
  return {
    dealer,
    deps,
    app: createApp(deps),
    dataDir,
    mailer,
    clock,
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** POST /api/saved-searches as the stock page's island sends it. */
export function saveRequest(body: Record<string, unknown>, headers: Record<string, string> = {}): Request {
  return new Request(`http://${SLUG}.localhost/api/saved-searches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://${SLUG}.localhost:4321`, ...headers },
    body: JSON.stringify({ page: '/used-cars', ...body }),
  });
}

/** The .eml files of the dealer, oldest first, parsed. */
export async function mails(dataDir: string): Promise<{ file: string; raw: string; to: string; mail: ParsedMail }[]> {
  const dir = mailDir(dataDir, SLUG);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (f) => {
      const raw = await readFile(path.join(dir, f), 'utf8');
      const mail = await simpleParser(raw);
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((a) => a.text).join(', ');
      return { file: path.join(dir, f), raw, to: to.toLowerCase(), mail };
    }),
  );
}

/** The first link of `text` that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const found = text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`no link ${prefix}… in:\n${text}`);
  return found;
}

/** Applies a full feed of `cars` (forced: the tests replace stock freely). */
export async function importCars(db: Db, dealer: DealerContent, cars: Car[], at: Date): Promise<void> {
  await applyStockFeed(db, dealer, { mode: 'full', cars, skipped: 0 }, { source: 'cli', force: true, now: at });
}

/** A confirmed search of `email`, written as the confirmation leaves it (no cars known yet). */
export async function confirmedSearch(db: Db, email: string, query: string, at: Date): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO saved_searches (site_slug, email, email_key, query, filters, page_path, link_origin, created_at,
       confirmed_at, last_activity_at)
     VALUES ($1, $2, $3, $4, '', '/used-cars', $5, $6, $6, $6) RETURNING id::text`,
    [SLUG, email, email.toLowerCase(), query, ORIGIN, at.toISOString()],
  );
  return rows[0]!.id;
}

/**
 * `db` with faults: `before(sql)` runs before each statement (throw to fail it), `beforeCommit`
 * after a transaction's work and before its commit (stop the server there, or throw).
 */
export function withFaults(
  db: Db,
  faults: { before?: (sql: string) => Promise<void> | void; beforeCommit?: () => Promise<void> | void },
): Db {
  const wrap = (d: Db): Db => ({
    parallel: d.parallel,
    async query<T>(sql: string, params?: unknown[]) {
      await faults.before?.(sql);
      return d.query<T>(sql, params);
    },
    transaction: (fn) =>
      d.transaction(async (tx) => {
        const result = await fn(wrap(tx));
        await faults.beforeCommit?.();
        return result;
      }),
    close: () => d.close(),
  });
  return wrap(db);
}
