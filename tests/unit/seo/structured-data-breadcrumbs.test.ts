/** Breadcrumb trails of car, model, staff and content pages, and which page carries the dealer. */
import { describe, expect, it } from 'vitest';
import { car as carSchema, model as modelSchema, staffMember } from '../../../src/content/entities.ts';
import type { Page } from '../../../src/content/page.ts';
import {
  breadcrumbJsonLd,
  carCrumbs,
  isContactPath,
  modelCrumbs,
  pageCrumbs,
  pageJsonLd,
  staffCrumbs,
} from '../../../src/seo/structured-data.ts';
import { dealerOf } from '../../helpers/dealer-content.ts';

const page = (path: string, title: string, blocks: Page['blocks'] = []): Page => ({
  id: path,
  path,
  title,
  description: undefined,
  publishedAt: '2025-01-01',
  noindex: false,
  blocks,
  file: `pages${path}.json`,
});
const teamBlock = { id: 't', type: 'team', data: {} } as unknown as Page['blocks'][number];

const site = { id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acmecars.com.au', country: 'AU' } as const;
const hilux = carSchema.parse({
  id: 7,
  name: '2019 Toyota HiLux SR5',
  slug: 'hilux-7',
  make: 'Toyota',
  model: 'HiLux',
  badge: 'SR5',
  year: 2019,
  km: 80000,
  price: 45990,
  photos_count: 0,
  car_type: 'used',
  created_at_timestamp: 1,
});
const rav4 = modelSchema.parse({ slug: 'rav4', name: 'RAV4' });
const jane = staffMember.parse({ id: 1, slug: 'jane-citizen', name: 'Jane Citizen' });

const dealer = dealerOf(site, {
  pages: [
    page('/', 'Acme Cars'),
    page('/used-cars', 'Used Cars for Sale in Sydney'),
    page('/new-cars', 'New Cars'),
    page('/service', 'Book a Service'),
    page('/service/express', 'Express Service'),
    page('/our-team', 'Meet the team', [teamBlock]),
    page('/contact', 'Contact Us'),
    page('/rav4', 'Toyota RAV4 Hybrid'),
  ],
  models: [rav4],
});

describe('breadcrumb trails', () => {
  it('leads from Home through the listing to a car, with absolute URLs and positions from 1', () => {
    expect(breadcrumbJsonLd(dealer, carCrumbs(dealer, hilux))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.acmecars.com.au/' },
        { '@type': 'ListItem', position: 2, name: 'Used cars', item: 'https://www.acmecars.com.au/used-cars' },
        {
          '@type': 'ListItem',
          position: 3,
          name: '2019 Toyota HiLux SR5',
          item: 'https://www.acmecars.com.au/cars/hilux-7',
        },
      ],
    });
  });

  it('skips a listing page the site does not have', () => {
    const demo = carSchema.parse({ ...hilux, car_type: 'demo' });
    expect(carCrumbs(dealer, demo).map((c) => c.name)).toEqual(['Home', '2019 Toyota HiLux SR5']);
  });

  it('puts a model under New cars', () => {
    expect(modelCrumbs(dealer, rav4)).toEqual([
      { name: 'Home', path: '/' },
      { name: 'New cars', path: '/new-cars' },
      { name: 'RAV4', path: '/rav4' },
    ]);
  });

  it('puts a staff member under the page that lists the team', () => {
    expect(staffCrumbs(dealer, jane, '/team/jane-citizen').map((c) => c.path)).toEqual([
      '/',
      '/our-team',
      '/team/jane-citizen',
    ]);
    expect(staffCrumbs(dealerOf(site), jane, '/team/jane-citizen').map((c) => c.path)).toEqual([
      '/',
      '/team/jane-citizen',
    ]);
  });

  it('gives a content page each ancestor page the site has, and a model’s own page the model trail', () => {
    expect(pageCrumbs(dealer, page('/service/express', 'Express Service')).map((c) => c.name)).toEqual([
      'Home',
      'Book a Service',
      'Express Service',
    ]);
    expect(pageCrumbs(dealer, page('/rav4', 'Toyota RAV4 Hybrid')).map((c) => c.name)).toEqual([
      'Home',
      'New cars',
      'RAV4',
    ]);
    expect(pageCrumbs(dealer, page('/', 'Acme Cars'))).toEqual([]);
  });
});

describe('JSON-LD of content pages', () => {
  const types = (path: string) =>
    pageJsonLd(
      dealer,
      dealer.pages.find((p) => p.path === path)!,
    ).map((d) => d['@type']);

  it('gives the home page the dealer and no trail', () => {
    expect(types('/')).toEqual(['AutoDealer']);
  });

  it('gives contact pages the dealer and a trail, and other pages only a trail', () => {
    expect(types('/contact')).toEqual(['AutoDealer', 'BreadcrumbList']);
    expect(types('/service')).toEqual(['BreadcrumbList']);
  });

  it('knows the contact pages by path', () => {
    expect(['/contact', '/contact-us', '/contact-us/gosford'].every(isContactPath)).toBe(true);
    expect(['/contacts', '/about/contact', '/contact-usx'].some(isContactPath)).toBe(false);
  });
});
