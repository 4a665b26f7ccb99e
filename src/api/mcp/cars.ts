/**
 * The car tools' work: a search through the stock search itself (its index, filters and typo
 * tolerance: runSearches, as POST /api/search runs it), one car as its page shows it, and the
 * compare table's rows. Every read is of the one dealer's stock as it is now (its imported stock
 * once it has imported, else its snapshot's cars); a car of another dealer is simply not found.
 */
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Db } from '../core/deps.ts';
import { carPath, isListed } from '../../domain/routes.ts';
import { carPrices, headlinePriceText } from '../../domain/car-prices.ts';
import { carTitle } from '../../domain/pages.ts';
import { formatKm, formatPrice, priceQualifierLabel } from '../../lib/text.ts';
import { parseSearchRequest } from '../../features/search/contract/search-params.ts';
import { runSearches } from '../../features/search/server/search.ts';
import { CAR_HIT_FIELDS, type CarHit } from '../../features/search/rules/cars-search.ts';
import { carsOf } from '../../features/stock/server/store.ts';
import { compareCars } from '../../features/stock/server/compare.ts';
import { COMPARE_ROWS } from '../../features/shortlist/rules/shortlist.ts';
import { consumerNotice } from '../../features/car-page/ui/consumer-notice.ts';
import { carLocation } from '../../seo/structured-data/places.ts';
import type { SearchCarsInput } from './schemas.ts';

const CONDITIONS = { new: 'New', used: 'Used', demo: 'Demo' } as const;

const quote = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;

/** The dealer's own spelling of a value ("toyota" → "Toyota"), so a filter matches the stock's facet. */
function spelled(cars: readonly Car[], key: keyof Car, value: string): string {
  const wanted = value.trim().toLowerCase();
  for (const car of cars) {
    const v = car[key];
    if (typeof v === 'string' && v.trim().toLowerCase() === wanted) return v;
  }
  return value.trim();
}

/** The search's filters in the stock search's own `filters` syntax (src/features/search/rules/filters.ts). */
export function searchFilters(input: SearchCarsInput, cars: readonly Car[]): string {
  const parts: string[] = [];
  const facet = (attr: string, key: keyof Car, value: string | undefined) => {
    if (value?.trim()) parts.push(`${attr}:${quote(spelled(cars, key, value))}`);
  };
  facet('make', 'make', input.make);
  facet('model', 'model', input.model);
  facet('simple_body', 'simple_body', input.body);
  facet('simple_fuel', 'simple_fuel', input.fuel);
  facet('transmission', 'transmission', input.transmission);
  facet('location_name', 'location_name', input.location);
  if (input.condition) parts.push(`car_type:${quote(input.condition)}`);
  const range = (attr: string, min: number | undefined, max: number | undefined) => {
    if (min !== undefined) parts.push(`${attr} >= ${min}`);
    if (max !== undefined) parts.push(`${attr} <= ${max}`);
  };
  range('price', input.price_min, input.price_max);
  range('year', input.year_min, input.year_max);
  range('km', input.km_min, input.km_max);
  return parts.join(' AND ');
}

/** A car's price as its page shows it: the headline and what it includes, then any other price. */
export function priceOf(car: Car) {
  const head = headlinePriceText(car);
  const lines = carPrices(car).map((l) => ({
    amount: l.amount,
    text: formatPrice(l.amount),
    ...(priceQualifierLabel(l.kind) ? { qualifier: priceQualifierLabel(l.kind) } : {}),
  }));
  return {
    text: head.text,
    ...(head.note ? { qualifier: head.note } : {}),
    price_on_application: head.priceOnApplication,
    ...(lines.length > 1 ? { all_prices: lines } : {}),
  };
}

const pageUrl = (dealer: DealerContent, slug: string) => new URL(`/cars/${slug}`, dealer.site.url).href;

