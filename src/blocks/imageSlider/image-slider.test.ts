import { beforeAll, describe, expect, it } from 'vitest';
import { slide as slideSchema, type Slide } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import {
  DEFAULT_AUTOPLAY_DELAY_MS,
  DEFAULT_SLIDE_OVERLAY,
  aspectRatio,
  autoplayDelay,
  heroSlide,
  isFullWidth,
  objectFit,
  slideImageUrl,
  slideLabel,
  sliderView,
  startIndex,
  type SliderData,
} from './slider.ts';
import { fixtureDealer, renderBlock, toBlocks } from '../../../tests/helpers/render.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer();
});

const hero = (over: Record<string, unknown> = {}): Slide => slideSchema.parse({ name: 'Hero', ...over });
/** Block data as the loader would produce it (schema defaults applied). */
const data = (raw: Record<string, unknown>): SliderData =>
  toBlocks([{ id: 's', type: 'imageSlider', data: raw }]).blocks[0]!.data as SliderData;
const img = (name: string, size: { width?: number; height?: number } = { width: 1600, height: 600 }) => ({
  image: { url: `/${name}.jpg`, ...size },
  alt: name,
});

describe('which slides show', () => {
  it('keeps a slide only when its image has both width and height', () => {
    const view = sliderView(
      data({ slides: [img('a'), img('b', { width: 1600 }), img('c', { height: 600 }), img('d', {}), img('e')] }),
      [],
    )!;
    expect(view.slides.map((s) => s.alt)).toEqual(['a', 'e']);
  });

  it('keeps every slide when fixed dimensions are configured, at that size', () => {
    const view = sliderView(
      data({ imageWidth: 1200, imageHeight: 400, slides: [img('a', {}), img('b', { width: 800, height: 800 })] }),
      [],
    )!;
    expect(view.slides.map((s) => [s.alt, s.width, s.height])).toEqual([
      ['a', 1200, 400],
      ['b', 1200, 400],
    ]);
  });

  it('needs both fixed dimensions: one alone does not rescue a slide without a size', () => {
    const view = sliderView(data({ imageWidth: 1200, slides: [img('a', {}), img('b')] }), [])!;
    expect(view.slides.map((s) => s.alt)).toEqual(['b']);
  });

  it('shows nothing when no slide can be shown', () => {
    expect(sliderView(data({ slides: [img('a', {})] }), [])).toBeUndefined();
    expect(sliderView(data({ source: 'slides' }), [])).toBeUndefined();
  });

  it('uses the dealer\'s hero slides with source "slides", by the same size rule', () => {
    const slides = [
      hero({ name: 'One', url: '/rav4', image: { key: 'k/one.svg', width: 1600, height: 600 } }),
      hero({ name: 'Two', image: { key: 'k/two.svg' } }),
    ];
    const view = sliderView(data({ source: 'slides', slides: [img('inline')] }), slides)!;
    expect(view.slides.map((s) => [s.alt, s.src, s.href])).toEqual([['One', '/k/one.svg', '/rav4']]);
    expect(sliderView(data({ source: 'slides', imageWidth: 10, imageHeight: 5 }), slides)!.slides).toHaveLength(2);
  });
});

describe('hero slides', () => {
  it('build the image URL from the key when there is no url, served from the site root', () => {
    expect(slideImageUrl({ key: 'samples/x/a.svg' })).toBe('/samples/x/a.svg');
    expect(slideImageUrl({ key: '/samples/x/a.svg' })).toBe('/samples/x/a.svg');
    expect(slideImageUrl({ key: 'https://cdn.example.com/a.jpg' })).toBe('https://cdn.example.com/a.jpg');
    expect(slideImageUrl({ key: 'k', url: 'https://cdn.example.com/b.jpg' })).toBe('https://cdn.example.com/b.jpg');
  });

  const sized = { key: 'a.jpg', width: 16, height: 9 };
  it('have an overlay unless hide_overlay, in custom_overlay when it is a safe colour', () => {
    expect(heroSlide(hero({ image: sized }), undefined)!.overlay).toBe(DEFAULT_SLIDE_OVERLAY);
    expect(
      heroSlide(hero({ image: sized, hide_overlay: true, custom_overlay: 'red' }), undefined)!.overlay,
    ).toBeUndefined();
    expect(heroSlide(hero({ image: sized, custom_overlay: 'rgba(11, 61, 92, 0.35)' }), undefined)!.overlay).toBe(
      'rgba(11, 61, 92, 0.35)',
    );
    expect(heroSlide(hero({ image: sized, custom_overlay: 'red;}body{x:y' }), undefined)!.overlay).toBe(
      DEFAULT_SLIDE_OVERLAY,
    );
  });

  it('may be videos, sized by the video', () => {
    const s = heroSlide(hero({ video: { url: '/v.mp4', width: 1280, height: 720 } }), undefined)!;
    expect([s.kind, s.src, s.width, s.height]).toEqual(['video', '/v.mp4', 1280, 720]);
    expect(heroSlide(hero({ video: { url: '/v.mp4' } }), undefined)).toBeUndefined();
  });

  it('never link to a javascript: URL', () => {
    expect(heroSlide(hero({ url: 'javascript:alert(1)', image: sized }), undefined)!.href).toBeUndefined();
  });
});

