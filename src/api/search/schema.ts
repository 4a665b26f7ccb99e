/**
 * What the search route indexes and answers: the index names (cars, its sort replicas, offers),
 * the attributes a request may facet and filter on (and where each is stored), and how a car or
 * offer becomes a row.
 * The attribute lists play the part of Algolia's attributesForFaceting: a facet outside them is
 * ignored (as Algolia does), a filter on one is refused with 400.
 */
import type { Car, Offer } from '../../content/entities.ts';
import { fieldsOf, SETTINGS, textOf } from './settings.ts';

export type RecordKind = 'car' | 'offer';

export type Slot = 'f1' | 'f2' | 'f3' | 'f4' | 'f5' | 'f6' | 'f7' | 'f8';
export const SLOTS: Slot[] = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8'];

/**
 * A slot's value as a number (c1 for f1…): its place in the site's sorted list of that slot's
 * values (search_sources.slot_values). Facet counts group these: hashing an integer is cheaper
 * than hashing text, and each match is grouped once per facet. Filters compare the text.
 */
export const codeOf = (slot: Slot) => `c${slot.slice(1)}`;
export const CODES = SLOTS.map(codeOf);

/** Each slot's distinct values, sorted: a value's code is its place in the list, from 1. */
export type SlotValues = Partial<Record<Slot, string[]>>;

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
  make: { type: 'string', slot: 'f1' }, model: { type: 'string', slot: 'f2' }, simple_body: { type: 'string', slot: 'f3' },
  simple_fuel: { type: 'string', slot: 'f4' }, location_name: { type: 'string', slot: 'f5' }, seats: { type: 'number', slot: 'f6' },
  certified: { type: 'boolean', slot: 'f7' }, car_type: { type: 'string', slot: 'f8' },
  badge: str, tag: str, account: str, transmission: str, colour: str, photos_count: num,
  year: { type: 'number', column: 'year' }, price: { type: 'number', column: 'price' },
  km: { type: 'number', column: 'km' }, created_at_timestamp: { type: 'number', column: 'created_at' },
});

export const OFFER_ATTRIBUTES: Record<string, AttributeDef> = lookupTable({
  category: { type: 'string', slot: 'f1' }, manufacturer: { type: 'string', slot: 'f2' },
  'model.name': { type: 'string', slot: 'f3' }, 'model.slug': { type: 'string', slot: 'f4' },
  price: { type: 'number', column: 'price' },
});

/**
 * Facets counted together when a request asks for both: their combinations are few (a model
 * belongs to one make, a body has few seat counts, certified is yes or no), so one grouping of
 * the pair costs less than one per facet, and each facet's counts are the sums over the other.
 * Any values stay correct; only the speed relies on the combinations being few.
 */
export const FACET_PAIRS: Record<RecordKind, [string, string][]> = {
  car: [['make', 'model'], ['simple_body', 'seats'], ['simple_fuel', 'certified']],
  offer: [['model.name', 'model.slug'], ['category', 'manufacturer']],
};

/** A numeric column a sort order reads, and its direction (NULLs always last). */
export type SortKey = ['price' | 'year' | 'km' | 'created_at', 'asc' | 'desc'];

/**
 * The sort orders of the indexes. Each row's place in each order is worked out when a site is
 * indexed and kept in its own column, so a page of hits is one integer sort (after the text
 * relevance, for an index that has it) instead of a sort on several columns.
 */
export const ORDERS = {
  o_newest: [['created_at', 'desc']],
  o_price_asc: [['price', 'asc']],
  o_price_desc: [['price', 'desc']],
  o_year_desc: [['year', 'desc'], ['created_at', 'desc']],
  o_km_asc: [['km', 'asc']],
} as const satisfies Record<string, SortKey[]>;

/** An ordinal column of ORDERS, or `position` (the snapshot's order). */
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

const car = (order: OrderColumn, relevance = false): IndexDef => ({ kind: 'car', attributes: CAR_ATTRIBUTES, relevance, order, maxHitsPerPage: MAX_CAR_HITS });

