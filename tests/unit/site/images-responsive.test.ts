/**
 * <Img>'s promise to every page: a srcset and a `sizes` for the width it is drawn at whenever the
 * dealer has an image CDN, neither without one, and one LCP image per page (eager, fetchpriority
 * high) while every other image waits until it nears the screen.
 */
import { describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import Img from '../../../src/components/Img.astro';
import ImgPage from '../../helpers/fixtures/ImgPage.astro';
import { claimLcpImage, imageSizes, LAYOUT_SIZES, type ImageLayout } from '../../../src/lib/images.ts';

const CDN = 'https://img.example.net/{width}/{url}';
const cdnLocals = () => ({ images: { transform: CDN, siteUrl: 'https://www.a.com.au' } });
const plainLocals = () => ({ images: { siteUrl: 'https://www.a.com.au' } });
const tags = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe('imageSizes', () => {
  it("prefers the caller's sizes, then the layout preset, then the full width", () => {
    expect(imageSizes('card', '50vw')).toBe('50vw');
    expect(imageSizes('card')).toBe(LAYOUT_SIZES.card);
    expect(imageSizes(undefined, '  ')).toBe('100vw');
    expect(imageSizes()).toBe('100vw');
  });

  it('gives every layout a sizes list whose last entry has no media condition (the fallback)', () => {
    for (const [layout, sizes] of Object.entries(LAYOUT_SIZES)) {
      const entries = sizes.split(/,(?![^(]*\))/).map((s) => s.trim());
      expect(entries.at(-1), layout).not.toMatch(/^\(/);
      for (const e of entries.slice(0, -1)) expect(e, layout).toMatch(/^\((min|max)-width: [\d.]+(rem|px)\) \S/);
    }
  });

  it('draws narrower layouts at narrower widths on a wide screen', () => {
    const wide = (layout: ImageLayout) => LAYOUT_SIZES[layout].split(', ')[0]!;
    expect(wide('full')).toBe('100vw');
    expect(wide('half')).toBe('(min-width: 72rem) 34rem');
    expect(wide('third')).toBe('(min-width: 72rem) 23rem');
    expect(LAYOUT_SIZES.thumb).toBe('12rem');
  });
});

describe('claimLcpImage', () => {
  it('gives each page one claim', () => {
    const a = {};
    const b = {};
    expect(claimLcpImage(a)).toBe(true);
    expect(claimLcpImage(a)).toBe(false);
    expect(claimLcpImage(b)).toBe(true);
  });
});

describe('<Img> with an image CDN', () => {
  it("writes the layout's sizes beside the srcset", async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Img, {
      props: { image: { url: '/a.jpg', width: 800, height: 500 }, layout: 'card' },
      locals: cdnLocals(),
    });
    expect(attr(tags(html)[0]!, 'sizes')).toBe(LAYOUT_SIZES.card);
    expect(attr(tags(html)[0]!, 'srcset')).toContain('https://img.example.net/800/https://www.a.com.au/a.jpg 800w');
  });

  it('writes 100vw when the caller says nothing, so a srcset never goes without sizes', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Img, {
      props: { image: { url: '/a.jpg', width: 800, height: 500 } },
      locals: cdnLocals(),
    });
    expect(attr(tags(html)[0]!, 'sizes')).toBe('100vw');
  });
});

describe('<Img> without an image CDN', () => {
  it('writes neither srcset nor sizes, whatever layout is asked for', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(Img, {
      props: { image: { url: '/a.jpg', width: 800, height: 500 }, layout: 'half', sizes: '50vw' },
      locals: plainLocals(),
    });
    expect(tags(html)[0]).not.toMatch(/\s(srcset|sizes)=/);
  });
});

describe('the LCP image of a page', () => {
  const images = [
    { url: '/hero.jpg', width: 1600, height: 600, eager: true, layout: 'full' as const },
    { url: '/tile-1.jpg', width: 800, height: 500, eager: true, layout: 'card' as const },
    { url: '/tile-2.jpg', width: 800, height: 500, eager: true, layout: 'card' as const },
    { url: '/below.jpg', width: 800, height: 500, layout: 'half' as const },
  ];

  it('is the first image asked for eagerly: eager with fetchpriority high; every other image is lazy', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(ImgPage, { props: { images }, locals: cdnLocals() });
    const all = tags(html);
    expect(all).toHaveLength(4);
    expect(all.map((t) => [attr(t, 'src'), attr(t, 'loading'), attr(t, 'fetchpriority')])).toEqual([
      ['/hero.jpg', 'eager', 'high'],
      ['/tile-1.jpg', 'lazy', undefined],
      ['/tile-2.jpg', 'lazy', undefined],
      ['/below.jpg', 'lazy', undefined],
    ]);
    for (const t of all) expect(attr(t, 'sizes'), t).toBeTruthy();
  });

  it('is chosen again on the next page', async () => {
    const container = await AstroContainer.create();
    for (let i = 0; i < 2; i++) {
      const html = await container.renderToString(ImgPage, { props: { images }, locals: plainLocals() });
      expect(html.match(/fetchpriority="high"/g), `page ${i + 1}`).toHaveLength(1);
    }
  });

  it('does not exist on a page with no image asked for eagerly', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(ImgPage, {
      props: { images: images.map((x) => ({ ...x, eager: false })) },
      locals: plainLocals(),
    });
    expect(html).not.toContain('fetchpriority');
    expect(tags(html).every((t) => attr(t, 'loading') === 'lazy')).toBe(true);
  });
});
