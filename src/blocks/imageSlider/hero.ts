/**
 * The hero's quick stock search, decided at build time: which listing it opens (the page the
 * cars blocks' "View All Cars" goes to, else the first stock listing), the cars that listing
 * shows (its first cars block's fixed filters, sold and hidden cars left out), and from them the
 * make, model and max-price choices with their counts. The form is a plain GET to the listing
 * with the listing's own URL parameters (src/features/search/rules/cars-search.ts LIST_FACETS and
 * RANGE_FACETS: ?make=Toyota&model=RAV4&price=:30000), so it works before and without JavaScript.
 */
import type { Block } from '../../content/blocks.ts';
import { walkBlocks } from '../../content/block-tree.ts';
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import { isListed } from '../../domain/routes.ts';
import { searchPrice } from '../../domain/car-prices.ts';
import { parseFilters } from '../../features/search/rules/filters.ts';
import {
  LIST_FACETS,
  RANGE_FACETS,
  carsFixedFilters,
  carsPerPage,
  hasSidebar,
  viewAllCarsHref,
  type CarsBlockData,
} from '../../features/search/rules/cars-search.ts';
import { matchesFilter } from '../../features/search/ui/cars-static-search.ts';
import { formatPrice } from '../../lib/text.ts';
import { hasPageHeading } from '../../site/page-blocks.ts';

/** The listing's URL parameters the quick search fills. */
export const QUICK_PARAMS = { make: LIST_FACETS.make, model: LIST_FACETS.model, price: RANGE_FACETS.price } as const;

/** Max-price steps offered, in dollars; only those that make a difference to the dealer's stock show. */
export const PRICE_STEPS = [10000, 15000, 20000, 25000, 30000, 40000, 50000, 60000, 80000, 100000, 150000];

export interface Choice {
  value: string;
  label: string;
  count: number;
}

export interface QuickSearch {
  /** The listing's path, the form's action. */
  action: string;
  /** Cars the listing shows. */
  total: number;
  makes: Choice[];
  /** Models by make, for the model select's groups. */
  models: { make: string; models: Choice[] }[];
  /** Max prices: the listing's price range parameter (":30000") and "Under $30,000". */
  prices: Choice[];
  /** Each listed car as [make, model, price or null]: the form counts "Search N cars" from it. */
  cars: [string, string, number | null][];
}

type Pages = DealerContent['pages'];

const carsBlocks = (blocks: Block[]) => [...walkBlocks(blocks)].filter((b) => b.type === 'cars');

/** The listing page the quick search opens, and its first cars block. */
export function quickSearchListing(
  pages: Pages,
  currentPath: string,
): { path: string; block: Block & { data: CarsBlockData } } | undefined {
  const isListing = (p: Pages[number]) =>
    carsBlocks(p.blocks).some((b) => hasSidebar(carsPerPage(b.data, b.tunes.classname)));
  const target =
    viewAllCarsHref(pages, currentPath, false) ?? pages.find((p) => p.path !== currentPath && isListing(p))?.path;
  const page = target ? pages.find((p) => p.path === target) : undefined;
  const block = page && carsBlocks(page.blocks)[0];
  return page && block ? { path: page.path, block: block as Block & { data: CarsBlockData } } : undefined;
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label, 'en-AU');

function choices(values: string[]): Choice[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, label: value, count })).sort(byLabel);
}

/** The max-price steps between the cheapest and dearest car: each lets some cars in and not all. */
export function priceChoices(prices: readonly number[]): Choice[] {
  if (!prices.length) return [];
  const max = Math.max(...prices);
  const out: Choice[] = [];
  for (const step of PRICE_STEPS) {
    const count = prices.filter((p) => p <= step).length;
    if (count === 0) continue;
    out.push({ value: `:${step}`, label: `Under ${formatPrice(step)}`, count });
    if (step >= max) break;
  }
  return out;
}

/** The quick search of a dealer's hero on `currentPath`, or undefined when there is no listing with cars. */
export function quickSearch(
  dealer: Pick<DealerContent, 'pages' | 'cars'>,
  currentPath: string,
): QuickSearch | undefined {
  const listing = quickSearchListing(dealer.pages, currentPath);
  if (!listing) return undefined;
  const filter = parseFilters(carsFixedFilters(listing.block.data) || undefined);
  const listed: Car[] = dealer.cars.filter((c) => isListed(c) && (!filter || matchesFilter(c, filter)));
  if (!listed.length) return undefined;
  const makes = choices(listed.map((c) => c.make.trim()).filter(Boolean));
  const models = makes.map((m) => ({
    make: m.value,
    models: choices(
      listed
        .filter((c) => c.make.trim() === m.value)
        .map((c) => c.model.trim())
        .filter(Boolean),
    ),
  }));
  const prices = listed.map((c) => searchPrice(c)).filter((p): p is number => p !== null);
  return {
    action: listing.path,
    total: listed.length,
    makes,
    models,
    prices: priceChoices(prices),
    cars: listed.map((c) => [c.make.trim(), c.model.trim(), searchPrice(c)]),
  };
}

/**
 * Whether a slider's hero headline is the page's <h1>: when it is the page's first hero (at the
 * top level of the page) and no heading block or banner gives the page one; else it is a
 * paragraph styled the same, so a page never has two.
 */
export function heroIsH1(pageBlocks: Block[], blockId: string): boolean {
  const heroes = pageBlocks.filter((b) => b.type === 'imageSlider' && b.data.hero);
  if (heroes[0]?.id !== blockId) return false;
  return !hasPageHeading(pageBlocks.filter((b) => !heroes.includes(b)));
}
