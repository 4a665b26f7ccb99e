/**
 * Content format 1.3: "a listing block whose filter can match none of the dealer's stock is a
 * build warning". A `cars` block's fixed filters (make, car_type, location_name, account) are
 * checked against the cars the build renders (the snapshot's, or the imported stock), every car
 * counted whatever its status, so a make the dealer has only sold out of for now is no warning
 * while a misspelt make or an account no car carries is. Values compare as the search compares
 * them, case and surrounding spaces aside.
 */
import type { ContentIssue } from '../content/issues.ts';
import type { DealerContent } from '../content/load.ts';
import type { Block } from '../content/blocks.ts';
import { jsonPath } from '../content/issues.ts';
import { nestedBlockLists } from '../content/blocks.ts';

type CarsFilters = NonNullable<Extract<Block, { type: 'cars' }>['data']['filters']>;
const LIST_FILTERS = ['make', 'car_type', 'location_name'] as const;

const norm = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** Every block of a tree with its JSON path in the page file (`blocks[2].data.columns[0]…`). */
function* withPaths(blocks: Block[], prefix: (string | number)[]): Generator<[Block, (string | number)[]]> {
  for (const b of blocks) {
    const at = [...prefix, b.index];
    yield [b, at];
    for (const list of nestedBlockLists(b.type, b.data))
      yield* withPaths(list.blocks as Block[], [...at, 'data', ...list.path]);
  }
}

/** What is wrong with one block's filters against the stock, in words; none when it can list a car. */
export function unmatchedFilters(filters: CarsFilters | undefined, cars: DealerContent['cars']): string[] {
  if (!filters) return [];
  const problems: string[] = [];
  const values = (attr: (typeof LIST_FILTERS)[number]) => (filters[attr] ?? []).map(norm).filter(Boolean);
  for (const attr of LIST_FILTERS) {
    const have = new Set(cars.map((c) => norm(c[attr])));
    for (const raw of filters[attr] ?? []) {
      if (norm(raw) && !have.has(norm(raw))) problems.push(`${attr} "${raw.trim()}" matches none of the dealer's cars`);
    }
  }
  const account = norm(filters.account);
  if (account && !cars.some((c) => norm(c.account) === account))
    problems.push(`account "${filters.account!.trim()}" matches none of the dealer's cars`);
  if (problems.length) return problems;
  const fits = (c: DealerContent['cars'][number]) =>
    LIST_FILTERS.every((attr) => !values(attr).length || values(attr).includes(norm(c[attr]))) &&
    (!account || norm(c.account) === account);
  if ((LIST_FILTERS.some((a) => values(a).length) || account) && !cars.some(fits))
    problems.push("its filters together match none of the dealer's cars");
  return problems;
}

/** One warning per cars block whose filters can list none of `dealer.cars`, naming page and block. */
export function emptyListingWarnings(dealer: DealerContent): ContentIssue[] {
  const out: ContentIssue[] = [];
  for (const page of dealer.pages) {
    for (const [block, at] of withPaths(page.blocks, ['blocks'])) {
      if (block.type !== 'cars') continue;
      const problems = unmatchedFilters(block.data.filters, dealer.cars);
      if (!problems.length) continue;
      out.push({
        dealer: dealer.slug,
        file: page.file,
        path: jsonPath([...at, 'data', 'filters']),
        message: `the cars block (id ${block.id}) on page ${page.path} lists no car: ${problems.join('; ')}`,
      });
    }
  }
  return out;
}
