import { describe, expect, it } from 'vitest';
import {
  BENCH_FACETS,
  KEYWORDS,
  runSearchLoad,
  searchQueries,
  syntheticCars,
  TYPO_KEYWORDS,
} from '../../../scripts/bench/bench-search.ts';
import type { TextSettings } from '../../../src/features/search/contract/search-params.ts';
import { typoBudget, typosOf } from '../../../src/features/search/server/typos.ts';

const DEFAULTS: TextSettings = {
  typoTolerance: true,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  allowTyposOnNumericTokens: false,
  queryType: 'prefixAll',
};

describe('the search load run', () => {
  it('generates realistic stock and InstantSearch-like multi-queries, half of them misspelt', () => {
    const cars = syntheticCars(500);
    expect(new Set(cars.map((c) => c.make)).size).toBeGreaterThan(8);
    expect(cars.some((c) => c.status === 'sold')).toBe(true);
    const queries = searchQueries(cars, 50);
    expect(queries.filter((q) => q.kind === 'typo')).toHaveLength(25);
    for (const q of queries) {
      const [main, ...disjunctive] = q.body.requests as {
        params: { facets: string[]; facetFilters: string[][]; query: string };
      }[];
      expect(main!.params.query).not.toBe('');
      expect(q.kind === 'typo' ? TYPO_KEYWORDS : KEYWORDS).toContain(main!.params.query);
      expect(main!.params.facets).toEqual(expect.arrayContaining([...BENCH_FACETS]));
      expect(disjunctive).toHaveLength(main!.params.facetFilters.length);
    }
  });

  it('misspells every typo keyword within the typos allowed, of a word of the stock', () => {
    const words = new Set(
      syntheticCars(2000)
        .flatMap((c) => [c.make, c.model, c.simple_body, c.simple_fuel, c.location_name])
        .flatMap((v) => (v ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []),
    );
    for (const keyword of TYPO_KEYWORDS) {
      for (const term of keyword.split(' ')) {
        if (words.has(term)) continue;
        const budget = typoBudget(term, DEFAULTS);
        expect(
          [...words].some((w) => typosOf(term, w, budget, true)),
          term,
        ).toBe(true);
      }
    }
  });

  it('indexes the cars and reports server and wall percentiles without errors (PGlite, small)', async () => {
    const r = await runSearchLoad({ database: { kind: 'pglite' }, cars: 300, queries: 10, warmup: 1 });
    expect(r).toMatchObject({
      database: 'PGlite',
      cars: 300,
      queries: 10,
      errors: 0,
      byKind: { exact: { queries: 5 }, typo: { queries: 5 } },
    });
    expect(r.byKind.typo.meanHits).toBeGreaterThan(0);
    expect(r.indexed).toBe(syntheticCars(300).filter((c) => c.status === 'available').length);
    expect(r.serverMs.p50).toBeGreaterThan(0);
    expect(r.wallMs.p95).toBeGreaterThanOrEqual(r.wallMs.p50);
    expect(r.serverMs.p99).toBeLessThanOrEqual(r.serverMs.max);
  }, 180_000);
});
