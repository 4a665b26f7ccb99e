import { describe, expect, it } from 'vitest';
import { cardSpan, cardsPerRow, slidesPerView, swiperBreakpoints, wideCols } from './cards.ts';
import { safeHref } from '../../lib/links.ts';

describe('cards per row on the 12-column grid', () => {
  it('shows three cards per row when the editor sets no cardCols', () => {
    expect(wideCols(undefined)).toBe(3);
    expect(cardsPerRow(undefined)).toBe(3);
    expect(cardSpan(undefined)).toBe(4);
  });

  it('uses cardCols as given when it divides 12', () => {
    for (const cols of [1, 2, 3, 4, 6, 12]) {
      expect(cardsPerRow(cols)).toBe(cols);
      expect(cardSpan(cols)).toBe(12 / cols);
    }
  });

  it('rounds other counts down to the nearest column count that fits 12 columns', () => {
    expect(cardsPerRow(5)).toBe(4);
    for (const cols of [7, 8, 9, 10, 11]) expect(cardsPerRow(cols)).toBe(6);
  });

  it('keeps cardCols within 1 to 12', () => {
    expect(wideCols(0)).toBe(1);
    expect(wideCols(13)).toBe(12);
    expect(wideCols(Number.NaN)).toBe(3);
  });
});

describe('carousel slides per view', () => {
  it('shows one card on phones, two on tablets and cardCols on wide screens', () => {
    expect(slidesPerView(4)).toEqual({ phone: 1, tablet: 2, wide: 4 });
    expect(slidesPerView(5)).toEqual({ phone: 1, tablet: 2, wide: 5 });
  });

  it('never shows more cards on a tablet than on a wide screen', () => {
    expect(slidesPerView(1)).toEqual({ phone: 1, tablet: 1, wide: 1 });
  });

  it('switches at 640 and 1024 pixels, as the CSS does', () => {
    expect(swiperBreakpoints(slidesPerView(3))).toEqual({ 640: { slidesPerView: 2 }, 1024: { slidesPerView: 3 } });
  });
});

describe('card links', () => {
  it('keeps site paths, fragments and web, mail and phone links', () => {
    for (const href of [
      '/new-cars',
      '#offers',
      '?page=2',
      'https://example.com',
      'http://example.com',
      'mailto:a@b.com',
      'tel:0395550200',
      'used-cars',
    ]) {
      expect(safeHref(href)).toBe(href);
    }
  });

  it('drops script and data URLs, however they are written', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
    ]) {
      expect(safeHref(href)).toBeUndefined();
    }
  });

  it('treats an empty link as no link', () => {
    expect(safeHref('')).toBeUndefined();
    expect(safeHref('   ')).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });
});
