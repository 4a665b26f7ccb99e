import { beforeAll, describe, expect, it } from 'vitest';
import { offer as offerSchema, type Offer } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import {
  DESCRIPTION_CUT_OVER,
  DESCRIPTION_CUT_TO,
  DISCLAIMER_CUT,
  descriptionPreview,
  disclaimerPreview,
  enquireHref,
  isSpecialOffersPage,
  offerTabs,
  toOfferCard,
} from './offers.ts';
import { OFFERS_LIMIT, isOfferShown, selectOffers } from '../../domain/offers.ts';
import { MODEL_PARAM, cardTabs, offerTabItems } from './offers.ts';
import {
  hrefWithTab as hrefWithItem,
  itemShown,
  tabIndexFromSearch as indexFromSearch,
} from '../../components/ui/tabs.ts';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import { text } from '../../../tests/helpers/block-html.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer();
});

/** An offer as the loader would produce it (schema defaults applied). */
const offer = (over: Record<string, unknown> = {}): Offer => offerSchema.parse({ id: 1, name: 'An offer', ...over });
/** n characters of eight-letter words (no test length is a multiple of 9, so none ends in a space). */
const words = (n: number) => Array.from({ length: n }, (_, i) => (i % 9 === 8 ? ' ' : 'x')).join('');
const withOptions = (ignore: string[]) => ({
  ...dealer.site,
  options: { ...dealer.site.options, offers: { ignoreExclusionsForManufacturers: ignore } },
});

describe('offer text truncation (spec §9)', () => {
  it('uses 200/160 for descriptions and 200 for disclaimers', () => {
    expect([DESCRIPTION_CUT_OVER, DESCRIPTION_CUT_TO, DISCLAIMER_CUT]).toEqual([200, 160, 200]);
  });

  it.each([199, 200])('shows a %i-character description whole, with no View more', (n) => {
    const d = descriptionPreview(offer({ description: `<p>${words(n)}</p>` }))!;
    expect(d.preview).toBeUndefined();
    expect(d.html).toBe(`<p>${words(n)}</p>`);
  });

  it('cuts a 201-character description at 160 characters', () => {
    const d = descriptionPreview(offer({ description: `<p>${words(201)}</p>` }))!;
    expect(d.preview!.length).toBeLessThanOrEqual(161);
    expect(d.preview!.length).toBeGreaterThan(140);
    expect(d.preview!.endsWith('…')).toBe(true);
    expect(words(201).startsWith(d.preview!.slice(0, -1))).toBe(true);
    expect(d.html).toContain(words(201));
  });

  it('counts the visible text, not the HTML tags', () => {
    const d = descriptionPreview(
      offer({ description: `<p><strong>${words(150)}</strong> <em>${words(49)}</em></p>` }),
    )!;
    expect(d.preview).toBeUndefined();
  });

  it.each([199, 200])('shows a %i-character disclaimer whole', (n) => {
    expect(disclaimerPreview(offer({ disclaimer: words(n) }))!.preview).toBeUndefined();
  });

  it('cuts a 201-character disclaimer at 200 characters', () => {
    const d = disclaimerPreview(offer({ disclaimer: words(201) }))!;
    expect(d.preview!.length).toBeLessThanOrEqual(201);
    expect(d.preview!.length).toBeGreaterThan(180);
    expect(d.preview!.endsWith('…')).toBe(true);
  });

  it('prefers sanitized_description, and sanitises whatever it shows', () => {
    expect(descriptionPreview(offer({ description: 'raw', sanitized_description: '<p>clean</p>' }))!.html).toBe(
      '<p>clean</p>',
    );
    const d = descriptionPreview(offer({ description: '<p onclick="x()">Hi<script>alert(1)</script></p>' }))!;
    expect(d.html).toBe('<p>Hi</p>');
    expect(descriptionPreview(offer({ description: '  ' }))).toBeUndefined();
  });
});

