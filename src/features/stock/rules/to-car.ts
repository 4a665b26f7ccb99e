/**
 * A fed car as the dealer's Car (content format 1.3: the Car entity, and "Stock feed"): a new car
 * from its row, or a car the dealer has changed by its row. A full feed's row is the whole car for
 * the columns the feed has (a column it lacks leaves that value as it was); a delta row changes
 * only the values it gives. The id, slug, first-listed time, account and tag of a known car stay.
 */
import type { Car } from '../../../content/entities.ts';
import { COLUMNS, NZ_CIN_COLUMNS, type Column } from './columns.ts';
import { carIdOf, carNameOf, carSlugOf } from './identity.ts';
import type { FeedCar } from './types.ts';
import { POA } from './values.ts';
import { historyColumnsOf, isHistoryColumn, mergeHistory } from './history-columns.ts';

export interface CarOptions {
  /** The time of the import in milliseconds (Date.now()); the Car's created_at_timestamp is in seconds. */
  now: number;
  /** The dealer's locations: a feed's `location` that is one's id or name (any case) becomes its name. */
  locations?: readonly { id: string | number; name: string }[];
}

export interface MergeOptions extends CarOptions {
  mode: 'full' | 'delta';
  /** Full feeds: the columns the feed has (FeedParse.columns); absent, every column. */
  columns?: readonly Column[];
}

/** The Car field each column fills (the NZ notice's columns fill `nz_cin`). */
const FIELD = {
  stock_number: 'stock_number',
  vin: 'vin',
  rego: 'rego',
  status: 'status',
  condition: 'car_type',
  make: 'make',
  model: 'model',
  badge: 'badge',
  series: 'series',
  year: 'year',
  build_date: 'build_date',
  compliance_date: 'compliance_date',
  odometer: 'km',
  body: 'simple_body',
  fuel: 'simple_fuel',
  transmission: 'transmission',
  drive: 'drive',
  colour: 'colour',
  seats: 'seats',
  doors: 'doors',
  engine: 'engine',
  price: 'price',
  price_drive_away: 'price_drive_away',
  price_egc: 'price_egc',
  redbook_code: 'redbook_code',
  nvic: 'nvic',
  photos: 'photos',
  video_url: 'video_url',
  comments: 'dealercomments',
  features: 'features',
  location: 'location_name',
  account: 'account',
  certified: 'certified',
} as const satisfies Partial<Record<Column, keyof Car>>;

const ALL = Object.keys(COLUMNS) as Column[];
const NAME_PARTS: Column[] = ['year', 'make', 'model', 'badge'];
const PRICE_COLUMNS: Column[] = ['price', 'price_drive_away', 'price_egc'];
const isNz = (c: Column) => (NZ_CIN_COLUMNS as readonly Column[]).includes(c);

function locationName(given: string | undefined, locations: CarOptions['locations']): string | undefined {
  if (given === undefined || !locations) return given;
  const lower = given.toLowerCase();
  const found =
    locations.find((l) => String(l.id).trim() === given) ??
    locations.find((l) => l.name.trim().toLowerCase() === lower);
  return found ? found.name : given;
}

/**
 * What the price includes: drive-away or excluding government charges when it is the feed's price
 * of that name; else, when the stock gives neither, what `kept` said (a delta's new price includes
 * what the old one did); otherwise nothing, so a page never calls a price drive-away that may not be.
 */
function qualifierOf(car: Partial<Car>, kept: Car['price_qualifier']): Car['price_qualifier'] {
  if (car.price_on_application) return undefined;
  if (car.price_drive_away !== undefined && car.price === car.price_drive_away) return 'drive_away';
  if (car.price_egc !== undefined && car.price === car.price_egc) return 'excl_govt_charges';
  return car.price_drive_away === undefined && car.price_egc === undefined ? kept : undefined;
}

/** The headline price a row gives: its `price`, else the fed price of the kind the car's price was. */
function priceOf(f: FeedCar, before: Car | undefined): number | typeof POA | undefined {
  if (f.price !== undefined) return f.price;
  const dap = f.price_drive_away;
  const egc = f.price_egc;
  if (dap === undefined && egc === undefined) return undefined;
  if (!before || before.price_on_application) return dap ?? egc;
  if (before.price_qualifier === 'drive_away' && dap !== undefined) return dap;
  if (before.price_qualifier === 'excl_govt_charges' && egc !== undefined) return egc;
  return undefined;
}

