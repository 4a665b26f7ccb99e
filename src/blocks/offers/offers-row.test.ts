/**
 * On the home page an offers block is one swipeable row with View all to the dealer's offers
 * page: every card in one list, no tabs; elsewhere the tabs and grid stay.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { offer as offerSchema, type Offer } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Page } from '../../content/page.ts';
import { isOffersRow, offersViewAllHref } from './offers.ts';
import { fixtureDealer, renderBlock, toBlocks } from '../../../tests/helpers/render.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer();
});

const offer = (over: Record<string, unknown>): Offer => offerSchema.parse({ id: 1, name: 'An offer', ...over });
const offers = [1, 2, 3, 4].map((id) =>
  offer({ id, name: `Deal ${id}`, model: id % 2 ? { slug: 'corolla', name: 'Corolla' } : undefined }),
);
const page = (path: string, blocks: unknown[] = []): Page => ({
  id: path,
  path,
  title: path,
  description: undefined,
  publishedAt: '2025-01-01',
  noindex: false,
  file: `pages${path}.json`,
  blocks: toBlocks(blocks).blocks,
});

describe('the home page offers row', () => {
  it('is a row only on the home page', () => {
    expect(isOffersRow('/')).toBe(true);
    expect(isOffersRow('/special-offers')).toBe(false);
  });

  it('goes to the special-offers page, else another page with offers, else nowhere', () => {
    const offersBlock = { id: 'o', type: 'offers', data: {} };
    expect(offersViewAllHref([page('/'), page('/deals', [offersBlock]), page('/special-offers')], '/')).toBe(
      '/special-offers',
    );
    expect(offersViewAllHref([page('/'), page('/deals', [offersBlock])], '/')).toBe('/deals');
    expect(offersViewAllHref([page('/', [offersBlock])], '/')).toBeUndefined();
  });

  it('renders every card in one list with View all and no tabs', async () => {
    const withOffers = { ...dealer, offers, pages: [...dealer.pages, page('/special-offers')] };
    const html = await renderBlock('offers', { heading: 'Latest offers' }, { dealer: withOffers, path: '/' });
    expect(html).toContain('class="offers-row"');
    expect(html.match(/<article class="card offer-card"/g)).toHaveLength(4);
    expect(html).toMatch(/<a class="offers-row-all"[^>]*href="\/special-offers"[^>]*>View all/);
    expect(html).not.toContain('role="tab"');
    expect(html).not.toContain('<astro-island');

    const elsewhere = await renderBlock('offers', { heading: 'Latest offers' }, { dealer: withOffers, path: '/deals' });
    expect(elsewhere).toContain('role="tab"');
    expect(elsewhere).not.toContain('offers-row');
  });
});
