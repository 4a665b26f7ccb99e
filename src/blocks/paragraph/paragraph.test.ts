import { describe, expect, it } from 'vitest';
import { inner, renderBlock } from '../../../tests/helpers/block-html.ts';

describe('paragraph block', () => {
  it('drops script, event handlers, javascript: links and styles but keeps bold text and normal links', async () => {
    const html = await renderBlock('paragraph', {
      text:
        'Call <strong>today</strong> or see <a href="https://example.com/offers">our offers</a>.' +
        '<script>alert(1)</script> <a href="javascript:alert(2)">win</a>' +
        ' <span style="color:red" onclick="steal()">styled</span>',
    });
    expect(html).toContain('<strong>today</strong>');
    expect(html).toContain('<a href="https://example.com/offers">our offers</a>');
    expect(html).toContain('styled');
    expect(html).not.toMatch(/<script|alert\(1\)|onclick|javascript:|style=/i);
  });

  it('is a <p> for inline text and a prose <div> when the text holds paragraphs', async () => {
    expect(await renderBlock('paragraph', { text: 'One line' })).toMatch(/<p class="paragraph"[^>]*>One line<\/p>/);
    const html = await renderBlock('paragraph', { text: '<p>First</p><p>Second</p>' });
    expect(html).toMatch(/<div class="paragraph prose"[^>]*><p>First<\/p><p>Second<\/p><\/div>/);
  });

  it('shows nothing for empty text', async () => {
    expect(inner(await renderBlock('paragraph', { text: '' }))).toBe('');
  });
});
