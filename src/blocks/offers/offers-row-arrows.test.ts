/**
 * The home page's offers row has previous/next buttons for mouse users, like the cars row:
 * "Previous offers" and "Next offers" controlling the row's list by its id, "Previous" disabled
 * at the start, hidden until the script runs; the offers page's tabs and grid have none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { offer as offerSchema } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';

let dealer: DealerContent;
beforeAll(async () => {
  const base = await fixtureDealer();
  const offers = [1, 2, 3, 4, 5].map((id) => offerSchema.parse({ id, name: `Deal ${id}` }));
  dealer = { ...base, offers };
});

describe('the offers row’s arrows', () => {
  it('renders two labelled buttons controlling the row’s list', async () => {
    const html = await renderBlock('offers', { heading: 'Latest offers' }, { dealer, path: '/' });
    const listId = /<ul class="offers-row" id="([^"]+)"/.exec(html)?.[1];
    expect(listId, 'the row’s list id').toBeTruthy();
    expect(html).toMatch(/<span class="row-arrows[^"]*"[^>]*\bhidden\b/);
    expect(html).toMatch(
      new RegExp(`<button[^>]*aria-controls="${listId}"[^>]*aria-label="Previous offers"[^>]*disabled`),
    );
    expect(html).toMatch(new RegExp(`<button[^>]*aria-controls="${listId}"[^>]*aria-label="Next offers"`));
    expect(html).toMatch(/<section[^>]*class="offers offers-row-block[^"]*"[^>]*data-row/);
    // A script of its own, inline: no island, no module to load.
    expect(html).not.toContain('<astro-island');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });

  it('is not on the offers page', async () => {
    const html = await renderBlock('offers', { heading: 'Latest offers' }, { dealer, path: '/special-offers' });
    expect(html).not.toContain('row-arrow');
  });
});
