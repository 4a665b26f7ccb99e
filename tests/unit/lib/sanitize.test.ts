import { describe, expect, it } from 'vitest';
import { plainText, sanitizeInline, sanitizeRich } from '../../../src/lib/sanitize.ts';

describe('CMS rich text on a page', () => {
  it('drops script elements and their content', () => {
    expect(sanitizeRich('<p>Hello<script>alert(1)</script></p>')).toBe('<p>Hello</p>');
    expect(sanitizeInline('Hi<script>alert(1)</script>')).toBe('Hi');
  });

  it('drops event handler attributes', () => {
    expect(sanitizeRich('<p onclick="alert(1)" onmouseover="x()">Tap</p>')).toBe('<p>Tap</p>');
    expect(sanitizeRich('<img src=x onerror="alert(1)">')).toBe('');
    expect(sanitizeRich('<svg onload=alert(1)><circle/></svg>')).toBe('');
  });

  it.each([
    ['plain', 'javascript:alert(1)'],
    ['mixed case', 'JaVaScRiPt:alert(1)'],
    ['leading space', ' javascript:alert(1)'],
    ['decimal entity', '&#106;avascript:alert(1)'],
    ['hex entity', 'jav&#x61;script:alert(1)'],
    ['tab entity inside', 'java&#x09;script:alert(1)'],
    ['data URL', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;'],
  ])('removes a %s javascript: link target', (_, href) => {
    const out = sanitizeRich(`<a href="${href}">Win</a>`);
    expect(out).toBe('<a>Win</a>');
    expect(out.toLowerCase()).not.toContain('script:');
  });

  it('drops style attributes', () => {
    expect(sanitizeRich('<p style="background:url(javascript:alert(1))">T</p>')).toBe('<p>T</p>');
    expect(sanitizeRich('<span style="color:red">T</span>')).toBe('<span>T</span>');
  });

  it('drops iframes, objects and forms', () => {
    expect(sanitizeRich('<iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(sanitizeRich('<object data="x.swf"></object><form action="/x"><input></form>ok')).toBe('ok');
  });

  it('keeps strong, em and links with safe targets', () => {
    expect(
      sanitizeRich('<strong>Big</strong> <em>deal</em> <a href="https://x.com.au/offers" title="Offers">here</a>'),
    ).toBe('<strong>Big</strong> <em>deal</em> <a href="https://x.com.au/offers" title="Offers">here</a>');
    expect(sanitizeRich('<a href="/service">s</a> <a href="tel:0295550100">t</a> <a href="mailto:a@b.au">m</a>')).toBe(
      '<a href="/service">s</a> <a href="tel:0295550100">t</a> <a href="mailto:a@b.au">m</a>',
    );
  });

  it('adds rel noopener to links that open a new tab, and drops other targets', () => {
    expect(sanitizeRich('<a href="https://x.com" target="_blank">l</a>')).toBe(
      '<a href="https://x.com" target="_blank" rel="noopener noreferrer">l</a>',
    );
    expect(sanitizeRich('<a href="https://x.com" target="_blank" rel="opener">l</a>')).toContain(
      'rel="noopener noreferrer"',
    );
    expect(sanitizeRich('<a href="/a" target="_self">l</a>')).toBe('<a href="/a">l</a>');
  });

  it('keeps block tags in rich text but only inline tags in inline text', () => {
    expect(sanitizeRich('<p>para</p><h2>h</h2><ul><li>i</li></ul>')).toBe('<p>para</p><h2>h</h2><ul><li>i</li></ul>');
    expect(sanitizeInline('<p>para <strong>b</strong></p><h2>h</h2>')).toBe('para <strong>b</strong>h');
  });

  it('returns an empty string for missing text', () => {
    expect(sanitizeRich(undefined)).toBe('');
    expect(sanitizeInline(null)).toBe('');
  });

  it('gives plain text with entities decoded and white space folded', () => {
    expect(plainText('<p>Fish &amp; <b>chips</b></p>\n\n<p>&nbsp;daily</p>')).toBe('Fish & chips daily');
  });
});
