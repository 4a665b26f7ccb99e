/**
 * The shared carousel island (src/components/ui/Carousel.tsx): its settings, and the markup each
 * block hands to it, rendered on the server (slides, buttons and their labels).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  carouselBreakpoints,
  carouselMessages,
  carouselVars,
  positionLabel,
} from '../../../src/components/ui/carousel.ts';
import { slideLabel } from '../../../src/blocks/imageSlider/slider.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { fixtureDealer, renderBlock } from '../../helpers/render.ts';

describe('carousel settings', () => {
  it('maps slides per view to Swiper breakpoints at 40rem and 64rem', () => {
    expect(carouselBreakpoints({ phone: 1, tablet: 2, wide: 4 })).toEqual({
      640: { slidesPerView: 2 },
      1024: { slidesPerView: 4 },
    });
  });

  it('sizes the slides before Swiper starts with the same numbers', () => {
    expect(carouselVars({ phone: 1, tablet: 2, wide: 3 }, 16)).toBe(
      '--per-view-phone:1;--per-view-tablet:2;--per-view-wide:3;--carousel-gap:16px',
    );
  });

  it('names its buttons and slides after what it carries', () => {
    const m = carouselMessages('variant', 5);
    expect([m.prev, m.next, m.container]).toEqual(['Previous variant', 'Next variant', '5 variants']);
    expect(m.slideLabel).toBe('Variant {{index}} of {{slidesLength}}');
    expect(positionLabel('slide', 1, 3)).toBe('Slide 2 of 3');
    // The image slider's static labels and the carousel's announcements agree.
    expect(slideLabel(2, 3)).toBe(positionLabel('slide', 2, 3));
  });
});

describe('carousel markup of the blocks', () => {
  let dealer: DealerContent;
  beforeAll(async () => {
    dealer = await fixtureDealer('group-motors');
  });
  const cards = [1, 2, 3, 4].map((i) => ({
    heading: `Card ${i}`,
    description: `<p>Text ${i}</p>`,
    href: `/c${i}`,
    linkText: 'More',
  }));

  it('cards: every card a server-rendered slide, arrows named after cards, sized before Swiper starts', async () => {
    const html = await renderBlock('cardsTool', { cards, isCarousel: true, cardCols: 4 }, { dealer });
    expect((html.match(/<div class="swiper-slide"/g) ?? []).length).toBe(4);
    expect(html).toContain('class="carousel carousel-cards carousel-controls-below"');
    expect(html).toContain('aria-label="Previous card"');
    expect(html).toContain('aria-label="Next card"');
    expect(html).toContain('--per-view-wide:4');
    expect(html).not.toContain('carousel-play');
  });

  it('image slider: the controls sit over the image, with a pause button when it advances by itself', async () => {
    const slides = [1, 2].map((i) => ({ image: { url: `/s${i}.jpg`, width: 1600, height: 600 }, alt: `Slide ${i}` }));
    const html = await renderBlock('imageSlider', { slides, autoplayDelay: 5000 }, { dealer });
    expect(html).toContain('carousel-controls-overlay');
    // "Play" until the island starts the slideshow (it stays "Play" for reduced motion).
    expect(html).toContain('class="carousel-button carousel-play" aria-label="Play slideshow"');
    expect(html).toContain('aria-label="Next slide"');
    expect(html).toMatch(/class="visually-hidden carousel-status" aria-live="polite" aria-atomic="true">Slide 1 of 2</);
    const still = await renderBlock('imageSlider', { slides, autoplayDelay: 0 }, { dealer });
    expect(still).not.toContain('slideshow');
    expect(still).toContain('aria-label="Next slide"');
  });
});
