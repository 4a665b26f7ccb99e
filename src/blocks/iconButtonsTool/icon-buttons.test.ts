import { describe, expect, it } from 'vitest';
import { count, renderBlock } from '../../../tests/helpers/block-html.ts';

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
