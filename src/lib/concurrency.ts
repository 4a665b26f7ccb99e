/**
 * Bounded concurrency for work that opens files. A fleet of a thousand dealers is tens of
 * thousands of files: started all at once they exhaust the process's file descriptors (EMFILE)
 * long before the disk is the limit, so every reader goes through a limiter.
 */

/** Runs at most `max` of the functions given to it at a time, in the order they were given. */
export function limiter(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(max) || max < 1) throw new Error(`a limiter needs a whole number of at least 1, not ${max}`);
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    // A finished call hands its slot straight to the next waiting one, so a caller arriving in
    // between can never push the count past `max`.
    if (active >= max) await new Promise<void>((start) => waiting.push(start));
    else active++;
    try {
      return await work();
    } finally {
      const start = waiting.shift();
      if (start) start();
      else active--;
    }
  };
}

/** `items.map(work)` with at most `max` calls in flight; results keep the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  max: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let cursor = 0;
  const worker = async () => {
    while (cursor < items.length) {
      const i = cursor++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(max, items.length) }, worker));
  return results;
}
