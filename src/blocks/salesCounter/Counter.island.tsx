/**
 * The sales counter's number. The server renders the final value; once hydrated the number
 * drops to 0 and counts up when at least COUNT_START_VISIBLE of it is on screen. Screen readers
 * get the final value only (the moving digits are hidden from them), and visitors who prefer
 * reduced motion see the final value without animation.
 */
import { useEffect, useRef, useState } from 'react';
import {
  COUNT_DURATION_MS,
  COUNT_START_VISIBLE,
  REDUCED_MOTION_QUERY,
  countAt,
  countsUp,
  decimalsOf,
  formatCount,
} from './count.ts';

interface Props {
  value: number;
  suffix?: string;
}

export default function Counter({ value, suffix = '' }: Props) {
  const [shown, setShown] = useState(value);
  const ref = useRef<HTMLSpanElement>(null);
  const decimals = decimalsOf(value);
  const final = formatCount(value, decimals) + suffix;

  useEffect(() => {
    const el = ref.current;
    if (!el || !countsUp(window.matchMedia(REDUCED_MOTION_QUERY).matches, typeof IntersectionObserver !== 'undefined'))
      return;
    let frame = 0;
    setShown(0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const elapsed = now - start;
          setShown(countAt(value, elapsed));
          if (elapsed < COUNT_DURATION_MS) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold: COUNT_START_VISIBLE },
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value]);

  return (
    <span className="counter-value" ref={ref}>
      <span className="visually-hidden">{final}</span>
      {/* The final value sizes the box, so the counting digits never move the layout. */}
      <span className="counter-visual" aria-hidden="true">
        <span className="counter-sizer">{final}</span>
        <span className="counter-shown" aria-live="off">
          {formatCount(shown, decimals) + suffix}
        </span>
      </span>
    </span>
  );
}
