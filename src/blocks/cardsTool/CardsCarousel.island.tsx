/**
 * Turns the server-rendered `.swiper` track of the cards block into a Swiper carousel. The cards
 * arrive as static children (rendered by Astro with Img and sanitised text), so React never owns
 * them and Swiper may reorder them for loop mode.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Swiper from 'swiper';
import { A11y, Navigation } from 'swiper/modules';
import { CARD_GAP_PX, swiperBreakpoints, type SlidesPerView } from './cards.ts';

interface Props {
  children?: ReactNode;
  view: SlidesPerView;
  loop: boolean;
  /** Show the arrows on phones too (they are hidden there by default). */
  mobileArrows: boolean;
  count: number;
}

const PREV = 'Previous card';
const NEXT = 'Next card';

export default function CardsCarousel({ children, view, loop, mobileArrows, count }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const el = root.current?.querySelector<HTMLElement>('.swiper');
    if (!el) return;
    const instance = new Swiper(el, {
      modules: [Navigation, A11y],
      slidesPerView: view.phone,
      spaceBetween: CARD_GAP_PX,
      breakpoints: swiperBreakpoints(view),
      loop,
      watchOverflow: true,
      navigation: { prevEl: prev.current, nextEl: next.current },
      a11y: {
        prevSlideMessage: PREV,
        nextSlideMessage: NEXT,
        firstSlideMessage: 'This is the first card',
        lastSlideMessage: 'This is the last card',
        containerRoleDescriptionMessage: 'carousel',
        containerMessage: `${count} cards`,
        itemRoleDescriptionMessage: 'card',
        slideLabelMessage: '{{index}} of {{slidesLength}}',
      },
    });
    swiper.current = instance;
    setReady(true);
    return () => {
      swiper.current = null;
      instance.destroy(true, true);
    };
  }, [view, loop, count]);

  // Arrow keys move the carousel only while focus is inside it; Swiper's keyboard module listens
  // on the whole document and would steal arrow keys from tab lists and other carousels.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'ArrowLeft') swiper.current?.slidePrev();
    else if (e.key === 'ArrowRight') swiper.current?.slideNext();
    else return;
    e.preventDefault();
  };

  return (
    <div ref={root} className="cards-carousel" data-ready={ready ? '' : undefined} onKeyDown={onKeyDown}>
      {children}
      <div className={mobileArrows ? 'carousel-arrows carousel-arrows-mobile' : 'carousel-arrows'}>
        <button ref={prev} type="button" className="carousel-arrow" aria-label={PREV}>
          <span aria-hidden="true">‹</span>
        </button>
        <button ref={next} type="button" className="carousel-arrow" aria-label={NEXT}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
