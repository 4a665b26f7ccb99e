/**
 * Geometry of the cards block, shared by its CSS classes and the carousel: one card per row on
 * phones, up to two on tablets, `cardCols` on wide screens.
 */

import { TABLET_MIN_PX, WIDE_MIN_PX, carouselBreakpoints, type PerView } from '../../components/ui/carousel.ts';

/** Tablet and wide-screen breakpoints in CSS pixels; the block's media queries use 40rem and 64rem. */
export { TABLET_MIN_PX, WIDE_MIN_PX };
/** Gap between cards, in pixels (1rem), in the grid and between carousel slides. */
export const CARD_GAP_PX = 16;
export const DEFAULT_CARD_COLS = 3;

const DIVISORS_OF_12 = [12, 6, 4, 3, 2, 1];

/** cardCols as the editor meant it: a whole number from 1 to 12, default 3. */
export function wideCols(cardCols: number | undefined): number {
  if (cardCols === undefined || !Number.isFinite(cardCols)) return DEFAULT_CARD_COLS;
  return Math.min(12, Math.max(1, Math.round(cardCols)));
}

/**
 * Cards per row of the 12-column grid on wide screens: cardCols when it divides 12, else the
 * largest divisor below it (5 → 4, 7-11 → 6), so a card is never narrower than the editor asked.
 */
export function cardsPerRow(cardCols: number | undefined): number {
  const cols = wideCols(cardCols);
  return DIVISORS_OF_12.find((d) => d <= cols)!;
}

/** Grid columns (of 12) that one card spans on wide screens. */
export function cardSpan(cardCols: number | undefined): number {
  return 12 / cardsPerRow(cardCols);
}

export type SlidesPerView = PerView;

/** Carousel slides per view: 1 on phones, up to 2 on tablets, cardCols on wide screens. */
export function slidesPerView(cardCols: number | undefined): SlidesPerView {
  const wide = wideCols(cardCols);
  return { phone: 1, tablet: Math.min(2, wide), wide };
}

/** Swiper's `breakpoints` option for those slides per view (keys are min-widths in px). */
export const swiperBreakpoints: (view: SlidesPerView) => Record<number, { slidesPerView: number }> =
  carouselBreakpoints;
