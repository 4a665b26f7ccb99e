/**
 * What a stock feed does to a dealer's stock, worked out before anything is written: the rows to
 * write and the summary's counts (import.ts writes them). Pure but for reading the stock, which
 * is read a page at a time; long loops yield to the event loop now and then, so a feed of tens of
 * thousands of cars never holds up other requests for long.
 */
import { inferredAccount } from '../rules/account.ts';
import type { Column } from '../rules/columns.ts';
import { mergeFeedCar } from '../rules/to-car.ts';
import type { FeedCar, RowError } from '../rules/types.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { Db } from '../../../api/core/deps.ts';
import { breathe } from '../../search/server/index-rows.ts';
import { importingSites } from './store.ts';

export interface Existing {
  key: string;
  car: Car;
  position: number;
  withdrawn: boolean;
  withdrawnAt: string | null;
  /** False for a snapshot car that is not stock yet (before the dealer's first import). */
  stored: boolean;
}

/** A dealer's stock as an import starts from it. */
export interface Stock {
  cars: Map<string, Existing>;
  /** The dealer has applied no feed yet: its snapshot's cars are its stock. */
  first: boolean;
}

/** A stock row to write, and whether its car's search records change with it. */
export interface Write {
  stock_number: string;
  car: Car;
  position: number;
  withdrawn_at: string | null;
  /** False for a snapshot car becoming stock as it was: its search records are already right. */
  reindex: boolean;
}

export interface Plan {
  writes: Write[];
  /** Ids of snapshot cars that do not become stock (a stock number repeated in cars.json). */
  unlisted: string[];
  errors: RowError[];
  added: number;
  updated: number;
  unchanged: number;
  withdrawn: number;
  listedBefore: number;
  listedAfter: number;
}

export interface PlanInput {
  mode: 'full' | 'delta';
  cars: (FeedCar | Car)[];
  columns?: Column[];
  skippedStock?: string[];
}

/** A car's identity across feeds: its stock number, else (a snapshot car without one) its id. */
export function stockKeyOf(car: Pick<Car, 'stock_number' | 'id'>): string {
  return car.stock_number?.trim() || `#${car.id}`;
}

const listed = (car: Car) => (car.status ?? 'available') === 'available';
const isWholeCar = (row: FeedCar | Car): row is Car => 'slug' in row && 'id' in row;

/** Cars handled between two yields to the event loop. */
const SLICE = 100;
/** Stock rows read per statement. */
const PAGE = 1_000;

/** Key-order-independent JSON, to compare a car with its stored copy (jsonb reorders keys). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/**
 * The dealer's stock by stock number, read a page at a time. Before its first import: its
 * snapshot's cars (by stock number; one without is known by its id), under any stock rows an
 * unfinished first import left, so a retried import goes on from them.
 */
export async function existingStock(db: Db, dealer: DealerContent): Promise<Stock> {
  const out = new Map<string, Existing>();
  for (let after = ''; ;) {
    const { rows } = await db.query<{ stock_number: string; car: Car; position: number; withdrawn_at: string | null }>(
      `SELECT stock_number, car, position, withdrawn_at::text AS withdrawn_at FROM stock_cars
        WHERE site_slug = $1 AND stock_number > $2 ORDER BY stock_number LIMIT ${PAGE}`,
      [dealer.slug, after],
    );
    for (const r of rows)
      out.set(r.stock_number, {
        key: r.stock_number,
        car: r.car,
        position: r.position,
        withdrawn: !!r.withdrawn_at,
        withdrawnAt: r.withdrawn_at,
        stored: true,
      });
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.stock_number;
    await breathe();
  }
  const first = !(await importingSites(db, [dealer.slug])).has(dealer.slug);
  if (first)
    dealer.cars.forEach((car, position) => {
      const key = stockKeyOf(car);
      if (!out.has(key)) out.set(key, { key, car, position, withdrawn: false, withdrawnAt: null, stored: false });
    });
  return { cars: out, first };
}

/**
 * Ids and page addresses in use by a dealer's cars: a new car never takes one, whatever its stock
 * number (stock number "30002" beside a car of id 30002; "AB 12" beside "ab-12" of an earlier feed).
 */
class Identities {
  private readonly ids = new Set<string>();
  private readonly slugs = new Set<string>();
  constructor(cars: Iterable<Car>) {
    for (const c of cars) {
      this.ids.add(String(c.id));
      this.slugs.add(c.slug);
    }
  }
  /** `car` with an id and slug no other car has ("~x2", "-2" added as needed), now taken. */
  claim(car: Car): Car {
    let id = String(car.id);
    let slug = car.slug;
    for (let n = 2; this.ids.has(id); n++) id = `${car.id}~x${n}`;
    for (let n = 2; this.slugs.has(slug); n++) slug = `${car.slug}-${n}`;
    this.ids.add(id);
    this.slugs.add(slug);
    return id === String(car.id) && slug === car.slug ? car : { ...car, id, slug };
  }
}

/** The dealer's own account and tag of a car, left out when it has none. */
function classification(account: string | undefined, tag: Car['tag']): Partial<Pick<Car, 'account' | 'tag'>> {
  return { ...(account ? { account } : {}), ...(tag !== undefined ? { tag } : {}) };
}

