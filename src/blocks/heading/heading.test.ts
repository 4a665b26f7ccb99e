import { describe, expect, it } from 'vitest';
import { inner, renderBlock } from '../../../tests/helpers/block-html.ts';

describe('heading block', () => {
  it('shows a level 1 heading as <h1> with its inline formatting', async () => {
    const html = await renderBlock('heading', { text: 'Welcome <em>home</em>', level: 1 });
    expect(html).toMatch(/<h1[^>]*>Welcome <em>home<\/em><\/h1>/);
  });

  it('shows a level 6 heading as <h6>', async () => {
    expect(await renderBlock('heading', { text: 'Fine print', level: 6 })).toMatch(/<h6[^>]*>Fine print<\/h6>/);
  });

  it.each([0, 7, -1, 2.5])('shows nothing for level %s', async (level) => {
    const html = await renderBlock('heading', { text: 'Hidden', level });
    expect(inner(html)).toBe('');
  });

  it.each(['', '   ', '<b> </b>', '<script>alert(1)</script>'])('shows nothing when the text is %j', async (text) => {
    expect(inner(await renderBlock('heading', { text, level: 2 }))).toBe('');
  });

  it('keeps only inline tags inside the heading', async () => {
    const html = await renderBlock('heading', {
      text: '<p>Big <strong>sale</strong></p><img src=x onerror=alert(1)>',
      level: 2,
    });
    expect(html).toMatch(/<h2[^>]*>Big <strong>sale<\/strong><\/h2>/);
    expect(html).not.toMatch(/<p|<img|onerror/);
  });
});
