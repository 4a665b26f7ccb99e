import { describe, expect, it } from 'vitest';
import { renderBlock } from '../../../tests/helpers/block-html.ts';

const image = { url: 'https://cdn.example.com/hero.jpg', alt: 'Showroom', width: 1600, height: 600 };

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
