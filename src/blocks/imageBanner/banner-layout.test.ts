import { describe, expect, it } from 'vitest';
import { bannerLayout } from './layout.ts';

describe('banner layout', () => {
  it('turns a free-form layout into a modifier class and a content position', () => {
    expect(bannerLayout('Text Left')).toEqual({ modifier: 'image-banner--text-left', x: 'left', y: 'center' });
    expect(bannerLayout('bottom_right')).toEqual({ modifier: 'image-banner--bottom-right', x: 'right', y: 'bottom' });
    expect(bannerLayout('hero')).toEqual({ modifier: 'image-banner--hero', x: 'center', y: 'center' });
    expect(bannerLayout(undefined)).toEqual({ modifier: undefined, x: 'center', y: 'center' });
    expect(bannerLayout('"><script>')).toEqual({ modifier: 'image-banner--script', x: 'center', y: 'center' });
  });
});
