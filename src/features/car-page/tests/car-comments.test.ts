/** Dealer comments on the car page: HTML from the stock system shown as HTML, plain text as paragraphs. */
import { describe, expect, it } from 'vitest';
import { commentsHtml } from '../../../lib/sanitize.ts';

describe('commentsHtml', () => {
  it('keeps the stock system’s bold and line breaks, and drops anything unsafe', () => {
    const html = commentsHtml(
      'One owner.<br>Finance available. <strong>Save thousands</strong><script>alert(1)</script>',
    );
    expect(html).toContain('<strong>Save thousands</strong>');
    expect(html).toContain('<br />');
    expect(html).not.toContain('<script');
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(commentsHtml('Fresh WoF.\n\nFinance & trade-ins welcome; 5 < 6')).toBe(
      '<p>Fresh WoF.</p><p>Finance &amp; trade-ins welcome; 5 &lt; 6</p>',
    );
  });
});
