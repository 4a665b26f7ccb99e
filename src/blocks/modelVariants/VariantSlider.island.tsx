/**
 * Turns the server-rendered `.swiper` track of the variant cards into a Swiper slider (more than
 * 2 variants). Previous/next controls exist only from 4 variants (spec §9); with 3, the slider
 * moves by swiping or dragging, and on wide screens all three fit.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Swiper from 'swiper';
import { A11y, Navigation } from 'swiper/modules';

/** Tablet and wide-screen breakpoints in px, as the block's 40rem and 64rem media queries. */
const TABLET_MIN_PX = 640;
const WIDE_MIN_PX = 1024;
export const VARIANT_GAP_PX = 16;

interface Props {
  children?: ReactNode;
  count: number;
  controls: boolean;
}

const PREV = 'Previous variant';
const NEXT = 'Next variant';

export default function VariantSlider({ children, count, controls }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const el = root.current?.querySelector<HTMLElement>('.swiper');
    if (!el) return;
    const instance = new Swiper(el, {
      modules: controls ? [Navigation, A11y] : [A11y],
      slidesPerView: 1,
      spaceBetween: VARIANT_GAP_PX,
      breakpoints: { [TABLET_MIN_PX]: { slidesPerView: 2 }, [WIDE_MIN_PX]: { slidesPerView: 3 } },
      watchOverflow: true,
      ...(controls ? { navigation: { prevEl: prev.current, nextEl: next.current } } : {}),
      a11y: {
        prevSlideMessage: PREV,
        nextSlideMessage: NEXT,
        firstSlideMessage: 'This is the first variant',
        lastSlideMessage: 'This is the last variant',
        containerRoleDescriptionMessage: 'carousel',
        containerMessage: `${count} variants`,
        itemRoleDescriptionMessage: 'variant',
        slideLabelMessage: '{{index}} of {{slidesLength}}',
      },
    });
    swiper.current = instance;
    setReady(true);
    return () => {
      swiper.current = null;
      instance.destroy(true, true);
    };
  }, [count, controls]);

  // Arrow keys move the slider only while focus is inside it (Swiper's keyboard module would
  // listen on the whole document).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if ((e.target as HTMLElement).closest('summary')) return;
    if (e.key === 'ArrowLeft') swiper.current?.slidePrev();
    else if (e.key === 'ArrowRight') swiper.current?.slideNext();
    else return;
    e.preventDefault();
  };

  return (
    <div ref={root} className="variant-slider" data-ready={ready ? '' : undefined} onKeyDown={onKeyDown}>
      {children}
      {controls && (
        <div className="variant-arrows">
          <button ref={prev} type="button" className="variant-arrow" aria-label={PREV}>
            <span aria-hidden="true">‹</span>
          </button>
          <button ref={next} type="button" className="variant-arrow" aria-label={NEXT}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </div>
  );
}
