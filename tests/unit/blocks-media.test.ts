import { describe, expect, it } from 'vitest';
import { count, inner, renderBlock } from '../helpers/block-html.ts';

const image = { url: 'https://cdn.example.com/hero.jpg', alt: 'Showroom', width: 1600, height: 600 };

describe('video block', () => {
  it('plays muted, looped and inline by itself, loading only metadata up front', async () => {
    const html = await renderBlock('video', { url: 'https://cdn.example.com/clip.mp4' });
    expect(html).toMatch(/<video[^>]* src="https:\/\/cdn\.example\.com\/clip\.mp4"/);
    for (const attr of ['autoplay', 'muted', 'loop', 'playsinline', 'preload="metadata"']) {
      expect(html).toMatch(new RegExp(`<video[^>]* ${attr}[ >]`));
    }
  });

  it.each([
    ['https://cdn.example.com/clip', 'https://cdn.example.com/clip.mp4'],
    ['https://cdn.example.com/clip.mp4', 'https://cdn.example.com/clip.mp4'],
    ['https://cdn.example.com/clip.MP4', 'https://cdn.example.com/clip.MP4'],
    ['https://cdn.example.com/clip?v=2', 'https://cdn.example.com/clip.mp4?v=2'],
    ['https://cdn.example.com/clip.mp4?v=2', 'https://cdn.example.com/clip.mp4?v=2'],
  ])('plays %s as %s', async (url, src) => {
    const html = await renderBlock('video', { url });
    expect(html).toContain(`src="${src.replace(/&/g, '&amp;')}"`);
  });

  it('waits until it is near the screen below the fold, and loads at once above it', async () => {
    expect(await renderBlock('video', { url: '/v' })).toMatch(/<video[^>]* loading="lazy"/);
    expect(await renderBlock('video', { url: '/v' }, { aboveFold: true })).not.toContain('loading=');
  });

  it('shows nothing for a javascript: url', async () => {
    expect(inner(await renderBlock('video', { url: 'javascript:alert(1)' }))).toBe('');
  });
});

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

describe('image background block', () => {
  it('puts rich content over an <img> layer that keeps its size and loads lazily', async () => {
    const html = await renderBlock('imageBackground', {
      image,
      content: '<p>Service <strong>specials</strong></p>',
      overlay: { active: true, color: 'rgba(0,0,0,0.6)', opacity: 1 },
    });
    expect(html).toMatch(
      /<div class="bg-layer">\s*<img src="https:\/\/cdn\.example\.com\/hero\.jpg" alt="Showroom" width="1600" height="600" loading="lazy"/,
    );
    expect(html).toContain('style="background-color:rgba(0,0,0,0.6);opacity:1"');
    expect(html).toContain('<p>Service <strong>specials</strong></p>');
    expect(html.indexOf('bg-content')).toBeGreaterThan(html.indexOf('bg-layer'));
    expect(html).not.toMatch(/background-image|url\(/);
  });
});

describe('icon buttons block', () => {
  const buttons = [
    { icon: 'car', text: 'New cars', href: '/new-cars' },
    { icon: 'Map Marker', text: 'Find us', href: '/contact' },
    { icon: 'hovercraft', text: 'Something else', href: '/else' },
    { icon: 'phone', text: 'Bad link', href: 'javascript:alert(1)' },
  ];

  it('shows each link with its icon and text, a generic icon for unknown names', async () => {
    const html = await renderBlock('iconButtonsTool', { buttons });
    expect(html).toMatch(
      /<a class="icon-button" href="\/new-cars">\s*<svg class="icon" data-icon="car"[^>]*aria-hidden="true"[^>]*>.*?<\/svg>\s*<span>New cars<\/span>\s*<\/a>/,
    );
    expect(html).toContain('data-icon="location"');
    expect(html).toContain('data-icon="generic"');
    expect(html).not.toContain('Bad link');
    expect(count(html, '<li>')).toBe(3);
  });

  it('lays out buttonsPerRow per row on wide screens and at most 2 on phones', async () => {
    const html = await renderBlock('iconButtonsTool', { buttons, buttonsPerRow: 3 });
    expect(html).toContain('--per-row:3;--per-row-phone:2');
    expect(await renderBlock('iconButtonsTool', { buttons: buttons.slice(0, 1), buttonsPerRow: 1 })).toContain(
      '--per-row:1;--per-row-phone:1',
    );
  });

  it('has a plain "minimal" style', async () => {
    expect(await renderBlock('iconButtonsTool', { buttons, type: 'minimal' })).toContain(
      'icon-buttons icon-buttons-minimal',
    );
    expect(await renderBlock('iconButtonsTool', { buttons })).not.toContain('icon-buttons-minimal');
  });
});