/** One search hit for an assistant: what the result card shows, and the car page's address. */
function hitSummary(dealer: DealerContent, hit: CarHit & { car_type?: keyof typeof CONDITIONS }) {
  const price = headlinePriceText(hit);
  return {
    id: hit.objectID,
    title: [hit.year, hit.make, hit.model, hit.badge].filter((p) => p !== undefined && p !== '').join(' '),
    price: price.text,
    ...(price.note ? { price_qualifier: price.note } : {}),
    ...(hit.car_type ? { condition: CONDITIONS[hit.car_type] } : {}),
    km: formatKm(hit.km),
    ...(hit.location_name ? { location: hit.location_name } : {}),
    ...(hit.simple_body ? { body: hit.simple_body } : {}),
    ...(hit.simple_fuel ? { fuel: hit.simple_fuel } : {}),
    ...(hit.transmission ? { transmission: hit.transmission } : {}),
    url: pageUrl(dealer, hit.slug),
  };
}

/** The dealer's cars that match, best first, with how many match in all. */
export async function searchCars(db: Db, dealer: DealerContent, input: SearchCarsInput) {
  const cars = await carsOf(db, dealer);
  const request = parseSearchRequest({
    indexName: input.sort ? `cars_${input.sort}` : 'cars',
    params: {
      query: input.query ?? '',
      filters: searchFilters(input, cars),
      hitsPerPage: input.limit ?? 10,
      page: input.page ?? 0,
      attributesToRetrieve: [...CAR_HIT_FIELDS, 'car_type'],
      attributesToHighlight: [],
    },
  });
  const [result] = await runSearches(db, dealer.slug, [request]);
  const hits = (result?.hits ?? []) as (CarHit & { car_type?: keyof typeof CONDITIONS })[];
  return {
    total: Number(result?.nbHits ?? 0),
    page: Number(result?.page ?? 0),
    pages: Number(result?.nbPages ?? 0),
    cars: hits.map((h) => hitSummary(dealer, h)),
  };
}

/** The dealer's listed car with this id or page slug (or its /cars/ address). */
export async function findCar(db: Db, dealer: DealerContent, ref: string): Promise<Car | undefined> {
  const wanted = ref
    .trim()
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/^\/?cars\//, '')
    .replace(/[/?#].*$/, '');
  return (await carsOf(db, dealer)).find((c) => isListed(c) && (String(c.id) === wanted || c.slug === wanted));
}

/** A car as its page shows it: the facts, prices with their qualifiers, features, place, page and, in New Zealand, the Consumer Information Notice. */
export function carDetails(dealer: DealerContent, car: Car) {
  const place = carLocation(dealer, car.location_name);
  const notice = consumerNotice(dealer, car);
  const facts: Record<string, string | number> = {};
  const add = (k: string, v: string | number | undefined) => {
    if (v !== undefined && v !== '') facts[k] = v;
  };
  add('body', car.simple_body);
  add('fuel', car.simple_fuel);
  add('transmission', car.transmission);
  add('drive', car.drive);
  add('engine', car.engine);
  add('seats', car.seats);
  add('colour', car.colour);
  add('stock_number', car.stock_number);
  return {
    id: String(car.id),
    title: carTitle(car),
    condition: CONDITIONS[car.car_type],
    year: car.year,
    km: formatKm(car.km),
    price: priceOf(car),
    facts,
    features: (car.features ?? []).map((f) => f.trim()).filter(Boolean),
    ...(place
      ? {
          location: {
            id: String(place.id),
            name: place.name,
            address: place.address.address,
            ...(place.contact_detail?.phone ? { phone: place.contact_detail.phone } : {}),
          },
        }
      : {}),
    url: new URL(carPath(car), dealer.site.url).href,
    ...(notice
      ? {
          consumer_information_notice: notice.map((g) => ({
            heading: g.heading,
            rows: g.rows.map((r) => ({ label: r.label, value: r.value, ...(r.note ? { note: r.note } : {}) })),
          })),
        }
      : {}),
  };
}

/** The compare table of the dealer's cars `ids`, in the order asked, and the ids it does not have. */
export async function compareTable(db: Db, dealer: DealerContent, ids: string[]) {
  const found = await compareCars(db, dealer, ids);
  const cars = found.filter((c) => c.status === 'available');
  return {
    cars: cars.map((c) => ({ id: c.id, title: c.title, url: new URL(c.href, dealer.site.url).href })),
    rows: COMPARE_ROWS.map((row) => ({ label: row.label, values: cars.map((c) => row.value(c) ?? '—') })),
    features: cars.map((c) => c.features),
    not_found: ids.filter((id) => !cars.some((c) => c.id === id)),
  };
}