/** What `feed` does to `existing` (the dealer's stock, existingStock) at `now`. */
export async function planFeed(dealer: DealerContent, stock: Stock, feed: PlanInput, now: Date): Promise<Plan> {
  const { cars: existing, first } = stock;
  // What the dealer's cars already listed say of accounts (src/features/stock/rules/account.ts): one
  // answer per location, as the known cars do not change while the feed is planned.
  const known = [...[...existing.values()].map((e) => e.car), ...dealer.cars];
  const accounts = new Map<string, string | undefined>();
  const accountAt = (car: Pick<Car, 'location_name'>) => {
    const where = car.location_name ?? '';
    if (!accounts.has(where)) accounts.set(where, inferredAccount(car, known));
    return accounts.get(where);
  };
  const identities = new Identities(known);
  const defaultAccount = dealer.site.stock?.default_account;
  const writes: Write[] = [];
  const errors: RowError[] = [];
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  const inFeed = new Set<string>();
  /** Stock numbers whose car is listed after this feed, and those listed before it. */
  const listedAfter = new Set<string>();
  let next = 0;
  for (const e of existing.values()) {
    if (!e.withdrawn && listed(e.car)) listedAfter.add(e.key);
    if (e.position >= next) next = e.position + 1;
  }
  const listedBefore = listedAfter.size;
  for (let i = 0; i < feed.cars.length; i++) {
    if (i % SLICE === SLICE - 1) await breathe();
    const row = feed.cars[i]!;
    const key = stockKeyOf(row as Car);
    // The feed parser reports a repeated stock number; should one arrive here, the first stands.
    if (inFeed.has(key)) continue;
    inFeed.add(key);
    const before = existing.get(key);
    let car: Car;
    if (isWholeCar(row)) {
      car = before
        ? {
            ...row,
            id: before.car.id,
            slug: before.car.slug,
            created_at_timestamp: before.car.created_at_timestamp,
            ...classification(row.account ?? before.car.account, before.car.tag),
          }
        : { ...row, ...classification(row.account ?? accountAt(row), undefined) };
    } else {
      const merged = mergeFeedCar(before?.car, row, {
        mode: feed.mode,
        columns: feed.columns,
        now: now.getTime(),
        locations: dealer.locations,
      });
      if ('lacks' in merged) {
        const where = row.where ?? {};
        errors.push({
          ...where,
          column: '',
          value: row.stock_number,
          stock_number: row.stock_number,
          reason: `is a car ${dealer.slug} does not have, and a new car needs make, model, year and a price (or POA): this row has no ${merged.lacks}`,
        });
        inFeed.delete(key);
        continue;
      }
      car = merged;
      if (!before && !car.account) {
        const account = defaultAccount ?? accountAt(car);
        if (account) car.account = account;
      }
    }
    // A withdrawn car comes back through a full feed that lists it, or a delta row that gives its
    // status; a delta row that changes only other values leaves it withdrawn.
    const stillWithdrawn = !!before?.withdrawn && feed.mode === 'delta' && !isWholeCar(row) && row.status === undefined;
    if (stillWithdrawn) car = { ...car, status: 'sold', sold_at: before.car.sold_at ?? now.toISOString() };
    if (!before) car = identities.claim(car);
    if (listed(car) && !stillWithdrawn) listedAfter.add(key);
    else listedAfter.delete(key);
    const position = feed.mode === 'full' ? i : (before?.position ?? next++);
    const withdrawnAt = stillWithdrawn ? before.withdrawnAt : null;
    if (!before) added++;
    else if (
      (!before.withdrawn || stillWithdrawn) &&
      before.position === position &&
      canonical(before.car) === canonical(car)
    ) {
      unchanged++;
      continue;
    } else updated++;
    writes.push({ stock_number: key, car, position, withdrawn_at: withdrawnAt, reindex: true });
  }
  let withdrawn = 0;
  if (feed.mode === 'full') {
    // A row the feed could not read leaves its car exactly as it was, never withdrawn for it.
    const kept = new Set(feed.skippedStock?.map((s) => s.trim()));
    let after = feed.cars.length;
    for (const e of existing.values()) {
      if (inFeed.has(e.key) || e.withdrawn || kept.has(e.key)) continue;
      if (listed(e.car)) withdrawn++;
      listedAfter.delete(e.key);
      // Kept, as sold, after the feed's cars.
      writes.push({
        stock_number: e.key,
        car: { ...e.car, status: 'sold', sold_at: e.car.sold_at ?? now.toISOString() },
        position: after++,
        withdrawn_at: now.toISOString(),
        reindex: true,
      });
    }
  }
  // The snapshot's cars become stock on the first import, whether the feed changed them or not.
  const written = new Set(writes.map((w) => w.stock_number));
  for (const e of existing.values())
    if (!e.stored && !written.has(e.key))
      writes.push({ stock_number: e.key, car: e.car, position: e.position, withdrawn_at: null, reindex: false });
  return {
    writes,
    unlisted: snapshotRepeats(dealer, existing, first),
    errors,
    added,
    updated,
    unchanged,
    withdrawn,
    listedBefore,
    listedAfter: listedAfter.size,
  };
}

/** Ids of the snapshot cars that a first import leaves out: an earlier car has their stock number. */
function snapshotRepeats(dealer: DealerContent, existing: Map<string, Existing>, first: boolean): string[] {
  if (!first) return [];
  return dealer.cars
    .filter((c) => String(existing.get(stockKeyOf(c))?.car.id) !== String(c.id))
    .map((c) => String(c.id));
}
