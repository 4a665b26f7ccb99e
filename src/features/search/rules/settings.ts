/**
 * Each index family's search settings, in Algolia's terms: the searchable attributes (in order),
 * those whose words a misspelt query word may stand for, what a hit carries and what is
 * highlighted unless the request says otherwise. Requests override the settings Algolia lets a
 * query override (attributesToRetrieve, attributesToHighlight, allowTyposOnNumericTokens, …).
 */
import { CAR_HIT_FIELDS } from './cars-search.ts';
import type { RecordKind } from './indexes.ts';

export interface SearchSettings {
  /** searchableAttributes: the words a query matches. An attribute's place is its number in `fields`. */
  searchable: readonly string[];
  /**
   * The searchable attributes with typo tolerance (Algolia's disableTypoToleranceOnAttributes
   * holds the others): short values a visitor types from memory. The dealers' free text is left
   * out, as its vocabulary grows with the stock and its typos would mostly be noise.
   */
  typoTolerant: readonly string[];
  /** attributesToRetrieve when a request names none. */
  attributesToRetrieve: readonly string[];
  /** attributesToHighlight when a request names none. */
  attributesToHighlight: readonly string[];
  /** Returned (or highlighted) only when a request names them: never for "*". */
  onRequestOnly: readonly string[];
  /**
   * allowTyposOnNumericTokens: off, as years and prices are large sets of similar numbers (a
   * search for 2019 should not bring back 2018 and 2020); a request may turn it on.
   */
  allowTyposOnNumericTokens: boolean;
}

export const SETTINGS: Record<RecordKind, SearchSettings> = {
  car: {
    searchable: [
      'name',
      'make',
      'model',
      'badge',
      'simple_body',
      'simple_fuel',
      'location_name',
      'tag',
      'dealercomments',
    ],
    typoTolerant: ['name', 'make', 'model', 'badge', 'simple_body', 'simple_fuel', 'location_name', 'tag'],
    // What a result card shows (src/features/search/rules/cars-search.ts), no more: the records also hold the
    // dealer's comments, features and registration details.
    attributesToRetrieve: CAR_HIT_FIELDS,
    attributesToHighlight: ['name', 'make', 'model', 'badge'],
    onRequestOnly: ['vin', 'rego'],
    allowTyposOnNumericTokens: false,
  },
  offer: {
    searchable: ['name', 'description', 'model.name', 'category', 'manufacturer'],
    typoTolerant: ['name', 'model.name', 'category', 'manufacturer'],
    attributesToRetrieve: ['*'],
    attributesToHighlight: ['name', 'model.name'],
    onRequestOnly: [],
    allowTyposOnNumericTokens: false,
  },
};

/**
 * The value at a dotted path ("model.name") of a record, or undefined. Own properties only: a
 * request naming "__proto__" or "constructor" finds nothing.
 */
export function valueAt(record: Record<string, unknown>, attr: string): unknown {
  return attr
    .split('.')
    .reduce<unknown>(
      (v, key) =>
        v && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, key)
          ? (v as Record<string, unknown>)[key]
          : undefined,
      record,
    );
}

/**
 * The searchable words of a text: HTML tags dropped, split on anything but letters and digits
 * exactly as queries are (terms.ts queryTerms), so "CX-5" is found by "cx-5", "cx 5" or "cx".
 */
export function searchableText(...parts: unknown[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && !!p)
    .join(' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a record's attributes, as one text. */
export function textOf(record: Record<string, unknown>, attrs: readonly string[]): string {
  return searchableText(...attrs.map((a) => valueAt(record, a)));
}

/**
 * The tag of the searchable attribute with this number in search_hits.fields: "fa", "fb", … put
 * before each of its lexemes ("fgpenrith"). Letters keep tag and word one token for the text
 * parser, so to_tsquery treats "fgpen" as the start of one word, as it does the word alone.
 */
export const fieldTag = (n: number) => `f${String.fromCharCode(97 + n)}`;

/** Each searchable attribute's words by its tag, for restricted searches (empty ones left out). */
export function fieldsOf(record: Record<string, unknown>, settings: SearchSettings): Record<string, string> {
  const out: Record<string, string> = {};
  settings.searchable.forEach((attr, i) => {
    const text = textOf(record, [attr]);
    if (text) out[fieldTag(i)] = text;
  });
  return out;
}
