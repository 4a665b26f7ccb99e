/**
 * The home page's cars row has previous/next buttons for mouse users: real buttons, labelled
 * "Previous cars" and "Next cars", naming the row they move (aria-controls), "Previous" disabled
 * at the start, the group hidden until its script runs (without it they would do nothing), and
 * the one small inline script beside them; a search off the home page has none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock, toBlocks } from '../../../tests/helpers/render.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Car } from '../../content/entities.ts';
import type { Page } from '../../content/page.ts';
import { ROW_ARROWS_SCRIPT } from '../../components/ui/row-arrows.ts';

let dealer: DealerContent;
beforeAll(async () => {
  const base = await fixtureDealer('mini-motors');
  const cars = Array.from(
    { length: 8 },
    (_, i) =>
      ({
        ...base.cars[0],
        id: i + 1,
        slug: `car-${i + 1}`,
        status: 'available',
        created_at_timestamp: 1_700_000_000 + i,
      }) as Car,
  );
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
  dealer = { ...base, cars, pages: [page('/', [{ id: 'c1', type: 'cars', data: {} }])] };
});

describe('the cars row’s arrows', () => {
  it('renders two labelled buttons controlling the row, hidden until the script runs', async () => {
    const html = await renderBlock('cars', { heading: 'Latest arrivals', hitsPerPage: 3 }, { dealer, path: '/' });
    const group = /<span class="row-arrows[^"]*"([^>]*)>([\s\S]*?)<\/span>\s*<script>/.exec(html);
    expect(group, 'the arrows group').not.toBeNull();
    const [, attrs, buttons] = group!;
    expect(attrs).toMatch(/\bhidden\b/);
    expect(attrs).toContain('data-row-list=".cars-row"');
    const id = /data-row-id="([^"]+)"/.exec(attrs!)![1]!;
    const previous = /<button([^>]*aria-label="Previous cars"[^>]*)>/.exec(buttons!)?.[1];
    const next = /<button([^>]*aria-label="Next cars"[^>]*)>/.exec(buttons!)?.[1];
    expect(previous).toMatch(/type="button"/);
    expect(previous).toContain(`aria-controls="${id}"`);
    expect(previous).toMatch(/\bdisabled\b/);
    expect(next).toContain(`aria-controls="${id}"`);
    expect(next).not.toMatch(/\bdisabled\b/);
    // The section holding them is the row the script looks in; the list is still the row's.
    expect(html).toMatch(/<section[^>]*class="cars cars-row-block[^"]*"[^>]*data-row/);
    expect(html).toContain('class="cars-list cars-row"');
    expect(html).toContain(ROW_ARROWS_SCRIPT);
  });

  it('is not on a search off the home page', async () => {
    const html = await renderBlock('cars', { hitsPerPage: 3 }, { dealer, path: '/featured' });
    expect(html).not.toContain('row-arrow');
    expect(html).not.toContain('Previous cars');
  });
});
