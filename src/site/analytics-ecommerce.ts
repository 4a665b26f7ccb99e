/**
 * GA4 ecommerce events of the shopper's journey, pushed to window.dataLayer for the dealer's tag
 * manager (docs/analytics.md lists them): `view_item_list` (a stock list shown), `view_item` (a
 * car page), `search` (a stock search), `add_to_wishlist` (a car saved) and `generate_lead` (a
 * lead sent, with its car when the form is about one).
 *
 * Each carries `ecommerce: { currency, value?, items }`, an item per car built from the stock's
 * own facts only. Nothing about the visitor travels: no name, email, phone or lead id; a test
 * (tests/unit/site/analytics-ecommerce.test.ts) holds every event to that. As GA4 asks, the
 * previous event's ecommerce object is cleared (`{ ecommerce: null }`) before each push.
 */
import { track, type TrackEvent } from './analytics.ts';
import { headlinePrice, type PricedCar } from '../domain/car-prices.ts';

export type Currency = 'AUD' | 'NZD';

/**
 * The car facts an item is made of (a search hit, a Car and a saved snapshot all have them). Its
 * price is the car page's headline price (src/domain/car-prices.ts); a saved snapshot's `price`
 * already is, and a price on application car has none (a snapshot's missing amount).
 */
export interface ItemCar extends Partial<Omit<PricedCar, 'price'>> {
  id: string | number;
  make: string;
  model: string;
  year: number;
  badge?: string;
  price?: number | undefined;
}

/** A GA4 ecommerce item. */
export interface EcommerceItem {
  item_id: string;
  item_name: string;
  item_brand: string;
  /** The model. */
  item_category: string;
  /** The year. */
  item_category2: string;
  /** The badge (trim level), when there is one. */
  item_variant?: string;
  /** The headline price; none for a price on application car. */
  price?: number;
  quantity: 1;
  /** Position in a list, from 0. */
  index?: number;
  item_list_name?: string;
}

/** The currency of a page's prices, from its `lang` (en-NZ: NZD; otherwise AUD). */
export function currencyOf(lang: string | undefined): Currency {
  return /-NZ$/i.test(lang ?? '') ? 'NZD' : 'AUD';
}

/** The item's price: the headline price in whole dollars, or undefined when the car has none. */
function itemPrice(car: ItemCar): number | undefined {
  if (car.price === undefined) return undefined;
  const amount = headlinePrice({ ...car, price: car.price })?.amount;
  return amount !== undefined && Number.isFinite(amount) ? Math.round(amount) : undefined;
}

export function carItem(car: ItemCar, extra: { index?: number; listName?: string } = {}): EcommerceItem {
  const badge = car.badge?.trim();
  const price = itemPrice(car);
  return {
    item_id: String(car.id),
    item_name: [car.year, car.make, car.model, badge].filter(Boolean).join(' '),
    item_brand: car.make,
    item_category: car.model,
    item_category2: String(car.year),
    ...(badge ? { item_variant: badge } : {}),
    ...(price !== undefined ? { price } : {}),
    quantity: 1,
    ...(extra.index !== undefined ? { index: extra.index } : {}),
    ...(extra.listName ? { item_list_name: extra.listName } : {}),
  };
}

/** `value` is the items' prices summed, left out when one of them has no price (price on application). */
function ecommerce(currency: Currency, items: EcommerceItem[], withValue: boolean, more: Record<string, unknown> = {}) {
  const priced = items.every((i) => i.price !== undefined);
  const value = items.reduce((sum, i) => sum + (i.price ?? 0), 0);
  return { currency, ...(withValue && priced ? { value } : {}), ...more, items };
}

/** A stock list was shown: its cars in order. */
export function viewItemListEvent(cars: ItemCar[], currency: Currency, listName: string): TrackEvent {
  const items = cars.map((c, index) => carItem(c, { index, listName }));
  return {
    event: 'view_item_list',
    ecommerce: ecommerce(currency, items, false, { item_list_name: listName }),
  };
}

/** A car's page was shown. */
export function viewItemEvent(car: ItemCar, currency: Currency): TrackEvent {
  return { event: 'view_item', ecommerce: ecommerce(currency, [carItem(car)], true) };
}

/**
 * The visitor searched the stock: `search_term` is the keyword ('' when they only filtered),
 * `search_filters` the filters as "name:value" pairs, and the items the first results.
 */
export function searchEvent(
  term: string,
  filters: Record<string, string[]>,
  results: ItemCar[],
  currency: Currency,
): TrackEvent {
  const pairs = Object.entries(filters)
    .filter(([, values]) => values.length > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, values]) => `${name}:${values.join('|')}`);
  return {
    event: 'search',
    search_term: term.trim(),
    search_filters: pairs.join(';'),
    ecommerce: ecommerce(
      currency,
      results.map((c, index) => carItem(c, { index })),
      false,
    ),
  };
}

/** A car was saved. */
export function addToWishlistEvent(car: ItemCar, currency: Currency): TrackEvent {
  return { event: 'add_to_wishlist', ecommerce: ecommerce(currency, [carItem(car)], true) };
}

/** A lead was sent: with the car when the form is about one, else with no items. */
export function generateLeadEvent(car: ItemCar | undefined, currency: Currency, formCategory: string): TrackEvent {
  return {
    event: 'generate_lead',
    lead_category: formCategory,
    ecommerce: ecommerce(currency, car ? [carItem(car)] : [], true),
  };
}

type DataLayerWindow = Parameters<typeof track>[1];

/** Pushes an ecommerce event, clearing the last one's ecommerce object first. */
export function trackEcommerce(event: TrackEvent, win?: DataLayerWindow): void {
  const target = win ?? (typeof window === 'undefined' ? undefined : (window as unknown as DataLayerWindow));
  if (!target) return;
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  target.dataLayer.push({ ecommerce: null });
  track(event, target);
}
