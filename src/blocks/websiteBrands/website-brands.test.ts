import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock, renderBlocks } from '../../../tests/helpers/render.ts';
import { text } from '../../../tests/helpers/block-html.ts';
import type { DealerContent } from '../../content/load.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer('group-motors');
});

const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);

describe('brands block', () => {
  it('shows a static logo grid linking to each brand site, in the chosen order', async () => {
    const html = await renderBlock('websiteBrands', { heading: 'Brands', brands: [3, 1] }, { dealer });
    expect(islands(html)).toBe(0);
    expect(all(html, /<a class="brand-logo" href="([^"]+)"/g)).toEqual([
      'https://www.groupmazda.com.au',
      'https://www.grouptoyota.com.au',
    ]);
    expect(html).toContain('alt="Toyota"');
    expect(text(html)).toContain('Mazda');
    expect(html).not.toContain('<dialog');
  });

  it('shows every brand when none are chosen, unlinked when a brand has no url', async () => {
    const html = await renderBlock('websiteBrands', { variant: 'box' }, { dealer });
    expect(html).toContain('<span class="brand-logo"');
    expect(html.match(/<li\b/g)).toHaveLength(3);
  });

  it('makes each logo of the modal variant a button with its own dialog', async () => {
    const html = await renderBlock('websiteBrands', { variant: 'modal', theme: 'dark' }, { dealer, path: '/' });
    expect(islands(html)).toBe(3);
    expect(html).toContain('brands-dark');
    expect(all(html, /<dialog id="([^"]+)"/g)).toEqual(['brands-b1-1', 'brands-b1-2', 'brands-b1-3']);
    expect(html).toContain('aria-haspopup="dialog" aria-controls="brands-b1-1"');
  });

  it('offers Visit Website for every website, opening in a new tab', async () => {
    const html = await renderBlock('websiteBrands', { variant: 'modal' }, { dealer, path: '/' });
    expect(html.match(/>Visit Website</g)).toHaveLength(5);
    expect(html).toContain('href="https://www.groupkia.com.au" target="_blank" rel="noopener">Visit Website');
  });

  it('offers Visit Used Stock only for websites named ...Automotive Direct or ...Direct Used Cars', async () => {
    const html = await renderBlock('websiteBrands', { variant: 'modal' }, { dealer, path: '/' });
    expect(all(html, /href="([^"]+)" target="_blank" rel="noopener">Visit Used Stock/g)).toEqual([
      'https://www.groupautomotivedirect.com.au/used-cars',
      'https://www.baysideused.com.au/used-cars',
    ]);
  });

  it('offers Book Your Service only on a why-service-with-us page of a site that turns it on', async () => {
    const why = await renderBlock('websiteBrands', { variant: 'modal' }, { dealer, path: '/why-service-with-us' });
    const home = await renderBlock('websiteBrands', { variant: 'modal' }, { dealer, path: '/' });
    const off = {
      ...dealer,
      site: {
        ...dealer.site,
        options: { ...dealer.site.options, brands: { ...dealer.site.options.brands, bookServiceButton: false } },
      },
    };
    const offWhy = await renderBlock(
      'websiteBrands',
      { variant: 'modal' },
      { dealer: off, path: '/why-service-with-us' },
    );
    expect(why.match(/>Book Your Service</g)).toHaveLength(5);
    expect(why).toContain('href="https://www.groupmazda.com.au/service"');
    expect(home).not.toContain('Book Your Service');
    expect(offWhy).not.toContain('Book Your Service');
  });

  it('gives two brand blocks on one page different dialog ids', async () => {
    const html = await renderBlocks(
      [
        { id: 'a', type: 'websiteBrands', data: { variant: 'modal' } },
        { id: 'b', type: 'websiteBrands', data: { variant: 'modal' } },
      ],
      { dealer },
    );
    const ids = all(html, /\bid="([^"]+)"/g);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
