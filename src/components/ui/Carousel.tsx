/**
 * The one carousel island of the site: turns a server-rendered Swiper track (`.swiper` >
 * `.swiper-wrapper` > `.swiper-slide`, passed as children) into a Swiper with Navigation and A11y,
 * and Autoplay where the block asks for it. React never owns the slides (they arrive as static
 * HTML), so Swiper may reorder them for loop mode.
 *
 * - Previous/next buttons sit in their own bar (below the track, or over the image for heroes)
 *   and never on top of another control.
 * - Arrow keys move the carousel only while focus is inside it: Swiper's keyboard module listens
 *   on the whole document and would take arrow keys from tab lists and other carousels.
 * - Auto-advance can always be paused (WCAG 2.2.2); it waits while the pointer is over the
 *   carousel or focus is inside it, and does not start when the visitor prefers reduced motion
 *   (slides then change without the sliding movement too).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import Swiper from 'swiper';
import { A11y, Autoplay, Navigation } from 'swiper/modules';
import { carouselBreakpoints, carouselMessages, positionLabel, type PerView } from './carousel.ts';

interface Props {
  children?: ReactNode;
  /** The block's name, prefixed to the root's class ("cards" → carousel-cards). */
  name: string;
  /** What one slide is called ("card", "variant", "slide"): the buttons say "Next card". */
  item: string;
  count: number;
  /** Slides in view on phones, tablets and wide screens (default one everywhere). */
  perView?: PerView;
  /** Space between slides in px. */
  gap?: number;
  loop?: boolean;
  /** Index of the slide shown first. */
  start?: number;
  /** Previous/next buttons (false: the carousel moves by swiping, dragging and keys only). */
  arrows?: boolean;
  /** Show the buttons on phones too; by default phones swipe. */
  mobileArrows?: boolean;
  /** Where the buttons sit: under the track, or over it (full-width image sliders). */
  controls?: 'below' | 'overlay';
  /** Auto-advance interval in ms; 0 or absent: none. */
  autoplay?: number;
  /**
   * Announce the position ("Slide 2 of 3") and keep the slides out of view unreachable: for
   * carousels that show one slide at a time.
   */
  announce?: boolean;
  /** Let Swiper name the container a carousel; off when the block's own wrapper already is one. */
  labelContainer?: boolean;
}

const ONE: PerView = { phone: 1, tablet: 1, wide: 1 };
/** Controls that keep their own arrow keys. */
const OWN_KEYS = 'input, select, textarea, summary, [role="tablist"], [role="slider"], [contenteditable]';

export default function Carousel({
  children,
  name,
  item,
  count,
  perView = ONE,
  gap = 0,
  loop = false,
  start = 0,
  arrows = true,
  mobileArrows = false,
  controls = 'below',
  autoplay = 0,
  announce = false,
  labelContainer = true,
}: Props) {
  const root = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const swiper = useRef<Swiper | null>(null);
  const [ready, setReady] = useState(false);
  const [index, setIndex] = useState(start);
  /** The visitor's choice on the pause button; starts playing unless motion is reduced. */
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const canPlay = autoplay > 0 && count > 1;
  const messages = carouselMessages(item, count);

  useEffect(() => {
    const el = root.current?.querySelector<HTMLElement>('.swiper');
    if (!el) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const only = (s: Swiper) => {
      if (!announce) return;
      s.slides.forEach((slide, i) => {
        slide.inert = i !== s.activeIndex;
      });
    };
    const instance = new Swiper(el, {
      modules: [Navigation, A11y, ...(canPlay ? [Autoplay] : [])],
      slidesPerView: perView.phone,
      spaceBetween: gap,
      breakpoints: carouselBreakpoints(perView),
      loop,
      initialSlide: start,
      speed: reduced ? 0 : announce ? 600 : 300,
      watchOverflow: true,
      // Swiper removes loading="lazy" from the slides next to those in view, so they are ready
      // before they slide in.
      lazyPreloadPrevNext: 1,
      ...(arrows ? { navigation: { prevEl: prev.current, nextEl: next.current } } : {}),
      ...(canPlay ? { autoplay: { enabled: false, delay: autoplay, disableOnInteraction: false } } : {}),
      a11y: {
        prevSlideMessage: messages.prev,
        nextSlideMessage: messages.next,
        firstSlideMessage: messages.first,
        lastSlideMessage: messages.last,
        containerRoleDescriptionMessage: labelContainer ? 'carousel' : null,
        containerMessage: labelContainer ? messages.container : null,
        itemRoleDescriptionMessage: item,
        slideLabelMessage: messages.slideLabel,
        // The position is announced by the carousel's own status line, politely, and only when
        // the visitor moves the slides.
        wrapperLiveRegion: false,
      },
      on: {
        init: only,
        slideChange: (s) => {
          setIndex(s.realIndex);
          only(s);
        },
      },
    });
    swiper.current = instance;
    setPlaying(canPlay && !reduced);
    if (reduced) root.current?.querySelectorAll('video').forEach((v) => v.pause());
    setReady(true);
    return () => {
      swiper.current = null;
      instance.destroy(true, true);
    };
    // The props come from static HTML and never change after hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const running = canPlay && playing && !hovered && !focused;
  useEffect(() => {
    const auto = swiper.current?.autoplay;
    if (!auto) return;
    if (running) auto.start();
    else auto.stop();
  }, [running, ready]);

  const togglePlay = () => {
    const on = !playing;
    setPlaying(on);
    root.current?.querySelectorAll('video').forEach((v) => (on ? void v.play().catch(() => {}) : v.pause()));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if ((e.target as HTMLElement).closest(OWN_KEYS)) return;
    if (e.key === 'ArrowLeft') swiper.current?.slidePrev();
    else if (e.key === 'ArrowRight') swiper.current?.slideNext();
    else return;
    e.preventDefault();
  };
  const onPointer = (over: boolean) => (e: PointerEvent) => {
    if (e.pointerType === 'mouse') setHovered(over);
  };

  const classes = ['carousel', `carousel-${name}`, `carousel-controls-${controls}`];
  return (
    <div
      ref={root}
      className={classes.join(' ')}
      data-ready={ready ? '' : undefined}
      onKeyDown={onKeyDown}
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      {children}
      {(arrows || canPlay) && (
        <div className={mobileArrows ? 'carousel-arrows carousel-arrows-mobile' : 'carousel-arrows'}>
          {canPlay && (
            <button
              type="button"
              className="carousel-button carousel-play"
              aria-label={playing ? `Pause ${messages.show}` : `Play ${messages.show}`}
              onClick={togglePlay}
            >
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
            </button>
          )}
          {arrows && (
            <span className="carousel-nav">
              <button
                ref={prev}
                type="button"
                className="carousel-button carousel-arrow carousel-prev"
                aria-label={messages.prev}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <button
                ref={next}
                type="button"
                className="carousel-button carousel-arrow carousel-next"
                aria-label={messages.next}
              >
                <span aria-hidden="true">›</span>
              </button>
            </span>
          )}
        </div>
      )}
      {announce && (
        // Announced when the visitor moves the slides, silent while they move by themselves.
        <p className="visually-hidden carousel-status" aria-live={running ? 'off' : 'polite'} aria-atomic="true">
          {positionLabel(item, index, count)}
        </p>
      )}
    </div>
  );
}