/** What a new car lacks of a listing (make, model, year, a price or POA), as a sentence; else undefined. */
function lacking(car: Partial<Car>): string | undefined {
  const gaps = [
    ...(['make', 'model'] as const).filter((k) => !car[k]),
    ...(typeof car.year === 'number' ? [] : ['year']),
    ...(typeof car.price === 'number' ? [] : ['a price (or POA)']),
  ];
  return gaps.length ? gaps.join(', ') : undefined;
}

/**
 * The car `f` makes of `before` (the dealer's car of that stock number, if any), or what a new car
 * lacks. A new car's id and slug come from its stock number (identity.ts); the import makes them
 * unique among the dealer's cars. A car becoming sold gets `sold_at`; one listed again loses it.
 */
export function mergeFeedCar(before: Car | undefined, f: FeedCar, o: MergeOptions): Car | { lacks: string } {
  const car: Record<string, unknown> = before ? structuredClone(before) : {};
  const decided = new Set<Column>(o.mode === 'full' ? (o.columns ?? ALL) : []);
  for (const key of Object.keys(f)) if (key in COLUMNS) decided.add(key as Column);
  for (const key of Object.keys(f.nz_cin ?? {})) decided.add(key as Column);
  for (const key of historyColumnsOf(f.history)) decided.add(key);
  decided.add('stock_number');

  const nz: Record<string, unknown> = { ...((car.nz_cin as object | undefined) ?? {}) };
  for (const column of decided) {
    if (isNz(column)) {
      const value = (f.nz_cin as Record<string, unknown> | undefined)?.[column];
      if (value === undefined) delete nz[column];
      else nz[column] = value;
      continue;
    }
    if (isHistoryColumn(column)) continue;
    if (column === 'account' && f.account === undefined) continue; // the dealer's own account stays
    const field = FIELD[column as keyof typeof FIELD];
    if (PRICE_COLUMNS.includes(column)) continue;
    const value = column === 'location' ? locationName(f.location, o.locations) : f[column as keyof FeedCar];
    if (value === undefined) delete car[field];
    else car[field] = value;
  }
  if (Object.keys(nz).length) car.nz_cin = nz;
  else delete car.nz_cin;
  const history = mergeHistory(car.history as Car['history'], f.history, decided);
  if (history) car.history = history;
  else delete car.history;

  if (PRICE_COLUMNS.some((c) => decided.has(c))) {
    for (const c of ['price_drive_away', 'price_egc'] as const) {
      if (!decided.has(c)) continue;
      const v = f[c];
      if (typeof v === 'number') car[c] = v;
      else delete car[c];
    }
    const price = priceOf(f, before);
    if (price === POA) {
      car.price = 0;
      car.price_on_application = true;
    } else if (price !== undefined) {
      car.price = price;
      delete car.price_on_application;
    }
    car.price_qualifier = qualifierOf(car, o.mode === 'delta' ? before?.price_qualifier : undefined);
    if (car.price_qualifier === undefined) delete car.price_qualifier;
  }

  if (!before) {
    const lacks = lacking(car);
    if (lacks) return { lacks };
  }
  const c = car as Car;
  c.status ??= 'available';
  c.car_type ??= 'used';
  c.km ??= 0;
  c.photos ??= [];
  c.features ??= [];
  if (!before || decided.has('photos')) c.photos_count = c.photos.length;
  if (!before || NAME_PARTS.some((p) => decided.has(p))) c.name = carNameOf(c);
  if (!before) {
    c.id = carIdOf(f.stock_number);
    c.slug = carSlugOf({ ...c, stock_number: f.stock_number });
    c.created_at_timestamp = Math.floor(o.now / 1000);
  }
  if (c.status === 'sold') {
    if (before?.status !== 'sold' || !c.sold_at) c.sold_at = new Date(o.now).toISOString();
  } else delete c.sold_at;
  // Absent fields are left out rather than written as undefined.
  return Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as Car;
}

/** The Car for a whole fed car (a full feed's row): id and slug from its stock number, the rest as the feed says. */
export function feedCarToCar(f: FeedCar, o: CarOptions): Car {
  const car = mergeFeedCar(undefined, f, { ...o, mode: 'full' });
  if ('lacks' in car) throw new Error(`stock number ${f.stock_number}: a car needs ${car.lacks}`);
  return car;
}