describe('which offers a block lists', () => {
  it('hides an offer whose excluded_website_ids hold the site', () => {
    const site = withOptions([]);
    expect(isOfferShown(offer({ excluded_website_ids: [901], manufacturer: 'Toyota' }), site)).toBe(false);
    expect(isOfferShown(offer({ excluded_website_ids: [902] }), site)).toBe(true);
    expect(isOfferShown(offer({ excluded_website_ids: null }), site)).toBe(true);
  });

  it("still shows an excluded offer of a manufacturer in the site's exception list, in any case", () => {
    const site = withOptions(['toyota']);
    expect(isOfferShown(offer({ excluded_website_ids: [901], manufacturer: 'Toyota' }), site)).toBe(true);
    expect(isOfferShown(offer({ excluded_website_ids: [901], manufacturer: 'Mazda' }), site)).toBe(false);
    expect(isOfferShown(offer({ excluded_website_ids: [901] }), site)).toBe(false);
  });

  it('filters by the block category (whole name, any case)', () => {
    const list = [offer({ id: 1, category: 'Service' }), offer({ id: 2, category: 'Finance offer' }), offer({ id: 3 })];
    expect(selectOffers(list, dealer.site, { category: 'service' }).map((o) => o.id)).toEqual([1]);
    expect(selectOffers(list, dealer.site, { category: 'Service offer' })).toEqual([]);
    expect(selectOffers(list, dealer.site).map((o) => o.id)).toEqual([1, 2, 3]);
  });

  it('lists at most 200 offers (the search limit)', () => {
    expect(OFFERS_LIMIT).toBe(200);
    const many = (n: number) => Array.from({ length: n }, (_, i) => offer({ id: i }));
    expect(selectOffers(many(199), dealer.site)).toHaveLength(199);
    expect(selectOffers(many(200), dealer.site)).toHaveLength(200);
    expect(selectOffers(many(201), dealer.site)).toHaveLength(200);
  });

  it('cuts the list to hitsPerPage, after exclusions', () => {
    const list = [offer({ id: 1, excluded_website_ids: [901] }), offer({ id: 2 }), offer({ id: 3 }), offer({ id: 4 })];
    expect(selectOffers(list, dealer.site, { hitsPerPage: 2 }).map((o) => o.id)).toEqual([2, 3]);
    expect(selectOffers(list, dealer.site, { hitsPerPage: 3 }).map((o) => o.id)).toEqual([2, 3, 4]);
    expect(selectOffers(list, dealer.site, { hitsPerPage: 4 }).map((o) => o.id)).toEqual([2, 3, 4]);
  });

  it('never lists more than 200 even when hitsPerPage asks for more', () => {
    const list = Array.from({ length: 250 }, (_, i) => offer({ id: i }));
    expect(selectOffers(list, dealer.site, { hitsPerPage: 201 })).toHaveLength(200);
  });
});

describe('offer tabs', () => {
  const rav4 = { slug: 'rav4', name: 'RAV4' };
  const hilux = { slug: 'hilux', name: 'HiLux' };

  it('are All Offers and one per model, in the order the models first come', () => {
    const tabs = offerTabs([offer({ model: hilux }), offer({ model: rav4 }), offer({ model: hilux })]);
    expect(tabs).toEqual([
      { value: 'all', label: 'All Offers' },
      { value: 'hilux', label: 'HiLux' },
      { value: 'rav4', label: 'RAV4' },
    ]);
  });

  it('add Other Offers last only when some offer has no model', () => {
    expect(offerTabs([offer({ model: rav4 }), offer({ model: null })]).map((t) => t.label)).toEqual([
      'All Offers',
      'RAV4',
      'Other Offers',
    ]);
    expect(offerTabs([offer({ model: rav4 })]).map((t) => t.label)).not.toContain('Other Offers');
  });

  it('are none without offers', () => {
    expect(offerTabs([])).toEqual([]);
  });

  const tabs = offerTabs([offer({ model: rav4 }), offer({ model: hilux }), offer()]);
  // The offers block hands its tabs to the shared tabs island; these run the island's own logic.
  const items = offerTabItems(tabs);
  const tabIndexFromSearch = (search: string, _tabs: unknown) => indexFromSearch(search, MODEL_PARAM, items);
  const hrefWithTab = (href: string, _tabs: unknown, index: number) => hrefWithItem(href, MODEL_PARAM, items[index]!);
  const cardShown = (cardTab: string, selected: string) => itemShown(cardTabs(cardTab), selected);

  it('follow ?model= (any case), and fall back to All Offers when absent or unknown', () => {
    expect(tabIndexFromSearch('', tabs)).toBe(0);
    expect(tabIndexFromSearch('?model=hilux', tabs)).toBe(2);
    expect(tabIndexFromSearch('?model=RAV4&x=1', tabs)).toBe(1);
    expect(tabIndexFromSearch('?model=other-offers', tabs)).toBe(3);
    expect(tabIndexFromSearch('?model=corolla', tabs)).toBe(0);
    expect(tabIndexFromSearch('?model=', tabs)).toBe(0);
  });

  it('write the model slug to the URL, and remove it for All Offers', () => {
    expect(hrefWithTab('https://d.au/special-offers?a=1#top', tabs, 2)).toBe(
      'https://d.au/special-offers?a=1&model=hilux#top',
    );
    expect(hrefWithTab('https://d.au/special-offers?model=hilux&a=1', tabs, 0)).toBe('https://d.au/special-offers?a=1');
  });

  it('show every card under All Offers and only its own under a model tab', () => {
    expect(cardShown('rav4', 'all')).toBe(true);
    expect(cardShown('rav4', 'rav4')).toBe(true);
    expect(cardShown('hilux', 'rav4')).toBe(false);
    expect(cardShown('other-offers', 'other-offers')).toBe(true);
  });
});

