/** The maths of the sales counter: an ease-out count from 0 to the value, and its display. */

/** How long the count-up takes. */
export const COUNT_DURATION_MS = 1500;
/** Share of the counter that must be on screen before it starts. */
export const COUNT_START_VISIBLE = 0.4;
/** Visitors who match this media query see the final value without the count. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Whether the counter counts up once visible: not for a visitor who prefers reduced motion, and
 * not where the browser cannot tell when it is visible (it then keeps the final value).
 */
export function countsUp(prefersReducedMotion: boolean, canObserve: boolean): boolean {
  return canObserve && !prefersReducedMotion;
}

/** Cubic ease-out on 0..1: fast at first, settling gently on 1. Outside 0..1 it is clamped. */
export function easeOutCubic(t: number): number {
  if (!(t > 0)) return 0;
  if (t >= 1) return 1;
  return 1 - (1 - t) ** 3;
}

/** Decimal places the value is written with (at most 2): 12500 → 0, 4.5 → 1, 99.95 → 2. */
export function decimalsOf(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const text = String(value);
  const dot = text.indexOf('.');
  if (dot === -1 || text.includes('e')) return 2;
  return Math.min(2, text.length - dot - 1);
}

/**
 * The number shown `elapsedMs` after the count started: 0 at the start, exactly `value` from
 * `durationMs` on, and in between eased and rounded to the value's own decimal places.
 */
export function countAt(value: number, elapsedMs: number, durationMs = COUNT_DURATION_MS): number {
  if (durationMs <= 0 || elapsedMs >= durationMs) return value;
  const factor = 10 ** decimalsOf(value);
  // `|| 0` turns the -0 of a negative value's first frames into 0.
  return Math.round(value * easeOutCubic(elapsedMs / durationMs) * factor) / factor || 0;
}

/** "12,500", "4.5", "99.95": thousands separators and the value's decimal places. */
export function formatCount(n: number, decimals: number): string {
  let format = counters.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-AU', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    counters.set(decimals, format);
  }
  return format.format(n);
}

// Formatters are costly to build and the animation formats every frame: one per decimal count.
const counters = new Map<number, Intl.NumberFormat>();
