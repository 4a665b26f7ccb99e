import { describe, expect, it } from 'vitest';
import { BENCH_FACETS, runSearchLoad, searchQueries, syntheticCars } from '../../scripts/lib/bench-search.ts';

describe('the search load run', () => {
  it('generates realistic stock and InstantSearch-like multi-queries', () => {
    const cars = syntheticCars(500);
    expect(new Set(cars.map((c) => c.make)).size).toBeGreaterThan(8);
    expect(cars.some((c) => c.status === 'sold')).toBe(true);
    const queries = searchQueries(cars, 50);
    for (const q of queries) {
      const [main, ...disjunctive] = q.requests as { params: { facets: string[]; facetFilters: string[][]; query: string } }[];
      expect(main!.params.query).not.toBe('');
      expect(main!.params.facets).toEqual(expect.arrayContaining([...BENCH_FACETS]));
      expect(disjunctive).toHaveLength(main!.params.facetFilters.length);
    }
  });

  it('indexes the cars and reports server and wall percentiles without errors (PGlite, small)', async () => {
    const r = await runSearchLoad({ database: { kind: 'pglite' }, cars: 300, queries: 10, warmup: 1 });
    expect(r).toMatchObject({ database: 'PGlite', cars: 300, queries: 10, errors: 0 });
    expect(r.indexed).toBe(syntheticCars(300).filter((c) => c.status === 'available').length);
    expect(r.serverMs.p50).toBeGreaterThan(0);
    expect(r.wallMs.p95).toBeGreaterThanOrEqual(r.wallMs.p50);
    expect(r.serverMs.p99).toBeLessThanOrEqual(r.serverMs.max);
  }, 180_000);
});