describe('offer cards', () => {
  it('take image_url first, then the model image', () => {
    expect(toOfferCard(offer({ image_url: '/a.jpg', image_or_model_image: { url: '/b.jpg' } }), dealer).imageUrl).toBe(
      '/a.jpg',
    );
    expect(toOfferCard(offer({ image_or_model_image: { url: '/b.jpg' } }), dealer).imageUrl).toBe('/b.jpg');
    expect(toOfferCard(offer(), dealer).imageUrl).toBeUndefined();
  });

  it('show a price in dollars only when there is one', () => {
    expect(toOfferCard(offer({ price: 45990 }), dealer).price).toBe('$45,990');
    expect(toOfferCard(offer(), dealer).price).toBeUndefined();
  });

  it("enquire on the model's page, else the override, else the contact page, else by phone", () => {
    expect(enquireHref(offer({ model: { slug: 'corolla', name: 'Corolla' } }), dealer)).toBe('/corolla');
    expect(
      enquireHref(offer({ model: { slug: 'yaris', name: 'Yaris', override_url: 'https://t.com/yaris' } }), dealer),
    ).toBe('https://t.com/yaris');
    expect(enquireHref(offer(), dealer)).toBe('/contact');
    expect(enquireHref(offer(), { ...dealer, pages: [] })).toBe('tel:0295550100');
  });

  it('count a page as a special-offers page when its path contains special-offers', () => {
    expect(isSpecialOffersPage('/special-offers')).toBe(true);
    expect(isSpecialOffersPage('/special-offers/fleet')).toBe(true);
    expect(isSpecialOffersPage('/offers')).toBe(false);
  });
});

describe('offers block', () => {
  const offers = [
    offer({
      id: 1,
      name: 'Corolla deal',
      model: { slug: 'corolla', name: 'Corolla' },
      price: 29990,
      image_url: '/c.jpg',
      description: `<p>${words(250)}</p>`,
      disclaimer: words(300),
    }),
    offer({ id: 2, name: 'Service deal', category: 'Service', description: '<p>Short <em>one</em></p>' }),
    offer({ id: 3, name: 'Hidden deal', excluded_website_ids: [901] }),
  ];
  const withOffers = (list: Offer[]) => ({ ...dealer, offers: list });

  it('server-renders every card and the tab strip in one visible-hydrated island', async () => {
    const html = await renderBlock('offers', { heading: 'Our offers' }, { dealer: withOffers(offers) });
    expect((html.match(/<astro-island\b/g) ?? []).length).toBe(1);
    expect(html).toContain('client="visible"');
    const t = text(html);
    expect(t).toContain('Our offers');
    expect(t).toContain('Corolla deal');
    expect(t).toContain('Service deal');
    expect(t).not.toContain('Hidden deal');
    expect(t).toContain('$29,990');
    for (const label of ['All Offers', 'Corolla', 'Other Offers'])
      expect(html).toMatch(new RegExp(`role="tab"[^>]*>${label}<`));
    expect(html).toMatch(/aria-selected="true"[^>]*>All Offers</);
    expect(html).toContain('data-tabs="all corolla"');
    expect(html).toContain('data-tabs="all other-offers"');
  });

  it('offers View more / View less on long texts only', async () => {
    const html = await renderBlock('offers', {}, { dealer: withOffers(offers) });
    expect((html.match(/<details class="offer-more/g) ?? []).length).toBe(2);
    expect(text(html)).toContain('View more');
    expect(text(html)).toContain('View less');
    expect(html).toContain('<p>Short <em>one</em></p>');
  });

  it('gives every offer image a size and loads it lazily below the fold', async () => {
    const html = await renderBlock('offers', {}, { dealer: withOffers(offers) });
    expect(html).toMatch(/<img[^>]*src="\/c.jpg"[^>]*width="640" height="400" loading="lazy"/);
    const top = await renderBlock('offers', {}, { dealer: withOffers(offers), aboveFold: true });
    expect(top).toMatch(/<img[^>]*src="\/c.jpg"[^>]*loading="eager"/);
  });

  it('links each card to an enquiry', async () => {
    const html = await renderBlock('offers', {}, { dealer: withOffers(offers) });
    expect(html).toContain('href="/corolla"');
    expect(text(html)).toContain('Enquire now about Corolla deal');
  });

  it('applies the block category and hitsPerPage', async () => {
    const service = text(await renderBlock('offers', { category: 'Service' }, { dealer: withOffers(offers) }));
    expect(service).toContain('Service deal');
    expect(service).not.toContain('Corolla deal');
    const one = text(await renderBlock('offers', { hitsPerPage: 1 }, { dealer: withOffers(offers) }));
    expect(one).toContain('Corolla deal');
    expect(one).not.toContain('Service deal');
  });

  it('shows the no-offers message with the phone on a special-offers page', async () => {
    const html = await renderBlock(
      'offers',
      { heading: 'Offers' },
      { dealer: withOffers([]), path: '/special-offers/fleet' },
    );
    expect(text(html)).toContain('There are no special offers right now.');
    expect(html).toContain('href="tel:0295550100"');
    expect(html).not.toContain('<astro-island');
  });

  it('shows nothing without offers elsewhere', async () => {
    const html = await renderBlock(
      'offers',
      { heading: 'Offers' },
      { dealer: withOffers([offers[2]!]), path: '/service' },
    );
    expect(text(html)).toBe('');
  });
});
