import { describe, expect, it } from 'vitest';
import { safeHref } from '../../../src/lib/links.ts';

describe('safe links', () => {
  it.each([
    '/service',
    '#form-section',
    '?model=corolla',
    'https://example.com',
    'HTTP://x.au',
    'mailto:a@b.au',
    'tel:0295550100',
    'used-cars',
  ])('keeps %s', (href) => expect(safeHref(href)).toBe(href));
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '',
    '  ',
  ])('drops %j', (href) => expect(safeHref(href)).toBeUndefined());
});
