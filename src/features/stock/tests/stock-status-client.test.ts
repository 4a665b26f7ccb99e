/**
 * The pages' status client (src/features/stock/ui/stock-status.ts): many cars are asked about in requests of
 * MAX_STATUS_IDS (the API refuses more), the answers merged; a request that fails leaves its cars
 * unknown and the others as answered.
 */
import { describe, expect, it } from 'vitest';
import { MAX_STATUS_IDS } from '../../../contract/routes.ts';
import { fetchStatuses, isSold } from '../ui/stock-status.ts';

describe('fetchStatuses', () => {
  it('asks MAX_STATUS_IDS cars at a time and merges the answers; a failed request loses only its own', async () => {
    const ids = Array.from({ length: 2 * MAX_STATUS_IDS + 7 }, (_, i) => String(1000 + i));
    const asked: string[][] = [];
    const doFetch = (async (input: string) => {
      const batch = new URL(input, 'http://x.localhost').searchParams.get('ids')!.split(',');
      asked.push(batch);
      if (batch.includes(String(1000 + MAX_STATUS_IDS))) return new Response('busy', { status: 503 });
      return Response.json({ cars: Object.fromEntries(batch.map((id) => [id, id === '1003' ? 'sold' : 'available'])) });
    }) as typeof fetch;
    const found = await fetchStatuses(ids, doFetch);
    expect(asked.map((b) => b.length)).toEqual([MAX_STATUS_IDS, MAX_STATUS_IDS, 7]);
    expect(Object.keys(found)).toHaveLength(MAX_STATUS_IDS + 7);
    expect(found['1003']).toBe('sold');
    expect(found[String(1000 + MAX_STATUS_IDS)]).toBeUndefined();
    expect(await fetchStatuses([], doFetch)).toEqual({});
    expect(
      await fetchStatuses(['1'], async () => {
        throw new TypeError('offline');
      }),
    ).toEqual({});
  });

  it('counts a sold or hidden car as sold, and no other state', () => {
    expect(['sold', 'hidden'].every((s) => isSold(s as never))).toBe(true);
    expect(['available', 'held', 'reserved', 'unknown', undefined].some((s) => isSold(s as never))).toBe(false);
  });
});