describe('slider settings', () => {
  it('advances every 4000 ms by default, or by autoplayDelay; 0 stops it', () => {
    expect(DEFAULT_AUTOPLAY_DELAY_MS).toBe(4000);
    expect(autoplayDelay(undefined)).toBe(4000);
    expect(autoplayDelay(3999)).toBe(3999);
    expect(autoplayDelay(4001)).toBe(4001);
    expect(autoplayDelay(0)).toBe(0);
    expect(sliderView(data({ slides: [img('a')] }), [])!.delay).toBe(4000);
    expect(sliderView(data({ autoplayDelay: 6000, slides: [img('a')] }), [])!.delay).toBe(6000);
  });

  it('starts at slide 0 by default, at startIndex when it names a slide, else at 0', () => {
    expect(startIndex(undefined, 3)).toBe(0);
    expect(startIndex(0, 3)).toBe(0);
    expect(startIndex(1, 3)).toBe(1);
    expect(startIndex(2, 3)).toBe(2);
    expect(startIndex(3, 3)).toBe(0);
    const slides = [img('a'), img('b'), img('c')];
    expect(sliderView(data({ slides }), [])!.start).toBe(0);
    expect(sliderView(data({ slides, startIndex: 1 }), [])!.start).toBe(1);
  });

  it('loops whenever there is more than one slide', () => {
    expect(sliderView(data({ slides: [img('a')] }), [])!.loop).toBe(false);
    expect(sliderView(data({ slides: [img('a'), img('b')] }), [])!.loop).toBe(true);
  });

  it('reserves the aspect ratio of the data, else of the fixed size, else of the start slide', () => {
    expect(aspectRatio('8/3', { width: 1, height: 1 })).toBe('8 / 3');
    expect(aspectRatio('16:9', { width: 1, height: 1 })).toBe('16 / 9');
    expect(aspectRatio('2.5', { width: 1, height: 1 })).toBe('2.5 / 1');
    expect(aspectRatio('wide', { width: 1600, height: 600 })).toBe('1600 / 600');
    expect(sliderView(data({ slides: [img('a', { width: 1200, height: 500 })] }), [])!.aspectRatio).toBe('1200 / 500');
  });

  it('fits images by objectFit when it is a CSS keyword, else cover', () => {
    expect(objectFit('contain')).toBe('contain');
    expect(objectFit(undefined)).toBe('cover');
    expect(objectFit('url(x)')).toBe('cover');
  });

  it('is full width unless the layout asks to be contained', () => {
    expect(isFullWidth(undefined)).toBe(true);
    expect(isFullWidth('full-width')).toBe(true);
    expect(isFullWidth('contained')).toBe(false);
  });

  it('names slide positions as "Slide 2 of 5"', () => {
    expect(slideLabel(1, 5)).toBe('Slide 2 of 5');
  });
});

describe('image slider block', () => {
  const slides = [img('a'), img('b'), img('c', {})];

  it('renders every shown slide in the static HTML with the start slide marked, in one island', async () => {
    const html = await renderBlock('imageSlider', { slides, startIndex: 1 }, { dealer });
    expect((html.match(/<astro-island\b/g) ?? []).length).toBe(1);
    expect(html).toContain('client="visible"');
    expect((html.match(/class="swiper-slide/g) ?? []).length).toBe(2);
    expect(html).toMatch(/class="swiper-slide slide-start"[^>]*aria-label="Slide 2 of 2"/);
    expect(html).toContain('aria-label="Previous slide"');
    expect(html).toContain('aria-label="Next slide"');
    expect(html).toMatch(/aria-label="(Pause|Play) slideshow"/);
    expect(html).toContain('--slider-ratio:1600 / 600');
    expect(html).not.toContain('/c.jpg');
  });

  it('loads only the start slide eagerly, and only above the fold', async () => {
    const top = await renderBlock('imageSlider', { slides }, { dealer, aboveFold: true });
    expect(top).toMatch(/src="\/a.jpg"[^>]*loading="eager"/);
    expect(top).toMatch(/src="\/b.jpg"[^>]*loading="lazy"/);
    const below = await renderBlock('imageSlider', { slides }, { dealer });
    expect(below).not.toContain('loading="eager"');
  });

  it('links a slide to its href', async () => {
    const html = await renderBlock('imageSlider', { slides: [{ ...img('a'), href: '/offers' }] }, { dealer });
    expect(html).toMatch(/<a class="slide-link"[^>]*href="\/offers"/);
  });

  it('plays video slides muted, looped and inline', async () => {
    const html = await renderBlock(
      'imageSlider',
      { slides: [img('a'), { image: { url: '/v.mp4', width: 1600, height: 600 } }] },
      { dealer },
    );
    expect(html).toMatch(/<video[^>]*src="\/v.mp4"[^>]*autoplay[^>]*muted[^>]*loop[^>]*playsinline/);
  });

  it('has no controls and no island for one slide', async () => {
    const html = await renderBlock('imageSlider', { slides: [img('a')] }, { dealer });
    expect(html).not.toContain('Next slide');
  });

  it('renders nothing without a showable slide', async () => {
    expect(await renderBlock('imageSlider', { source: 'slides' }, { dealer: { ...dealer, slides: [] } })).not.toContain(
      'image-slider',
    );
  });
});
