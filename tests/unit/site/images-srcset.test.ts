/** Responsive images through the dealer's image CDN (content format 1.1 `images.transform`). */
import { describe, expect, it } from 'vitest';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import Img from '../../../src/components/Img.astro';
import { imageSrcset } from '../../../src/lib/images.ts';

const CDN = 'https://img.example.net/{width}/{url}';

describe('imageSrcset', () => {
  it('offers each width through the template, with the image made absolute', () => {
    const s = imageSrcset('/photos/hilux.jpg', CDN, 'https://www.a.com.au', 700)!;
    expect(s.split(', ')).toEqual([
      'https://img.example.net/320/https://www.a.com.au/photos/hilux.jpg 320w',
      'https://img.example.net/480/https://www.a.com.au/photos/hilux.jpg 480w',
      'https://img.example.net/640/https://www.a.com.au/photos/hilux.jpg 640w',
      'https://img.example.net/700/https://www.a.com.au/photos/hilux.jpg 700w',
    ]);
  });

  it('gives no srcset without a template, or for inline data', () => {
    expect(imageSrcset('/a.jpg', undefined, 'https://www.a.com.au')).toBeUndefined();
    expect(imageSrcset('data:image/png;base64,AA', CDN, 'https://www.a.com.au')).toBeUndefined();
  });

  it('stops at the widest CDN width when the image is larger or its width unknown', () => {
    const s = imageSrcset('https://cdn.cms.net/a.jpg', CDN, 'https://www.a.com.au')!;
    expect(s.split(', ')).toHaveLength(8);
    expect(s.endsWith('/1920/https://cdn.cms.net/a.jpg 1920w')).toBe(true);
  });
});

describe('<Img>', () => {
  const image = { url: '/a.jpg', width: 500, height: 300 };
  it('writes sizes only beside a srcset (the HTML standard refuses sizes alone)', async () => {
    const container = await AstroContainer.create();
    const plain = await container.renderToString(Img, { props: { image, sizes: '100vw' } });
    expect(plain).not.toContain('sizes=');
    expect(plain).not.toContain('srcset=');
    const cdn = await container.renderToString(Img, {
      props: { image, sizes: '100vw' },
      locals: { images: { transform: CDN, siteUrl: 'https://www.a.com.au' } },
    });
    expect(cdn).toContain('sizes="100vw"');
    expect(cdn).toContain('srcset="https://img.example.net/320/https://www.a.com.au/a.jpg 320w,');
  });
});
