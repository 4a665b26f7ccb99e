/** "From $X per week" on a car page: the dealer's calculator settings and the calculator's own maths. */
import { describe, expect, it } from 'vitest';
import type { Block } from '../../../content/blocks.ts';
import type { Page } from '../../../content/page.ts';
import {
  comparisonRate,
  dealerCalculator,
  startValue,
  weeklyEstimate,
  type CalculatorData,
} from '../rules/car-example.ts';
import { repayment } from '../rules/finance.ts';

const calc = (over: Partial<CalculatorData> = {}): CalculatorData => ({
  amount: { default: 30000, min: 5000, max: 150000, step: 1000, active: true },
  term: { default: 5, min: 1, max: 7, step: 1, active: true },
  interest: { default: 8.95, min: 4.95, max: 19.95, step: 0.05, active: true },
  frequency: { default: 'Monthly', options: ['Weekly', 'Monthly'], textColor: undefined },
  disclaimer: '<p>A guide only.</p>',
  repaymentsText: undefined,
  primaryColor: undefined,
  secondaryColor: undefined,
  ...over,
});
const page = (path: string, blocks: unknown[]): Page =>
  ({ id: path, path, title: path, publishedAt: '2025-01-01', noindex: false, blocks: blocks as Block[] }) as Page;
const calcBlock = (data: CalculatorData) => ({ id: 'fc', type: 'financeCalculator', data, tunes: {}, index: 0 });

describe('weekly repayment of a car', () => {
  it('is the calculator’s weekly payment on the full price over its default term at its default rate', () => {
    const w = weeklyEstimate(45990, calc())!;
    expect(w.payment).toBe(repayment({ amount: 45990, term: 5, interest: 8.95, frequency: 'Weekly' }).payment);
    expect(w.payment).toBeCloseTo(219.55, 2);
    expect(w).toMatchObject({
      amount: 45990,
      term: 5,
      interest: 8.95,
      comparisonRate: 8.95,
      disclaimer: '<p>A guide only.</p>',
    });
  });

  it('starts from the sliders as they would hold the defaults; a fixed rate is used as given', () => {
    expect(startValue({ default: 8.97, min: 4.95, max: 19.95, step: 0.05, active: true })).toBe(8.95);
    expect(startValue({ default: 11.95, min: 9.95, max: 19.95, step: 0.5, active: false })).toBe(11.95);
    const fixed = calc({ interest: { default: 11.95, min: 9.95, max: 19.95, step: 0.05, active: false } });
    expect(weeklyEstimate(20000, fixed)?.interest).toBe(11.95);
  });

  it('is not shown for a price outside the amounts the calculator lends, at and around the limits', () => {
    expect(weeklyEstimate(4999, calc())).toBeUndefined();
    expect(weeklyEstimate(5000, calc())).toBeDefined();
    expect(weeklyEstimate(150000, calc())).toBeDefined();
    expect(weeklyEstimate(150001, calc())).toBeUndefined();
    expect(weeklyEstimate(0, calc())).toBeUndefined();
  });

  it('is not shown without a calculator', () => {
    expect(weeklyEstimate(30000, undefined)).toBeUndefined();
  });
});

describe('the dealer’s calculator settings', () => {
  it('come from the /finance page first, else the first page that has a calculator', () => {
    const a = calc({ term: { default: 3, min: 1, max: 7, step: 1, active: true } });
    const b = calc({ term: { default: 7, min: 1, max: 7, step: 1, active: true } });
    expect(dealerCalculator({ pages: [page('/offers', [calcBlock(a)]), page('/finance', [calcBlock(b)])] })).toBe(b);
    expect(dealerCalculator({ pages: [page('/offers', [calcBlock(a)]), page('/finance', [])] })).toBe(a);
    const nested = { id: 'c', type: 'columns', data: { cols: [{ blocks: [calcBlock(a)] }] }, tunes: {}, index: 0 };
    expect(dealerCalculator({ pages: [page('/x', [nested])] })).toBe(a);
    expect(dealerCalculator({ pages: [] })).toBeUndefined();
  });
});

describe('comparison rate', () => {
  it('equals the interest rate when the loan has no fees', () => {
    expect(comparisonRate(30000, 5, 8.95)).toBe(8.95);
  });

  it('rises with an establishment fee and a monthly fee', () => {
    // $30,000 over 5 years at 7% with a $400 establishment fee and a $10 monthly fee: about 8.10%.
    const rate = comparisonRate(30000, 5, 7, { upfront: 400, monthly: 10 });
    expect(rate).toBeGreaterThan(7.9);
    expect(rate).toBeLessThan(8.3);
    expect(comparisonRate(30000, 5, 7, { upfront: 400 })).toBeGreaterThan(7);
  });
});
