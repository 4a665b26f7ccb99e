import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/block-html.ts';

const image = { url: 'https://cdn.example.com/hero.jpg', alt: 'Showroom', width: 1600, height: 600 };

describe('image banner block', () => {
  it('shows the image full width with rich content over it', async () => {
    const html = await renderBlock('imageBanner', { image, content: '<h2>Big sale</h2><p onclick="x()">Now on</p>' });
    expect(html).toMatch(/<div class="image-banner full-bleed/);
    expect(html).toMatch(/<img src="https:\/\/cdn\.example\.com\/hero\.jpg" alt="Showroom" width="1600" height="600"/);
    expect(html).toContain('<h2>Big sale</h2><p>Now on</p>');
    expect(html).not.toContain('onclick');
  });

  it('loads the image eagerly only as the first block of a page', async () => {
    const first = await renderBlock('imageBanner', { image }, { aboveFold: true });
    expect(first).toContain('loading="eager"');
    expect(first).toContain('fetchpriority="high"');
    expect(await renderBlock('imageBanner', { image })).toContain('loading="lazy"');
  });

  it('covers the image with the overlay colour at its opacity, only when active', async () => {
    const on = await renderBlock('imageBanner', { image, overlay: { active: true, color: '#003366', opacity: 0.55 } });
    expect(on).toContain('<div class="banner-overlay" style="background-color:#003366;opacity:0.55"></div>');
    const off = await renderBlock('imageBanner', { image, overlay: { active: false, color: '#003366' } });
    expect(off).not.toContain('banner-overlay');
    await expect(
      renderBlock('imageBanner', { image, overlay: { active: true, color: 'red;}body{display:none' } }),
    ).rejects.toThrow(/blocks\[0\]\.data\.overlay\.color.*expected a CSS colour/);
  });

  it('turns the layout into a modifier class and places the content by its words', async () => {
    const html = await renderBlock('imageBanner', { image, layout: 'Text Left', content: 'Hi' });
    expect(html).toMatch(/class="image-banner full-bleed image-banner--text-left x-left y-center/);
  });

  it('puts the text below the image on phones for pages published from 2024-12-18', async () => {
    const stacked = await renderBlock('imageBanner', { image, content: 'Hi' }, { publishedAt: '2024-12-18' });
    expect(stacked).toContain('image-banner-stacked');
    const before = await renderBlock('imageBanner', { image, content: 'Hi' }, { publishedAt: '2024-12-17' });
    expect(before).not.toContain('image-banner-stacked');
  });
});
