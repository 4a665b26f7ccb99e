/**
 * The shopper's shortlist, as pure rules the stores (src/features/shortlist/ui/shortlist-store.ts), the islands and
 * the car page's scripts share:
 * - saved cars ("favourites"): newest first, one entry per car, at most MAX_SAVED;
 * - compare: at most MAX_COMPARE cars, in the order chosen; a fourth is refused, not swapped in;
 * - recently viewed: newest first, one entry per car, at most MAX_RECENT.
 * Each entry is a small snapshot of the car's card taken when it was saved or viewed (title,
 * price and what it includes, photo, link, key facts), so the saved page can draw the cards
 * without a search; whether the car is still for sale always comes from the API.
 * The compare page's address holds the cars alone (`/compare?cars=id1,id2,id3`), so a shared
 * link shows the same cars on any device.
 */
import { carCard, type CarHit } from '../../search/rules/cars-search.ts';
import { COMPARE_PATH } from '../../../domain/routes.ts';
import { headlinePrice } from '../../../domain/car-prices.ts';

export const MAX_SAVED = 50;
export const MAX_COMPARE = 3;
export const MAX_RECENT = 8;
/** Recently viewed cars shown in the row (the current car aside). */
export const RECENT_SHOWN = 4;

export interface CarSnapshot {
  id: string;
  /** "{year} {make} {model} {badge}". */
  title: string;
  href: string;
  /** The car page's headline price, "$32,990" (src/domain/car-prices.ts), or "Price on application". */
  price: string;
  /** What the price includes ("Drive away"), when the stock says. */
  priceNote?: string;
  /** The first photo, or the no-photo image. */
  photo: string;
  hasPhoto: boolean;
  /** Body, fuel, transmission, km: those the stock has. */
  facts: string[];
  make: string;
  model: string;
  badge?: string;
  year: number;
  /** The headline price as a number, for analytics; none for a price on application car. */
  amount?: number;
}

/** The snapshot of a car as a search hit carries it (carHit() of a Car gives one). */
export function carSnapshot(hit: CarHit): CarSnapshot {
  const card = carCard(hit);
  return {
    id: card.id,
    title: card.title,
    href: card.href,
    price: card.price,
    ...(card.priceNote ? { priceNote: card.priceNote } : {}),
    photo: card.photo,
    hasPhoto: card.hasPhoto,
    facts: card.facts.map((f) => f.value),
    make: hit.make,
    model: hit.model,
    ...(card.badge ? { badge: card.badge } : {}),
    year: hit.year,
    ...amountOf(hit),
  };
}

function amountOf(hit: CarHit): { amount?: number } {
  const amount = headlinePrice(hit)?.amount;
  return amount !== undefined && Number.isFinite(amount) ? { amount } : {};
}

/** A car id as the stock gives it: letters, digits and `_ . : -`, at most 128 characters. */
const CAR_ID = /^[A-Za-z0-9][\w.:-]{0,127}$/;
export const isCarId = (id: unknown): id is string => typeof id === 'string' && CAR_ID.test(id);

const str = (v: unknown): v is string => typeof v === 'string';

