import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import { text } from '../../../tests/helpers/block-html.ts';
import type { DealerContent } from '../../content/load.ts';
import { COUNT_DURATION_MS, countAt, decimalsOf, easeOutCubic, formatCount } from './count.ts';

describe('sales counter easing', () => {
  it('runs for about one and a half seconds', () => {
    expect(COUNT_DURATION_MS).toBe(1500);
  });

  it('starts at 0, ends at 1 and is clamped outside', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(-0.5)).toBe(0);
    expect(easeOutCubic(2)).toBe(1);
    expect(easeOutCubic(Number.NaN)).toBe(0);
  });

  it('eases out: most of the way there by half time, never going back', () => {
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
    let last = 0;
    for (let t = 0; t <= 1; t += 0.05) {
      const v = easeOutCubic(t);
      expect(v).toBeGreaterThanOrEqual(last);
      last = v;
    }
  });
});

describe('sales counter value over time', () => {
  it('counts from 0 to exactly the value at 1.5 s and stays there', () => {
    expect(countAt(12500, 0)).toBe(0);
    expect(countAt(12500, 1400)).toBeLessThan(12500);
    expect(countAt(12500, 1400)).toBeGreaterThan(12490);
    expect(countAt(12500, 1500)).toBe(12500);
    expect(countAt(12500, 5000)).toBe(12500);
  });

  it('shows whole numbers for a whole value', () => {
    for (let ms = 0; ms <= 1500; ms += 37) expect(Number.isInteger(countAt(999, ms))).toBe(true);
    expect(countAt(1000, 750)).toBe(875);
  });

  it('keeps the decimals of a decimal value', () => {
    expect(countAt(4.5, 750)).toBe(3.9);
    expect(decimalsOf(4.5)).toBe(1);
    expect(decimalsOf(99.95)).toBe(2);
    expect(decimalsOf(1.23456)).toBe(2);
    expect(decimalsOf(12500)).toBe(0);
  });

  it('counts down to a negative value without showing -0', () => {
    expect(Object.is(countAt(-100, 1), 0)).toBe(true);
    expect(countAt(-100, 1500)).toBe(-100);
  });

  it('jumps straight to the value when there is no duration', () => {
    expect(countAt(50, 0, 0)).toBe(50);
  });
});

describe('sales counter display', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0, 0)).toBe('0');
    expect(formatCount(999, 0)).toBe('999');
    expect(formatCount(1000, 0)).toBe('1,000');
    expect(formatCount(1234567, 0)).toBe('1,234,567');
  });

  it('writes the decimals it is asked for', () => {
    expect(formatCount(3.9, 1)).toBe('3.9');
    expect(formatCount(4, 1)).toBe('4.0');
    expect(formatCount(1234.5, 2)).toBe('1,234.50');
  });
});

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer('group-motors');
});

const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;

describe('sales counter block', () => {
  it('has the final value, with thousands separators, in the server HTML', async () => {
    const html = await renderBlock(
      'salesCounter',
      {
        heading: 'Cars sold',
        value: 12500,
        suffix: '+',
        description: 'Since <strong>1987</strong><img src=x onerror=alert(1)>',
      },
      { dealer },
    );
    expect(islands(html)).toBe(1);
    expect(html).toContain('client="idle"');
    expect(html).toContain('<span class="visually-hidden">12,500+</span>');
    expect(html).toContain('<span class="counter-shown" aria-live="off">12,500+</span>');
    expect(html).toContain('class="counter-visual" aria-hidden="true"');
    expect(text(html)).toContain('Cars sold');
    expect(html).toContain('<strong>1987</strong>');
    expect(html).not.toContain('onerror');
  });

  it('keeps the decimals of a decimal value', async () => {
    const html = await renderBlock('salesCounter', { value: 4.5 }, { dealer });
    expect(html).toContain('<span class="visually-hidden">4.5</span>');
  });
});
