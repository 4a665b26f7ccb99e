import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import { text } from '../../../tests/helpers/block-html.ts';
import type { DealerContent } from '../../content/load.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer('group-motors');
});

const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);

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
