/**
 * Turns the server-rendered `.swiper` track of an image slider into a looping Swiper that
 * advances by itself. Slides arrive as static children (React never owns them, so Swiper may
 * reorder them for loop mode). Auto-advance can always be paused (WCAG 2.2.2); it waits while
 * the pointer is over the slider or focus is inside it, and does not start for reduced motion.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type Swiper from 'swiper';
import { slideLabel } from './slider.ts';

interface Props {
  children?: ReactNode;
  count: number;
  start: number;
  /** Auto-advance interval in ms; 0 = none. */
  delay: number;
  loop: boolean;
}

const PREV = 'Previous slide';
const NEXT = 'Next slide';

export default function ImageSliderIsland({ children, count, start, delay, loop }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const swiper = useRef<Promise<Swiper | undefined> | null>(null);
  const [index, setIndex] = useState(start);
  const [ready, setReady] = useState(false);
  /** The visitor's choice (play/pause button), starting as "play" unless motion is reduced. */
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const canPlay = delay > 0 && count > 1;

  /**
   * Swiper (about 20 KB gzipped) loads on the first slide change, or when the pointer or focus
   * comes near the controls: the start slide is already painted by the static HTML, so the page
   * does not wait for it, and a visitor who never moves the slides never downloads it.
   */
  const load = () => {
    swiper.current ??= import('swiper').then(({ default: SwiperClass }) => {
      const el = root.current?.querySelector<HTMLElement>('.swiper');
      if (!el) return undefined;
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      // Slides off to the side would load only as they slide in (lazy); fetch them now.
      el.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = 'eager'));
      return new SwiperClass(el, {
        initialSlide: start,
        loop,
        // Reduced motion: slides change without the sliding movement.
        speed: reduced ? 0 : 600,
        on: {
          init: (s) => showOnly(s),
          slideChange: (s) => {
            setIndex(s.realIndex);
            showOnly(s);
          },
        },
      });
    });
    return swiper.current;
  };
  const move = (direction: 'next' | 'prev') =>
    void load().then((s) => (direction === 'next' ? s?.slideNext() : s?.slidePrev()));

  useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    setPlaying(canPlay && !reduced);
    if (reduced) root.current?.querySelectorAll('video').forEach((v) => v.pause());
    setReady(true);
    return () => {
      void swiper.current?.then((s) => s?.destroy(true, true));
      swiper.current = null;
    };
  }, [canPlay]);

  const running = playing && !hovered && !focused;
  useEffect(() => {
    if (!running || !canPlay) return;
    // Swiper's autoplay module would add ~3 KB and its own hover rules; a timer is enough.
    const timer = window.setInterval(() => move('next'), delay);
    return () => window.clearInterval(timer);
  }, [running, delay, canPlay]);

  const togglePlay = () => {
    const next = !playing;
    setPlaying(next);
    root.current?.querySelectorAll('video').forEach((v) => (next ? void v.play().catch(() => {}) : v.pause()));
  };

  // Arrow keys move the slider only while focus is inside it (not the whole document).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'ArrowLeft') move('prev');
    else if (e.key === 'ArrowRight') move('next');
    else return;
    e.preventDefault();
  };
  const onPointer = (over: boolean) => (e: PointerEvent) => {
    if (e.pointerType !== 'mouse') return;
    setHovered(over);
    if (over) void load();
  };

  return (
    <div
      ref={root}
      className="slider"
      data-ready={ready ? '' : undefined}
      onKeyDown={onKeyDown}
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      onFocus={() => {
        setFocused(true);
        void load();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {children}
      {count > 1 && (
        <div className="slider-controls">
          {canPlay && (
            <button type="button" className="slider-button slider-play" aria-label={playing ? 'Pause slideshow' : 'Play slideshow'} onClick={togglePlay}>
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
            </button>
          )}
          <button type="button" className="slider-button slider-prev" aria-label={PREV} onClick={() => move('prev')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="slider-button slider-next" aria-label={NEXT} onClick={() => move('next')}>
            <span aria-hidden="true">›</span>
          </button>
          {/* Announced when the visitor moves the slides, silent while they move by themselves. */}
          <p className="visually-hidden" aria-live={running ? 'off' : 'polite'} aria-atomic="true">
            {slideLabel(index, count)}
          </p>
        </div>
      )}
    </div>
  );
}

/** Only the slide in view can be reached by keyboard and screen readers. */
function showOnly(s: Swiper) {
  s.slides.forEach((slide, i) => {
    slide.inert = i !== s.activeIndex;
  });
}