export const INDEXES: Record<string, IndexDef> = lookupTable({
  cars: car('o_newest', true),
  cars_newest: car('o_newest'),
  cars_price_asc: car('o_price_asc'),
  cars_price_desc: car('o_price_desc'),
  cars_year_desc: car('o_year_desc'),
  cars_km_asc: car('o_km_asc'),
  offers: { kind: 'offer', attributes: OFFER_ATTRIBUTES, relevance: true, order: 'position', maxHitsPerPage: MAX_OFFER_HITS },
});

/**
 * Each row's 1-based place in every order of ORDERS: its keys in turn, NULLs last, then its
 * position in the snapshot (rows are given in snapshot order).
 */
export function ordinals(rows: Pick<SearchRow, SortKey[0]>[]): Record<keyof typeof ORDERS, number>[] {
  const out = rows.map(() => ({}) as Record<keyof typeof ORDERS, number>);
  for (const column of ORDER_COLUMNS) {
    const keys: readonly SortKey[] = ORDERS[column];
    const order = rows.map((_, i) => i).sort((a, b) => {
      for (const [key, dir] of keys) {
        const x = rows[a]![key];
        const y = rows[b]![key];
        if (x === y) continue;
        if (x === null) return 1;
        if (y === null) return -1;
        return dir === 'asc' ? x - y : y - x;
      }
      return a - b;
    });
    order.forEach((row, place) => { out[row]![column] = place + 1; });
  }
  return out;
}

export interface SearchRow {
  object_id: string;
  record: Record<string, unknown>;
  /** Slot column → facet text. */
  slots: Partial<Record<Slot, string>>;
  /** Facet attributes without a slot or column. */
  facets: Record<string, string | number | boolean>;
  price: number | null;
  year: number | null;
  km: number | null;
  created_at: number | null;
  /** The words found by full text: every searchable attribute's (settings.ts). */
  text: string;
  /** Each searchable attribute's words by its number (settings.ts fieldsOf). */
  fields: Record<string, string>;
}

/** The facet attributes of a car or offer, split into slot columns and the jsonb rest. */
function facetsOf(source: Record<string, unknown>, attributes: Record<string, AttributeDef>): Pick<SearchRow, 'slots' | 'facets'> {
  const out: Pick<SearchRow, 'slots' | 'facets'> = { slots: {}, facets: {} };
  for (const [name, def] of Object.entries(attributes)) {
    if (def.column) continue;
    const value = name.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), source);
    const ok = (def.type === 'string' && typeof value === 'string' && value.trim() !== '')
      || (def.type === 'number' && typeof value === 'number' && Number.isFinite(value))
      || (def.type === 'boolean' && typeof value === 'boolean');
    if (!ok) continue;
    // String(5) is "5" and String(true) "true": the facet text jsonb's ->> gives too.
    if (def.slot) out.slots[def.slot] = String(value);
    else out.facets[name] = value as string | number | boolean;
  }
  return out;
}

/** A car as indexed; undefined for a car that is never listed (sold or hidden). */
export function carRow(c: Car): SearchRow | undefined {
  if (c.status === 'sold' || c.status === 'hidden') return undefined;
  const objectID = String(c.id);
  const record = { objectID, ...c };
  return {
    object_id: objectID,
    record,
    ...facetsOf(c, CAR_ATTRIBUTES),
    price: c.price, year: c.year, km: c.km, created_at: c.created_at_timestamp,
    text: textOf(record, SETTINGS.car.searchable),
    fields: fieldsOf(record, SETTINGS.car),
  };
}

export function offerRow(o: Offer): SearchRow {
  const objectID = String(o.id);
  const record = { objectID, ...o };
  return {
    object_id: objectID,
    record,
    ...facetsOf(o, OFFER_ATTRIBUTES),
    price: o.price ?? null, year: null, km: null, created_at: null,
    text: textOf(record, SETTINGS.offer.searchable),
    fields: fieldsOf(record, SETTINGS.offer),
  };
}
