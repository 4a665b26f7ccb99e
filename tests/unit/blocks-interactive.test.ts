import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock, renderBlocks } from '../helpers/render.ts';
import type { DealerContent } from '../../src/content/load.ts';
import type { StaffMember } from '../../src/content/entities.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer('group-motors');
});

/** Visible-ish text: tags and comments removed, white space folded. */
function text(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
/** The HTML of the element that starts at the first match of `start` up to the next `</tag>`. */
function after(html: string, start: string, length = 2000): string {
  const i = html.indexOf(start);
  return i === -1 ? '' : html.slice(i, i + length);
}

function withTeam(team: StaffMember[], profilePages = true): DealerContent {
  return {
    ...dealer,
    team,
    site: { ...dealer.site, options: { ...dealer.site.options, team: { profilePages } } },
  };
}
const member = (over: Partial<StaffMember>): StaffMember =>
  ({
    id: 1,
    slug: 'kim-test',
    name: 'Kim Test',
    category: 'Sales',
    ...over,
  }) as StaffMember;

describe('cards block', () => {
  const cards = [
    {
      heading: 'New Cars',
      href: '/new-cars',
      linkText: 'View new cars',
      tagline: 'Latest',
      image: { url: 'https://img.example.com/new.jpg', alt: 'A hatchback', width: 800, height: 500 },
      description: '<p>From <em>three</em> brands<script>alert(1)</script></p>',
    },
    { heading: 'Used Cars', href: 'javascript:alert(1)', linkText: 'View used cars' },
    { heading: 'Service' },
    { heading: 'Finance' },
  ];

  it('shows every card in a static grid with no island when it is not a carousel', async () => {
    const html = await renderBlock('cardsTool', { cards, cardCols: 4 }, { dealer });
    expect(islands(html)).toBe(0);
    expect(html).toContain('cards-grid per-row-4');
    for (const c of cards) expect(text(html)).toContain(c.heading);
    expect(html).toContain('<em>three</em>');
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('width="800" height="500"');
  });

  it('lays the grid out three per row by default and rounds odd column counts down to the 12-column grid', async () => {
    expect(await renderBlock('cardsTool', { cards }, { dealer })).toContain('per-row-3');
    expect(await renderBlock('cardsTool', { cards, cardCols: 5 }, { dealer })).toContain('per-row-4');
  });

  it('never links a card to a javascript: URL', async () => {
    const html = await renderBlock('cardsTool', { cards }, { dealer });
    expect(html).not.toContain('javascript:');
    expect(text(html)).toContain('Used Cars');
    expect(html).not.toContain('View used cars');
  });

  it('server-renders every card of a carousel inside one hydration island, with its arrows', async () => {
    const html = await renderBlock('cardsTool', { cards, isCarousel: true, loop: true, cardCols: 3 }, { dealer });
    expect(islands(html)).toBe(1);
    expect(html).toContain('client="visible"');
    expect(all(html, /<div class="swiper-slide"[^>]*>/g)).toHaveLength(cards.length);
    for (const c of cards) expect(text(html)).toContain(c.heading);
    expect(html).toContain('aria-label="Previous card"');
    expect(html).toContain('aria-label="Next card"');
    expect(html).toContain('--per-view-tablet:2;--per-view-wide:3');
  });

  it('keeps carousel arrows for phones only when mobileArrows is set', async () => {
    const plain = await renderBlock('cardsTool', { cards, isCarousel: true }, { dealer });
    const mobile = await renderBlock('cardsTool', { cards, isCarousel: true, mobileArrows: true }, { dealer });
    expect(plain).not.toContain('carousel-arrows-mobile');
    expect(mobile).toContain('carousel-arrows-mobile');
  });

  it('loads the first visible cards eagerly only when the block opens the page', async () => {
    const first = await renderBlock('cardsTool', { cards }, { dealer, aboveFold: true });
    const later = await renderBlock('cardsTool', { cards }, { dealer });
    expect(first).toContain('loading="eager"');
    expect(later).not.toContain('loading="eager"');
  });
});

describe('team block', () => {
  it('groups staff by category in the default order with a heading each', async () => {
    const html = await renderBlock('team', { heading: 'Our people' }, { dealer });
    expect(islands(html)).toBe(0);
    expect(all(html, /class="team-group-heading"[^>]*>([^<]+)</g)).toEqual([
      'Management',
      'Sales',
      'Pre-Owned Sales',
      'Finance',
      'Service',
      'Parts',
      'Administration',
    ]);
    const sales = after(html, '>Sales</h3>', 3000).split('team-group-heading')[0]!;
    expect(text(sales)).toContain('Alex Seller');
    expect(text(sales)).toContain('Jamie New');
  });

  it('keeps only the chosen categories', async () => {
    const html = await renderBlock('team', { categories: ['service', 'Parts'] }, { dealer });
    expect(all(html, /class="team-group-heading"[^>]*>([^<]+)</g)).toEqual(['Service', 'Parts']);
  });

  it('shows tabs with the first category selected and its panel the only one visible', async () => {
    const html = await renderBlock('team', { heading: 'Meet the team', layout: 'tabs' }, { dealer });
    expect(islands(html)).toBe(1);
    expect(html).toContain('role="tablist"');
    const tabs = all(html, /<button[^>]*role="tab"[^>]*>([^<]+)</g);
    expect(tabs).toEqual(['Management', 'Sales', 'Pre-Owned Sales', 'Finance', 'Service', 'Parts', 'Administration']);
    expect(html).toMatch(
      /id="team-b1-tab-management" aria-controls="team-b1-panel-management" aria-selected="true" tabindex="0"/,
    );
    expect(html).toMatch(
      /id="team-b1-tab-sales" aria-controls="team-b1-panel-sales" aria-selected="false" tabindex="-1"/,
    );
    expect(html).toMatch(/<div role="tabpanel" id="team-b1-panel-management" [^>]*tabindex="0" class/);
    expect(html).toMatch(/<div role="tabpanel" id="team-b1-panel-sales" [^>]*hidden=""/);
    expect(text(after(html, 'id="team-b1-panel-management"'))).toContain('Morgan Boss');
  });

  it('shows a card with avatar, name, position, phone link and star rating', async () => {
    const html = await renderBlock('team', {}, { dealer });
    const card = after(html, 'alex.jpg', 1500);
    expect(html).toContain('src="https://images.groupmotors.com.au/team/alex.jpg" alt="" width="96" height="96"');
    expect(card).toContain('<a href="/team/alex-seller">Alex Seller</a>');
    expect(text(card)).toContain('Sales Consultant');
    expect(card).toContain('href="tel:0412345678"');
    expect(card).toContain('aria-label="Rated 5.0 out of 5 from 48 reviews"');
    expect(text(card)).toContain('5.0 (48)');
  });

  it('shows initials in place of a missing avatar, and no stars without a rating', async () => {
    const html = await renderBlock('team', {}, { dealer: withTeam([member({ name: 'Kim Test' })]) });
    expect(html).toContain('<span class="staff-avatar staff-initials" aria-hidden="true">KT</span>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('stars');
  });

  it('shows the bio cut to 60 characters with Read more... linking to the profile', async () => {
    const html = await renderBlock('team', {}, { dealer });
    const card = after(html, 'alex.jpg', 1500);
    expect(text(card)).toContain('Alex has helped hundreds of families find the right car… Read more...');
    expect(card).toContain('<a href="/team/alex-seller">Read more...');
    expect(card).not.toContain('twelve years');
  });

  it('shows a bio of exactly 60 characters whole, with no Read more...', async () => {
    const html = await renderBlock('team', {}, { dealer });
    const card = after(html, 'Fin Numbers', 1200);
    expect(text(card)).toContain('Fin finds the finance that fits you with no surprises at all');
    expect(card).not.toContain('Read more');
  });

  it('cuts a bio of 61 characters but not one of 59', async () => {
    const b59 = 'a'.repeat(59);
    const b61 = 'b'.repeat(61);
    const html = await renderBlock(
      'team',
      {},
      {
        dealer: withTeam([
          member({ id: 1, slug: 'one', name: 'One', bio: b59 }),
          member({ id: 2, slug: 'two', name: 'Two', bio: b61 }),
        ]),
      },
    );
    expect(text(html)).toContain(b59);
    expect(text(html)).not.toContain(b61);
    expect(text(html)).toContain('b'.repeat(60) + '… Read more...');
    expect(html.match(/Read more\.\.\./g)).toHaveLength(1);
  });

  it('cuts the plain text of an HTML bio', async () => {
    const html = await renderBlock(
      'team',
      {},
      {
        dealer: withTeam([
          member({ bio: '<p><strong>Bold</strong> start</p><script>x()</script>' + ' word'.repeat(20) }),
        ]),
      },
    );
    expect(html).not.toContain('<strong>');
    expect(html).not.toContain('x()');
    expect(text(html)).toContain('Bold start word');
  });

  it('links nowhere to a member whose profile page is removed', async () => {
    const html = await renderBlock('team', { heading: 'Our people' }, { dealer });
    const card = after(html, 'olive.jpg', 800).split('</article>')[0]!;
    expect(card).toContain('<h4 class="staff-name">Olive Owned</h4>');
    expect(card).not.toContain('<a ');
    expect(text(card)).toContain('Olive inspects every pre-owned car before it reaches the…');
    expect(text(card)).not.toContain('Read more');
  });

  it('links no card anywhere when the site has no profile pages', async () => {
    const team = dealer.team;
    for (const layout of ['grouped', 'tabs']) {
      const html = await renderBlock('team', { layout }, { dealer: withTeam(team, false) });
      expect(html).toContain('Alex Seller');
      expect(html).not.toContain('href="/team/');
      expect(html).not.toContain('/team/alex-seller');
      expect(html).not.toContain('Read more');
    }
  });

  it('renders nothing when the dealer has no staff', async () => {
    expect(text(await renderBlock('team', { heading: 'Team' }, { dealer: withTeam([]) }))).toBe('');
  });
});

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

describe('sales counter block', () => {
  it('has the final value, with thousands separators, in the server HTML', async () => {
    const html = await renderBlock(
      'salesCounter',
      {
        heading: 'Cars sold',
        value: 12500,
        suffix: '+',
        description: 'Since <strong>1987</strong><img src=x onerror=alert(1)>',
      },
      { dealer },
    );
    expect(islands(html)).toBe(1);
    expect(html).toContain('client="idle"');
    expect(html).toContain('<span class="visually-hidden">12,500+</span>');
    expect(html).toContain('<span class="counter-shown" aria-live="off">12,500+</span>');
    expect(html).toContain('class="counter-visual" aria-hidden="true"');
    expect(text(html)).toContain('Cars sold');
    expect(html).toContain('<strong>1987</strong>');
    expect(html).not.toContain('onerror');
  });

  it('keeps the decimals of a decimal value', async () => {
    const html = await renderBlock('salesCounter', { value: 4.5 }, { dealer });
    expect(html).toContain('<span class="visually-hidden">4.5</span>');
  });
});
