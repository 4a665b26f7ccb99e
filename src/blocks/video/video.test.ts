import { describe, expect, it } from 'vitest';
import { inner, renderBlock } from '../../../tests/helpers/block-html.ts';

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
