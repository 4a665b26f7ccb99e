import { describe, expect, it } from 'vitest';
import { car as carSchema, model as modelSchema, staffMember } from '../../../src/content/entities.ts';
import { pageSchema } from '../../../src/content/page.ts';
import { siteSchema } from '../../../src/content/site.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { absoluteUrl, dealerRoutes, modelHref, profileHref, type Route } from '../../../src/domain/routes.ts';
import { isIndexable } from '../../../src/site/page-blocks.ts';

interface Parts {
  site?: Record<string, unknown>;
  pages?: Record<string, unknown>[];
  models?: Record<string, unknown>[];
  cars?: Record<string, unknown>[];
  team?: Record<string, unknown>[];
}

const carBase = {
  name: 'Car',
  make: 'Toyota',
  model: 'Corolla',
  year: 2021,
  km: 1,
  price: 1,
  photos_count: 0,
  car_type: 'used',
  created_at_timestamp: 1,
};

function dealer(parts: Parts = {}): DealerContent {
  return {
    slug: 'acme',
    site: siteSchema.parse({
      id: 1,
      slug: 'acme',
      name: 'Acme Cars',
      url: 'https://www.acmecars.com.au',
      country: 'AU',
      ...parts.site,
    }),
    pages: (parts.pages ?? []).map((p, i) => ({
      ...pageSchema.parse({ id: i, title: `Page ${i}`, publishedAt: '2024-07-01', blocks: [], ...p }),
      blocks: [],
      file: `pages/${i}.json`,
    })),
    models: (parts.models ?? []).map((m) => modelSchema.parse(m)),
    cars: (parts.cars ?? []).map((c, i) => carSchema.parse({ id: i, ...carBase, ...c })),
    team: (parts.team ?? []).map((m, i) => staffMember.parse({ id: i, name: `Person ${i}`, ...m })),
    offers: [],
    locations: [],
    brands: [],
    slides: [],
    reviews: {},
  };
}

const paths = (routes: Route[]) => routes.map((r) => `${r.kind} ${r.path}`);

describe('the pages of a dealer site', () => {
  it('gives each model a page at its new_slug, or its slug when it has none', () => {
    const routes = dealerRoutes(
      dealer({
        models: [
          { slug: 'corolla', name: 'Corolla' },
          { slug: 'rav4', new_slug: 'rav4-hybrid', name: 'RAV4' },
        ],
      }),
    );
    expect(paths(routes)).toContain('model /corolla');
    expect(paths(routes)).toContain('model /rav4-hybrid');
    expect(routes.some((r) => r.path === '/rav4')).toBe(false);
  });

  it('uses the snapshot page of a model instead of adding a second page at the same path', () => {
    const routes = dealerRoutes(
      dealer({ pages: [{ path: '/corolla', title: 'Corolla' }], models: [{ slug: 'corolla', name: 'Corolla' }] }),
    );
    const atPath = routes.filter((r) => r.path === '/corolla');
    expect(atPath.map((r) => r.kind)).toEqual(['page']);
  });

  it('gives a page to cars for sale and to cars sold within 30 days, none to older sold or hidden cars', () => {
    const routes = dealerRoutes(
      dealer({
        cars: [
          { slug: 'for-sale' },
          { slug: 'gone', status: 'sold', sold_at: '2026-01-01T00:00:00Z' },
          { slug: 'just-sold', status: 'sold', sold_at: '2026-03-01T00:00:00Z' },
          { slug: 'secret', status: 'hidden' },
        ],
      }),
      Date.parse('2026-03-20T00:00:00Z'),
    );
    expect(routes.filter((r) => r.kind === 'car').map((r) => r.path)).toEqual(['/cars/for-sale', '/cars/just-sold']);
  });

  it('gives each staff member a profile page at /team/{slug}', () => {
    const d = dealer({ team: [{ slug: 'jane' }, { slug: 'sam' }] });
    expect(
      dealerRoutes(d)
        .filter((r) => r.kind === 'team')
        .map((r) => r.path),
    ).toEqual(['/team/jane', '/team/sam']);
    expect(profileHref(d.site, d.team[0]!)).toBe('/team/jane');
  });

  it('builds no profile pages and no profile links on a site with profile pages turned off', () => {
    const d = dealer({ site: { options: { team: { profilePages: false } } }, team: [{ slug: 'jane' }] });
    expect(dealerRoutes(d).some((r) => r.kind === 'team')).toBe(false);
    expect(profileHref(d.site, d.team[0]!)).toBeUndefined();
  });

  it('builds no profile page for a member with remove_profile_page', () => {
    const d = dealer({ team: [{ slug: 'jane', remove_profile_page: true }, { slug: 'sam' }] });
    expect(
      dealerRoutes(d)
        .filter((r) => r.kind === 'team')
        .map((r) => r.path),
    ).toEqual(['/team/sam']);
    expect(profileHref(d.site, d.team[0]!)).toBeUndefined();
  });

  it('adds default terms and privacy pages only when the snapshot has none', () => {
    expect(paths(dealerRoutes(dealer()))).toEqual(
      expect.arrayContaining(['terms /terms-and-conditions', 'privacy /privacy-policy']),
    );
    const own = dealerRoutes(dealer({ pages: [{ path: '/terms-and-conditions' }, { path: '/privacy-policy/' }] }));
    expect(
      own.filter((r) => r.path === '/terms-and-conditions' || r.path === '/privacy-policy').map((r) => r.kind),
    ).toEqual(['page', 'page']);
  });

  it('always has a 404 page', () => {
    expect(paths(dealerRoutes(dealer()))).toContain('notFound /404');
  });

  it('never gives two routes the same path', () => {
    const routes = dealerRoutes(
      dealer({
        pages: [{ path: '/' }, { path: '/corolla' }],
        models: [
          { slug: 'corolla', name: 'Corolla' },
          { slug: 'old-corolla', new_slug: 'corolla', name: 'Corolla (old)' },
        ],
      }),
    );
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('links a model tile to its override_url when it has one', () => {
    const [plain, moved] = dealer({
      models: [
        { slug: 'corolla', name: 'C' },
        { slug: 'hilux', name: 'H', override_url: 'https://www.toyota.com.au/hilux' },
      ],
    }).models;
    expect(modelHref(plain!)).toBe('/corolla');
    expect(modelHref(moved!)).toBe('https://www.toyota.com.au/hilux');
  });
});

describe('indexable pages and absolute URLs', () => {
  it('keeps the 404 page and noindex pages out of the index', () => {
    const routes = dealerRoutes(
      dealer({ pages: [{ path: '/' }, { path: '/thank-you', noindex: true }], cars: [{ slug: 'c' }] }),
    );
    const indexable = routes.filter(isIndexable).map((r) => r.path);
    expect(indexable).toContain('/');
    expect(indexable).toContain('/cars/c');
    expect(indexable).toContain('/terms-and-conditions');
    expect(indexable).not.toContain('/thank-you');
    expect(indexable).not.toContain('/404');
  });

  it('puts paths on the production origin, with or without its trailing slash', () => {
    const site = dealer().site;
    expect(absoluteUrl(site, '/')).toBe('https://www.acmecars.com.au/');
    expect(absoluteUrl(site, '/service')).toBe('https://www.acmecars.com.au/service');
    const slash = dealer({ site: { url: 'https://www.acmecars.com.au/' } }).site;
    expect(absoluteUrl(slash, '/service')).toBe('https://www.acmecars.com.au/service');
    expect(absoluteUrl(slash, '/')).toBe('https://www.acmecars.com.au/');
  });
});
