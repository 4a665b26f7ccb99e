/**
 * How a car or offer becomes a row of the search tables: its facet values in slot columns (or
 * the `facets` jsonb), its sort columns and its searchable text. The indexes and their
 * attributes are src/features/search/rules/indexes.ts.
 */
import type { Car, Offer } from '../../../content/entities.ts';
import {
  CAR_ATTRIBUTES,
  OFFER_ATTRIBUTES,
  SLOTS,
  type AttributeDef,
  type RecordKind,
  type Slot,
} from '../rules/indexes.ts';
import { fieldsOf, SETTINGS, textOf } from '../rules/settings.ts';
import { searchPrice } from '../../../domain/car-prices.ts';

/**
 * A slot's value as a number (c1 for f1…): its place, from 1, in the site's list of that slot's
 * values (search_sources.slot_values). Facet counts group these: hashing an integer is cheaper
 * than hashing text, and each match is grouped once per facet. The list is sorted when a site is
 * indexed whole and only grows between (a new value takes the next code, no code moves), so one
 * car's change never rewrites another's codes. Facet values are ordered after decoding
 * (facet-values.ts), never by code.
 */
export const codeOf = (slot: Slot) => `c${slot.slice(1)}`;
export const CODES = SLOTS.map(codeOf);

/** Each slot's distinct values: a value's code is its place in the list, from 1. */
export type SlotValues = Partial<Record<Slot, string[]>>;

/**
 * Facets counted together when a request asks for both: their combinations are few (a model
 * belongs to one make, a body has few seat counts, certified is yes or no), so one grouping of
 * the pair costs less than one per facet, and each facet's counts are the sums over the other.
 * Any values stay correct; only the speed relies on the combinations being few.
 */
export const FACET_PAIRS: Record<RecordKind, [string, string][]> = {
  car: [
    ['make', 'model'],
    ['simple_body', 'seats'],
    ['simple_fuel', 'certified'],
  ],
  offer: [
    ['model.name', 'model.slug'],
    ['category', 'manufacturer'],
  ],
};

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
function facetsOf(
  source: Record<string, unknown>,
  attributes: Record<string, AttributeDef>,
): Pick<SearchRow, 'slots' | 'facets'> {
  const out: Pick<SearchRow, 'slots' | 'facets'> = { slots: {}, facets: {} };
  for (const [name, def] of Object.entries(attributes)) {
    if (def.column) continue;
    const value = name
      .split('.')
      .reduce<unknown>(
        (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
        source,
      );
    const ok =
      (def.type === 'string' && typeof value === 'string' && value.trim() !== '') ||
      (def.type === 'number' && typeof value === 'number' && Number.isFinite(value)) ||
      (def.type === 'boolean' && typeof value === 'boolean');
    if (!ok) continue;
    // String(5) is "5" and String(true) "true": the facet text jsonb's ->> gives too.
    if (def.slot) out.slots[def.slot] = String(value);
    else out.facets[name] = value;
  }
  return out;
}

/**
 * A car as indexed; undefined for a car that is never listed (sold or hidden). A price on
 * application car has no price: it sorts after priced cars and counts in no price range.
 */
export function carRow(c: Car): SearchRow | undefined {
  if (c.status === 'sold' || c.status === 'hidden') return undefined;
  const objectID = String(c.id);
  const record = { objectID, ...c };
  return {
    object_id: objectID,
    record,
    ...facetsOf(c, CAR_ATTRIBUTES),
    price: searchPrice(c),
    year: c.year,
    km: c.km,
    created_at: c.created_at_timestamp,
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
    price: o.price ?? null,
    year: null,
    km: null,
    created_at: null,
    text: textOf(record, SETTINGS.offer.searchable),
    fields: fieldsOf(record, SETTINGS.offer),
  };
}
