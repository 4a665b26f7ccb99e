/**
 * A home page's short cars block is one swipeable row with View all: no search panel, no
 * toolbar, no page buttons, a full row of cars whatever the block's page size; a listing (or
 * any block off the home page) stays a search.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock, toBlocks } from '../../../tests/helpers/render.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Car } from '../../content/entities.ts';
import type { Page } from '../../content/page.ts';
import { ROW_CARS, isCarsRow, rowHitsPerPage } from './row.ts';

let base: DealerContent;
beforeAll(async () => {
  base = await fixtureDealer('mini-motors');
});

const car = (id: number): Car =>
  ({
    id,
    name: 'Car',
    slug: `car-${id}`,
    make: 'Toyota',
    model: 'Corolla',
    year: 2020,
    km: 48000,
    price: 20000 + id,
    photos: [`/p/${id}.jpg`],
    photos_count: 1,
    car_type: 'used',
    status: 'available',
    created_at_timestamp: 1_700_000_000 + id,
  }) as Car;
const cars = Array.from({ length: 20 }, (_, i) => car(i + 1));
const page = (path: string, blocks: unknown[]): Page => ({
  id: path,
  path,
  title: path,
  description: undefined,
  publishedAt: '2025-01-01',
  noindex: false,
  file: `pages${path}.json`,
  blocks: toBlocks(blocks).blocks,
});
const pages = () => [
  page('/', [{ id: 'c1', type: 'cars', data: {} }]),
  page('/used-cars', [{ id: 'c2', type: 'cars', data: {}, tunes: { classname: 'show-all-cars' } }]),
];

describe('which cars blocks are rows', () => {
  it('a short block on the home page; never a listing, never off the home page', () => {
    expect(isCarsRow('/', 3, false)).toBe(true);
    expect(isCarsRow('/', 4, false)).toBe(true);
    expect(isCarsRow('/', 12, false)).toBe(false);
    expect(isCarsRow('/', 3, true)).toBe(false);
    expect(isCarsRow('/used-cars', 3, false)).toBe(false);
    expect(rowHitsPerPage(3)).toBe(ROW_CARS);
    expect(rowHitsPerPage(5)).toBe(ROW_CARS);
  });
});

describe('the home page row', () => {
  it('holds a full row of cars in one list with View all by the heading, and no pagination or filters', async () => {
    const dealer = { ...base, cars, pages: pages() };
    const html = await renderBlock('cars', { heading: 'Latest arrivals', hitsPerPage: 3 }, { dealer, path: '/' });
    expect(html).toContain('class="cars-list cars-row"');
    expect(html.match(/<li class="car-card"/g)).toHaveLength(ROW_CARS);
    expect(html).toMatch(/<a class="cars-row-all"[^>]*href="\/used-cars"[^>]*>View all/);
    expect(html).not.toContain('Result pages');
    expect(html).not.toContain('cars-panel');
    expect(html).not.toContain('cars-toolbar');
    expect(html).not.toContain('View All Cars');
  });

  it('stays a search with page buttons off the home page', async () => {
    const dealer = { ...base, cars, pages: pages() };
    const html = await renderBlock('cars', { hitsPerPage: 3 }, { dealer, path: '/featured' });
    expect(html).not.toContain('cars-row');
    expect(html.match(/<li class="car-card"/g)).toHaveLength(3);
    expect(html).toContain('cars-panel');
  });
});
