/**
 * The search route's answers computed in memory from a dealer's cars.json, for the build: the
 * cars block renders its first page of results (and facet counts) at build time, in Algolia's
 * response format, so the page shows cars before any JavaScript and InstantSearch hydrates from
 * exactly that state. Requests are parsed by the search route's own parser
 * (src/features/search/contract/search-params.ts) and filtered with its filter trees, so build and API agree on
 * what a request means.
 * Differences from the route, none of which the first page uses: no query relevance (a query
 * filters; the index order stays), no highlighting, no facet-value search.
 */
import type { Car } from '../../../content/entities.ts';
import type { Filter, Op } from '../rules/filters.ts';
import { CAR_ATTRIBUTES } from '../rules/indexes.ts';
import { parseSearchRequest, type SearchRequest } from '../contract/search-params.ts';
import { queryTerms } from '../rules/terms.ts';
import { isListed } from '../../../domain/routes.ts';
import { carHit } from '../rules/cars-search.ts';
import { searchPrice } from '../../../domain/car-prices.ts';

type Value = string | number | boolean | undefined;

/**
 * A car's value of a facet attribute, as the index stores it (undefined when it has none; a price
 * on application car has no price, as in the API's index).
 */
function valueOf(car: Car, attr: string): Value {
  const def = CAR_ATTRIBUTES[attr];
  if (!def) return undefined;
  if (attr === 'price') return searchPrice(car) ?? undefined;
  const v = (car as unknown as Record<string, unknown>)[attr];
  if (def.type === 'string') return typeof v === 'string' && v.trim() !== '' ? v : undefined;
  if (def.type === 'number') return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  return typeof v === 'boolean' ? v : undefined;
}

const facetText = (v: Value) => (v === undefined ? undefined : String(v));
const numberOf = (v: Value) => (typeof v === 'boolean' ? Number(v) : typeof v === 'number' ? v : undefined);

const compare: Record<Op, (a: number, b: number) => boolean> = {
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
};

export function matchesFilter(car: Car, f: Filter): boolean {
  switch (f.kind) {
    case 'and':
      return f.items.every((i) => matchesFilter(car, i));
    case 'or':
      return f.items.some((i) => matchesFilter(car, i));
    case 'not':
      return !matchesFilter(car, f.item);
    case 'facet':
      return facetText(valueOf(car, f.attr)) === f.value;
    case 'num': {
      const n = numberOf(valueOf(car, f.attr));
      return n !== undefined && compare[f.op](n, f.value);
    }
    case 'range': {
      const n = numberOf(valueOf(car, f.attr));
      return n !== undefined && n >= f.lo && n <= f.hi;
    }
  }
}

function words(car: Car): string[] {
  return (
    [
      car.name,
      car.make,
      car.model,
      car.badge,
      car.simple_body,
      car.simple_fuel,
      car.location_name,
      car.tag,
      car.dealercomments,
    ]
      .filter((p): p is string => typeof p === 'string')
      .join(' ')
      .replace(/<[^>]*>/g, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Nulls last, then snapshot order, as the route's ORDER BY. */
function by(get: (c: Car) => number | undefined, dir: 1 | -1) {
  return (a: Car, b: Car) => {
    const x = get(a),
      y = get(b);
    if (x === y) return 0;
    if (x === undefined) return 1;
    if (y === undefined) return -1;
    return (x - y) * dir;
  };
}
const newest = by((c) => c.created_at_timestamp, -1);
const ORDERS: Record<string, (a: Car, b: Car) => number> = {
  cars: newest,
  cars_newest: newest,
  cars_price_asc: by((c) => searchPrice(c) ?? undefined, 1),
  cars_price_desc: by((c) => searchPrice(c) ?? undefined, -1),
  cars_year_desc: (a, b) => by((c) => c.year, -1)(a, b) || newest(a, b),
  cars_km_asc: by((c) => c.km, 1),
};

/** One request's answer in the route's (Algolia's) shape; hits keep only the card's fields. */
export function answerCarsRequest(cars: readonly Car[], req: SearchRequest): Record<string, unknown> {
  const terms = queryTerms(req.query);
  const matched = cars
    .filter(isListed)
    .filter((c) => !req.filter || matchesFilter(c, req.filter))
    .filter((c) => {
      if (!terms.length) return true;
      const w = words(c);
      return terms.every((t) => w.some((x) => x.startsWith(t)));
    });
  const order = ORDERS[req.indexName] ?? newest;
  const sorted = matched
    .map((c, i) => ({ c, i }))
    .sort((a, b) => order(a.c, b.c) || a.i - b.i)
    .map((x) => x.c);

  const facets: Record<string, Record<string, number>> = {};
  const stats: Record<string, { min: number; max: number; avg: number; sum: number }> = {};
  for (const attr of req.facets) {
    const counts = new Map<string, number>();
    const nums: number[] = [];
    for (const c of matched) {
      const v = valueOf(c, attr);
      if (v === undefined) continue;
      counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
      if (CAR_ATTRIBUTES[attr]?.type === 'number') nums.push(v as number);
    }
    facets[attr] = Object.fromEntries(
      [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, req.maxValuesPerFacet),
    );
    if (nums.length) {
      const sum = nums.reduce((s, n) => s + n, 0);
      stats[attr] = { min: Math.min(...nums), max: Math.max(...nums), avg: sum / nums.length, sum };
    }
  }
  const from = req.page * req.hitsPerPage;
  return {
    hits: sorted.slice(from, from + req.hitsPerPage).map((car) => carHit(car)),
    nbHits: matched.length,
    page: req.page,
    nbPages: req.hitsPerPage ? Math.ceil(matched.length / req.hitsPerPage) : 0,
    hitsPerPage: req.hitsPerPage,
    facets,
    facets_stats: stats,
    exhaustiveFacetsCount: true,
    exhaustiveNbHits: true,
    exhaustive: { facetsCount: true, nbHits: true },
    processingTimeMS: 0,
    query: req.query,
    params: req.params,
    index: req.indexName,
    renderingContent: {},
  };
}

/**
 * An InstantSearch search client over the cars in memory. `baseIndex` maps a request's index name
 * to the route's (Algolia mode prefixes them).
 */
export function staticCarsClient(cars: readonly Car[], baseIndex: (indexName: string) => string = (n) => n) {
  return {
    search(requests: readonly { indexName: string; params?: Record<string, unknown> }[]) {
      const results = requests.map((r): Record<string, unknown> => {
        const req = parseSearchRequest({ ...r, indexName: baseIndex(r.indexName) });
        return { ...answerCarsRequest(cars, req), index: r.indexName };
      });
      return Promise.resolve({ results });
    },
    searchForFacetValues() {
      return Promise.resolve([]);
    },
  };
}
