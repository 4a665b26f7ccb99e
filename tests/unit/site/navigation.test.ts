import { describe, expect, it } from 'vitest';
import { model as modelSchema } from '../../../src/content/entities.ts';
import { pageSchema } from '../../../src/content/page.ts';
import { siteSchema } from '../../../src/content/site.ts';
import { validateBlocks } from '../../../src/content/validate-blocks.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { MAX_NAV_ITEMS, navigation } from '../../../src/site/navigation.ts';

function dealer(pages: Record<string, unknown>[], models: Record<string, unknown>[] = []): DealerContent {
  return {
    slug: 'acme',
    site: siteSchema.parse({
      id: 1,
      slug: 'acme',
      name: 'Acme Cars',
      url: 'https://www.acmecars.com.au',
      country: 'AU',
    }),
    pages: pages.map((p, i) => {
      const page = pageSchema.parse({ id: i, title: `Page ${i}`, publishedAt: '2024-07-01', blocks: [], ...p });
      const check = { errors: [], warnings: [] };
      return {
        ...page,
        blocks: validateBlocks(
          page.blocks,
          { dealer: 'acme', file: 'x.json', page: page.path, prefix: ['blocks'] },
          check,
        ),
        file: `pages/${i}.json`,
      };
    }),
    models: models.map((m) => modelSchema.parse(m)),
    offers: [],
    team: [],
    locations: [],
    brands: [],
    slides: [],
    cars: [],
    reviews: {},
  };
}

const hrefs = (d: DealerContent) => navigation(d).map((n) => n.href);

describe('header navigation', () => {
  it('lists top-level pages in the order visitors look for them, labelled by their short title', () => {
    const d = dealer([
      { path: '/contact', title: 'Contact Us | Acme Cars' },
      { path: '/service', title: 'Service' },
      { path: '/new-cars', title: 'New Cars' },
      { path: '/special-offers', title: 'Special Offers' },
      { path: '/used-cars', title: 'Used Cars' },
    ]);
    expect(navigation(d)).toEqual([
      { href: '/new-cars', label: 'New Cars' },
      { href: '/used-cars', label: 'Used Cars' },
      { href: '/special-offers', label: 'Special Offers' },
      { href: '/service', label: 'Service' },
      { href: '/contact', label: 'Contact Us' },
    ]);
  });

  it('leaves out the home page, nested pages, noindex pages, legal pages, model pages and thank-you pages', () => {
    const d = dealer(
      [
        { path: '/' },
        { path: '/service' },
        { path: '/service/book' },
        { path: '/landing', noindex: true },
        { path: '/terms-and-conditions' },
        { path: '/privacy-policy' },
        { path: '/corolla' },
        { path: '/thanks', blocks: [{ id: 's', type: 'success', data: {} }] },
      ],
      [{ slug: 'corolla', name: 'Corolla' }],
    );
    expect(hrefs(d)).toEqual(['/service']);
  });

  it('shows at most seven items', () => {
    expect(MAX_NAV_ITEMS).toBe(7);
    const d = dealer(Array.from({ length: 10 }, (_, i) => ({ path: `/page-${i}` })));
    expect(hrefs(d)).toHaveLength(7);
  });

  it('is empty for a site with only a home page', () => {
    expect(navigation(dealer([{ path: '/' }]))).toEqual([]);
  });
});

describe('header link labels', () => {
  it('keeps a short page title and uses the words of the path for a long one', async () => {
    const { navLabel, MAX_NAV_LABEL } = await import('../../../src/site/navigation.ts');
    expect(navLabel('Service | Coastal Motor Group', '/service')).toBe('Service');
    expect(navLabel('Used Cars for Sale on the Central Coast', '/used-cars')).toBe('Used Cars');
    const exact = 'x'.repeat(MAX_NAV_LABEL);
    expect(navLabel(exact, '/other-page')).toBe(exact);
    expect(navLabel(exact + 'y', '/other-page')).toBe('Other Page');
  });
});
