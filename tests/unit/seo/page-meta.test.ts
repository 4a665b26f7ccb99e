/** The page outline and the meta description every page gets. */
import { describe, expect, it } from 'vitest';
import { outlineHeadings } from '../../../src/lib/heading-outline.ts';
import { dealerDescription, dealerSuburbs, pageDescription } from '../../../src/site/page-description.ts';
import { toBlocks, fixtureDealer } from '../../helpers/render.ts';

describe('outlineHeadings', () => {
  it('raises a heading that skips levels, keeping its look', () => {
    expect(outlineHeadings('<h1>A</h1><h2>B</h2><h6 class="x">C</h6><h4>D</h4>')).toBe(
      '<h1>A</h1><h2>B</h2><h3 data-look="h6" class="x">C</h3><h3 data-look="h4">D</h3>',
    );
    expect(outlineHeadings('<h1>A</h1><h3>B</h3>')).toBe('<h1>A</h1><h2 data-look="h3">B</h2>');
  });

  it('leaves a whole outline, and headings inside islands, as they are', () => {
    const whole = '<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2>';
    expect(outlineHeadings(whole)).toBe(whole);
    const island = '<h1>A</h1><astro-island uid="1"><h3>B</h3></astro-island><h4>C</h4>';
    expect(outlineHeadings(island)).toBe(island);
  });

  it('settles the headings an island holds in a slot: server-rendered markup, not the island’s own', () => {
    // The cards of a carousel with no heading block above them.
    const slotted =
      '<h1>A</h1><astro-island uid="1"><div><astro-slot><h3 class="c">B</h3><h3>C</h3></astro-slot></div></astro-island><h2>D</h2>';
    expect(outlineHeadings(slotted)).toBe(
      '<h1>A</h1><astro-island uid="1"><div><astro-slot><h2 data-look="h3" class="c">B</h2><h2 data-look="h3">C</h2></astro-slot></div></astro-island><h2>D</h2>',
    );
    // An island inside a slot is the island's own again.
    const nested =
      '<h1>A</h1><astro-island><astro-slot><astro-island><h3>B</h3></astro-island><h5>C</h5></astro-slot></astro-island>';
    expect(outlineHeadings(nested)).toBe(
      '<h1>A</h1><astro-island><astro-slot><astro-island><h3>B</h3></astro-island><h4 data-look="h5">C</h4></astro-slot></astro-island>',
    );
  });
});

describe('pageDescription', () => {
  it('prefers the editor’s description, then the page’s own text', async () => {
    const dealer = await fixtureDealer();
    const { blocks } = toBlocks([
      {
        id: 1,
        type: 'paragraph',
        data: {
          text: '<p>Our <b>service centre</b> looks after every make and model, with loan cars and same-day servicing.</p>',
        },
      },
    ]);
    expect(pageDescription(dealer, { title: 'Service', description: ' Book a service. ', blocks })).toBe(
      'Book a service.',
    );
    expect(pageDescription(dealer, { title: 'Service', blocks })).toBe(
      'Our service centre looks after every make and model, with loan cars and same-day servicing.',
    );
  });

  it('writes one from the dealer and the title when the page says too little', async () => {
    const dealer = await fixtureDealer();
    const { blocks } = toBlocks([{ id: 1, type: 'paragraph', data: { text: 'Hi.' } }]);
    const d = pageDescription(dealer, { title: 'Finance', blocks });
    expect(d).toBe(dealerDescription(dealer, 'Finance'));
    expect(d.startsWith(`Finance at ${dealer.site.name}`)).toBe(true);
    expect(d.length).toBeLessThanOrEqual(155);
  });

  it('names the suburbs of the dealer’s showrooms', async () => {
    const dealer = await fixtureDealer();
    const place = (address: string) => ({ ...dealer.locations[0]!, address: { lat: 0, long: 0, address } });
    const au = {
      ...dealer,
      site: { ...dealer.site, country: 'AU' as const, state: 'NSW' },
      locations: [
        place('1 Main Rd, Gosford NSW 2250'),
        place('2 High St, Erina NSW 2260'),
        place('3 Side St, Gosford NSW 2250'),
      ],
    };
    expect(dealerSuburbs(au)).toBe('Gosford and Erina, NSW');
    const nz = {
      ...dealer,
      site: { ...dealer.site, country: 'NZ' as const, state: 'Canterbury' },
      locations: [place('399 Moorhouse Avenue, Sydenham, Christchurch 8011')],
    };
    expect(dealerSuburbs(nz)).toBe('Christchurch');
  });
});
