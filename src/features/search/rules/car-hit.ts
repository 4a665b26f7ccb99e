/**
 * A stock car as a search hit and as a result card: which of its fields a hit carries, and what a
 * card shows (name, badge, price with its note, key facts, photo, market position). The build's
 * first page, the API's hits and the car page's similar cars all go through here.
 */
import type { Car } from '../../../content/entities.ts';
import { formatKm, trimmed } from '../../../lib/text.ts';
import { headlinePriceText } from '../../../domain/car-prices.ts';
import { NO_PHOTO_URL } from '../../../domain/car-photos.ts';
import type { MarketEstimate } from '../../market-price/rules/market-estimate.ts';
import { marketIndicator, type MarketIndicator } from '../../market-price/rules/market-position.ts';

/** The fields of a car a result card reads; build-time results keep only these. */
export interface CarHit {
  objectID: string;
  slug: string;
  year: number;
  make: string;
  model: string;
  badge?: string;
  km: number;
  price: number;
  location_name?: string;
  photos?: string[];
  photos_count?: number;
  price_qualifier?: 'drive_away' | 'excl_govt_charges';
  price_drive_away?: number;
  price_egc?: number;
  price_on_application?: boolean;
  simple_body?: string;
  simple_fuel?: string;
  transmission?: string;
  certified?: boolean;
  /** The market-price estimate, on cars of dealers that show the indicator (src/features/market-price/). */
  market_estimate?: MarketEstimate;
}

/**
 * The one list of what a search hit carries: the API's default attributesToRetrieve, the build's
 * first page and the card all read it, so a field the card shows is never missing from a hit.
 */
export const CAR_HIT_FIELDS = [
  'objectID',
  'slug',
  'year',
  'make',
  'model',
  'badge',
  'km',
  'price',
  'location_name',
  'photos',
  'photos_count',
  'price_qualifier',
  'price_drive_away',
  'price_egc',
  'price_on_application',
  'simple_body',
  'simple_fuel',
  'transmission',
  'certified',
  'market_estimate',
] as const;

/**
 * A car as a search hit: the CAR_HIT_FIELDS it has, with only its first photo (the card shows one;
 * photos_count keeps the count). The build's first page of results and the car page's similar
 * cars both make their hits here, so they carry what the API's hits carry.
 */
export function carHit(car: Car): CarHit {
  const full: Record<string, unknown> = { objectID: String(car.id), ...car };
  const out: Record<string, unknown> = {};
  for (const k of CAR_HIT_FIELDS)
    if (full[k] !== undefined) out[k] = k === 'photos' ? (full.photos as string[]).slice(0, 1) : full[k];
  return out as unknown as CarHit;
}

export interface CarCardData {
  id: string;
  href: string;
  /** The car page's enquiry form. */
  enquireHref: string;
  /** "{year} {make} {model} {badge}": the whole name, for the photo's alternative text. */
  title: string;
  /** "{year} {make} {model}" and the badge apart, so the badge can read as a second line. */
  name: string;
  badge?: string;
  km: string;
  /** The car page's headline price (src/domain/car-prices.ts), or "Price on application". */
  price: string;
  /** What the price includes ("Drive away"), when the stock says. */
  priceNote?: string;
  priceOnApplication: boolean;
  /** Key facts in reading order: body, fuel, transmission, km (those the stock has). */
  facts: { key: 'body' | 'fuel' | 'transmission' | 'km'; label: string; value: string }[];
  photosCount: number;
  certified: boolean;
  location?: string;
  photo: string;
  hasPhoto: boolean;
  /** "Below market" and its explanation, where the rule shows one (src/features/market-price/rules/). */
  market?: MarketIndicator;
}

const marketOf = (hit: CarHit): { market?: MarketIndicator } => {
  const market = hit.market_estimate ? marketIndicator(hit, { enabled: true }) : undefined;
  return market ? { market } : {};
};

/** "{year} {make} {model} {badge}", "48,000 km", "$32,990", the first photo or the no-photo image. */
export function carCard(hit: CarHit): CarCardData {
  const photo = hit.photos?.find((p) => typeof p === 'string' && p.trim() !== '');
  const href = `/cars/${hit.slug}`;
  const name = [hit.year, hit.make, hit.model].filter((p) => p !== undefined && p !== null && p !== '').join(' ');
  const badge = trimmed(hit.badge);
  const km = formatKm(hit.km);
  const facts: CarCardData['facts'] = [];
  const body = trimmed(hit.simple_body),
    fuel = trimmed(hit.simple_fuel),
    transmission = trimmed(hit.transmission);
  if (body) facts.push({ key: 'body', label: 'Body', value: body });
  if (fuel) facts.push({ key: 'fuel', label: 'Fuel', value: fuel });
  if (transmission) facts.push({ key: 'transmission', label: 'Transmission', value: transmission });
  facts.push({ key: 'km', label: 'Odometer', value: km });
  // photos_count is the stock's own count; hits from older indexes may only carry the photos.
  const count =
    typeof hit.photos_count === 'number' && Number.isFinite(hit.photos_count)
      ? hit.photos_count
      : (hit.photos?.length ?? 0);
  const price = headlinePriceText(hit);
  return {
    id: hit.objectID,
    href,
    enquireHref: `${href}#enquire`,
    title: badge ? `${name} ${badge}` : name,
    name,
    badge,
    km,
    price: price.text,
    priceNote: price.note,
    priceOnApplication: price.priceOnApplication,
    facts,
    photosCount: photo ? Math.max(0, Math.round(count)) : 0,
    certified: hit.certified === true,
    location: trimmed(hit.location_name),
    photo: photo ?? NO_PHOTO_URL,
    hasPhoto: !!photo,
    // A hit carries an estimate only for a dealer that shows the indicator: the build and the
    // stock's store leave it off the others' cars (src/features/market-price/server/).
    ...marketOf(hit),
  };
}