/** Whether stored data is a snapshot (storage is the visitor's own and may hold anything). */
export function isSnapshot(v: unknown): v is CarSnapshot {
  if (!v || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  return (
    isCarId(s.id) &&
    str(s.title) &&
    str(s.href) &&
    s.href.startsWith('/') &&
    !s.href.startsWith('//') &&
    str(s.price) &&
    str(s.photo) &&
    Array.isArray(s.facts) &&
    s.facts.every(str) &&
    str(s.make) &&
    str(s.model) &&
    typeof s.year === 'number' &&
    (s.amount === undefined || typeof s.amount === 'number')
  );
}

/** The valid snapshots of a stored list, one per car, at most `max`. */
export function cleanList(stored: unknown, max: number): CarSnapshot[] {
  if (!Array.isArray(stored)) return [];
  const seen = new Set<string>();
  const out: CarSnapshot[] = [];
  for (const s of stored) {
    if (!isSnapshot(s) || seen.has(s.id)) continue;
    seen.add(s.id);
    out.push(s);
    if (out.length === max) break;
  }
  return out;
}

export const hasCar = (list: readonly CarSnapshot[], id: string) => list.some((s) => s.id === id);

export function withoutCar(list: readonly CarSnapshot[], id: string): CarSnapshot[] {
  return list.filter((s) => s.id !== id);
}

/** Saves a car first in the list (its snapshot refreshed when it was saved already); the oldest beyond MAX_SAVED go. */
export function withSaved(list: readonly CarSnapshot[], car: CarSnapshot): CarSnapshot[] {
  return [car, ...withoutCar(list, car.id)].slice(0, MAX_SAVED);
}

/** The list after a view of `car`: it moves to the front, the oldest beyond MAX_RECENT go. */
export function withViewed(list: readonly CarSnapshot[], car: CarSnapshot): CarSnapshot[] {
  return [car, ...withoutCar(list, car.id)].slice(0, MAX_RECENT);
}

/** The recently viewed cars to show on a page: not the page's own car, at most RECENT_SHOWN. */
export function recentToShow(list: readonly CarSnapshot[], currentId?: string): CarSnapshot[] {
  return list.filter((s) => s.id !== currentId).slice(0, RECENT_SHOWN);
}

export type CompareToggle = { list: CarSnapshot[]; outcome: 'added' | 'removed' | 'full' };

/** Adds the car to the compare list, or takes it out when it is in; a full list stays as it is. */
export function toggledCompare(list: readonly CarSnapshot[], car: CarSnapshot): CompareToggle {
  if (hasCar(list, car.id)) return { list: withoutCar(list, car.id), outcome: 'removed' };
  if (list.length >= MAX_COMPARE) return { list: [...list], outcome: 'full' };
  return { list: [...list, car], outcome: 'added' };
}

/** The message when a fourth car is chosen. */
export const COMPARE_FULL_MESSAGE = `You can compare up to ${MAX_COMPARE} cars. Remove one to add another.`;

/** The cars of a compare address's `cars` parameter: valid ids, once each, at most MAX_COMPARE. */
export function parseCompareIds(param: string | null | undefined): string[] {
  if (!param) return [];
  const ids: string[] = [];
  for (const raw of param.split(',')) {
    const id = raw.trim();
    if (isCarId(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_COMPARE) break;
  }
  return ids;
}

/** `/compare?cars=id1,id2,id3` (the commas kept readable). */
export function compareHref(ids: readonly string[]): string {
  const valid = parseCompareIds(ids.join(','));
  return valid.length ? `${COMPARE_PATH}?cars=${valid.map(encodeURIComponent).join(',')}` : COMPARE_PATH;
}

/** One car's row of the compare table, as GET /api/stock/compare answers it. */
export interface CompareCar extends CarSnapshot {
  status: 'available' | 'sold' | 'hidden' | 'unknown';
  /** "48,000 km". */
  km: string;
  condition: string;
  body?: string;
  fuel?: string;
  transmission?: string;
  drive?: string;
  engine?: string;
  seats?: number;
  colour?: string;
  features: string[];
}

/** The car facts the compare table needs (a Car of the content format has them). */
export interface CompareSource {
  id: string | number;
  slug: string;
  year: number;
  make: string;
  model: string;
  badge?: string;
  km: number;
  price: number;
  price_qualifier?: 'drive_away' | 'excl_govt_charges';
  price_drive_away?: number;
  price_egc?: number;
  price_on_application?: boolean;
  photos?: string[];
  car_type: 'new' | 'used' | 'demo';
  simple_body?: string;
  simple_fuel?: string;
  transmission?: string;
  drive?: string;
  engine?: string;
  seats?: number;
  colour?: string;
  features?: string[];
  status?: 'available' | 'sold' | 'hidden';
}

const CONDITIONS = { new: 'New', used: 'Used', demo: 'Demo' } as const;
/** Features listed per car at most (the table stays readable). */
export const MAX_COMPARE_FEATURES = 40;

const text = (v: string | undefined) => v?.trim() || undefined;

export function compareCar(car: CompareSource, status: CompareCar['status']): CompareCar {
  const snapshot = carSnapshot({
    objectID: String(car.id),
    slug: car.slug,
    year: car.year,
    make: car.make,
    model: car.model,
    badge: car.badge,
    km: car.km,
    price: car.price,
    photos: car.photos?.slice(0, 1),
    price_qualifier: car.price_qualifier,
    price_drive_away: car.price_drive_away,
    price_egc: car.price_egc,
    price_on_application: car.price_on_application,
    simple_body: car.simple_body,
    simple_fuel: car.simple_fuel,
    transmission: car.transmission,
  });
  const out: CompareCar = {
    ...snapshot,
    status,
    km: snapshot.facts.at(-1) ?? '',
    condition: CONDITIONS[car.car_type],
    features: (car.features ?? [])
      .map((f) => f.trim())
      .filter(Boolean)
      .slice(0, MAX_COMPARE_FEATURES),
  };
  const extra = {
    body: text(car.simple_body),
    fuel: text(car.simple_fuel),
    transmission: text(car.transmission),
    drive: text(car.drive),
    engine: text(car.engine),
    colour: text(car.colour),
  };
  for (const [k, v] of Object.entries(extra)) if (v) (out as unknown as Record<string, string>)[k] = v;
  if (typeof car.seats === 'number' && Number.isFinite(car.seats)) out.seats = car.seats;
  return out;
}

/** The rows of the compare table, in order: label and each car's value ('—' when the stock does not say). */
export const COMPARE_ROWS: { label: string; value: (c: CompareCar) => string | undefined }[] = [
  { label: 'Price', value: (c) => (c.priceNote ? `${c.price} (${c.priceNote})` : c.price) },
  { label: 'Condition', value: (c) => c.condition },
  { label: 'Year', value: (c) => String(c.year) },
  { label: 'Odometer', value: (c) => c.km },
  { label: 'Body', value: (c) => c.body },
  { label: 'Fuel', value: (c) => c.fuel },
  { label: 'Transmission', value: (c) => c.transmission },
  { label: 'Drive', value: (c) => c.drive },
  { label: 'Engine', value: (c) => c.engine },
  { label: 'Seats', value: (c) => (c.seats === undefined ? undefined : String(c.seats)) },
  { label: 'Colour', value: (c) => c.colour },
];
