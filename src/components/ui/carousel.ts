/**
 * Pure settings of the shared carousel island (Carousel.tsx): slides per view at each
 * breakpoint, and the words its buttons and slides announce.
 */

/** Tablet and wide-screen breakpoints in CSS pixels, as the 40rem and 64rem media queries of carousel.css. */
export const TABLET_MIN_PX = 640;
export const WIDE_MIN_PX = 1024;

export interface PerView {
  phone: number;
  tablet: number;
  wide: number;
}

/** Swiper's `breakpoints` option for slides per view (keys are min-widths in px). */
export function carouselBreakpoints(view: PerView): Record<number, { slidesPerView: number }> {
  return {
    [TABLET_MIN_PX]: { slidesPerView: view.tablet },
    [WIDE_MIN_PX]: { slidesPerView: view.wide },
  };
}

/**
 * The CSS custom properties that size the slides before Swiper starts (or without JavaScript)
 * exactly as Swiper will, so nothing moves when it does.
 */
export function carouselVars(view: PerView, gap: number): string {
  return `--per-view-phone:${view.phone};--per-view-tablet:${view.tablet};--per-view-wide:${view.wide};--carousel-gap:${gap}px`;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Slide 2 of 3": how a slide names itself and the position the carousel announces. */
export function positionLabel(item: string, index: number, count: number): string {
  return `${capital(item)} ${index + 1} of ${count}`;
}

export interface CarouselMessages {
  prev: string;
  next: string;
  first: string;
  last: string;
  container: string;
  /** Swiper's slide label template ({{index}} and {{slidesLength}} filled in by Swiper). */
  slideLabel: string;
  /** What the pause button pauses. */
  show: string;
}

export function carouselMessages(item: string, count: number): CarouselMessages {
  return {
    prev: `Previous ${item}`,
    next: `Next ${item}`,
    first: `This is the first ${item}`,
    last: `This is the last ${item}`,
    container: `${count} ${item}s`,
    slideLabel: `${capital(item)} {{index}} of {{slidesLength}}`,
    show: 'slideshow',
  };
}
