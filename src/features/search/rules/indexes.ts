/**
 * The search indexes (cars, its sort replicas, offers) and what a request may facet and filter on
 * in each: read by the search route and by the build, which answers the cars block's first page
 * from the same definitions (src/features/search/ui/cars-static-search.ts).
 * The attribute lists play the part of Algolia's attributesForFaceting: a facet outside them is
 * ignored (as Algolia does), a filter on one is refused with 400.
 */

export type RecordKind = 'car' | 'offer';

export type Slot = 'f1' | 'f2' | 'f3' | 'f4' | 'f5' | 'f6' | 'f7' | 'f8';
export const SLOTS: Slot[] = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8'];

/**
 * Where an attribute is stored: a typed column (numbers that are sorted, ranged and summed), a
 * text slot column (the facets every search counts), or else the `facets` jsonb. Columns make
 * facet counting about a third faster than jsonb on PGlite.
 */
export interface AttributeDef {
  type: 'string' | 'number' | 'boolean';
  column?: 'price' | 'year' | 'km' | 'created_at';
  slot?: Slot;
}

const str: AttributeDef = { type: 'string' };
const num: AttributeDef = { type: 'number' };

export const CAR_ATTRIBUTES: Record<string, AttributeDef> = lookupTable({
  make: { type: 'string', slot: 'f1' },
  model: { type: 'string', slot: 'f2' },
  simple_body: { type: 'string', slot: 'f3' },
  simple_fuel: { type: 'string', slot: 'f4' },
  location_name: { type: 'string', slot: 'f5' },
  seats: { type: 'number', slot: 'f6' },
  certified: { type: 'boolean', slot: 'f7' },
  car_type: { type: 'string', slot: 'f8' },
  badge: str,
  tag: str,
  account: str,
  transmission: str,
  colour: str,
  photos_count: num,
  year: { type: 'number', column: 'year' },
  price: { type: 'number', column: 'price' },
  km: { type: 'number', column: 'km' },
  created_at_timestamp: { type: 'number', column: 'created_at' },
});

export const OFFER_ATTRIBUTES: Record<string, AttributeDef> = lookupTable({
  category: { type: 'string', slot: 'f1' },
  manufacturer: { type: 'string', slot: 'f2' },
  'model.name': { type: 'string', slot: 'f3' },
  'model.slug': { type: 'string', slot: 'f4' },
  price: { type: 'number', column: 'price' },
});

/** A numeric column a sort order reads, and its direction (NULLs always last). */
export type SortKey = ['price' | 'year' | 'km' | 'created_at', 'asc' | 'desc'];

/**
 * The sort orders of the indexes. Each record keeps one key per order, a double generated from
 * its own columns (migration 0016_search_sort_keys: NULLs as +Infinity, so after every value), so
 * a page of hits is one sort on a number (after the text relevance, for an index that has it) and
 * a car's change rewrites no other record. Keys that tie fall back on position, then object_id.
 */
export const ORDERS = {
  o_newest: [['created_at', 'desc']],
  o_price_asc: [['price', 'asc']],
  o_price_desc: [['price', 'desc']],
  o_year_desc: [
    ['year', 'desc'],
    ['created_at', 'desc'],
  ],
  o_km_asc: [['km', 'asc']],
} as const satisfies Record<string, SortKey[]>;

/** A sort key column of ORDERS, or `position` (the listing's order). */
export type OrderColumn = keyof typeof ORDERS | 'position';
export const ORDER_COLUMNS = Object.keys(ORDERS) as (keyof typeof ORDERS)[];

export interface IndexDef {
  kind: RecordKind;
  attributes: Record<string, AttributeDef>;
  /** Text relevance first when the request has a query. */
  relevance: boolean;
  /** The column the hits are sorted by (after relevance); every order ends with `position`. */
  order: OrderColumn;
  maxHitsPerPage: number;
}

/**
 * A table looked up by names a visitor sends: with no prototype, so "constructor" or "__proto__"
 * finds nothing rather than an inherited member.
 */
function lookupTable<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

/** Spec §9: the cars block shows up to 250 per page; offers are searched with a limit of 200. */
export const MAX_CAR_HITS = 250;
export const MAX_OFFER_HITS = 200;

const car = (order: OrderColumn, relevance = false): IndexDef => ({
  kind: 'car',
  attributes: CAR_ATTRIBUTES,
  relevance,
  order,
  maxHitsPerPage: MAX_CAR_HITS,
});

export const INDEXES: Record<string, IndexDef> = lookupTable({
  cars: car('o_newest', true),
  cars_newest: car('o_newest'),
  cars_price_asc: car('o_price_asc'),
  cars_price_desc: car('o_price_desc'),
  cars_year_desc: car('o_year_desc'),
  cars_km_asc: car('o_km_asc'),
  offers: {
    kind: 'offer',
    attributes: OFFER_ATTRIBUTES,
    relevance: true,
    order: 'position',
    maxHitsPerPage: MAX_OFFER_HITS,
  },
});
