/**
 * "From $X per week" on a car page, from the dealer's own finance calculator (the financeCalculator
 * block on its pages): the car's price borrowed in full over the calculator's default term at its
 * default rate, paid weekly. The payment is the calculator's own maths (src/features/finance/rules/finance.ts), so the
 * car page and the calculator never disagree about the same loan.
 *
 * Australian credit law (National Consumer Credit Protection, National Credit Code) asks that an
 * advertised annual percentage rate come with a comparison rate, the example it was worked out on
 * and the standard warning; this module gives the page those figures.
 */
import type { BlockData } from '../../../content/blocks.ts';
import type { DealerContent } from '../../../content/load.ts';
import type { Page } from '../../../content/page.ts';
import { walkBlocks } from '../../../content/block-tree.ts';
import { repayment, startValue, type CalculatorSetting } from './finance.ts';
import { headlinePrice, type PricedCar } from '../../../domain/car-prices.ts';

export { startValue, type CalculatorSetting };

export type CalculatorData = BlockData<'financeCalculator'>;

export const COMPARISON_RATE_WARNING =
  'WARNING: This comparison rate is true only for the example given and may not include all fees and charges. ' +
  'Different terms, fees or other loan amounts might result in a different comparison rate.';

const FINANCE_PATH = '/finance';

function calculatorOn(page: Page): CalculatorData | undefined {
  for (const b of walkBlocks(page.blocks)) if (b.type === 'financeCalculator') return b.data;
  return undefined;
}

/**
 * The dealer's finance calculator settings: the calculator on its /finance page, else the first
 * one on any page; undefined when the dealer has none (the page then shows no weekly figure).
 */
export function dealerCalculator(dealer: Pick<DealerContent, 'pages'>): CalculatorData | undefined {
  const finance = dealer.pages.find((p) => p.path === FINANCE_PATH);
  const own = finance && calculatorOn(finance);
  if (own) return own;
  for (const page of dealer.pages) {
    const found = calculatorOn(page);
    if (found) return found;
  }
  return undefined;
}

/** Fees a lender charges, for the comparison rate; the calculator's block has none. */
export interface LoanFees {
  /** Dollars paid at the start (establishment fee). */
  upfront?: number;
  /** Dollars added to each monthly repayment (account keeping fee). */
  monthly?: number;
}

/**
 * The comparison rate, percent a year: the annual rate at which the repayments, fees included,
 * pay back exactly the amount the borrower receives (monthly periods, as the National Credit Code
 * works it). Without fees it is the interest rate itself.
 */
export function comparisonRate(amount: number, years: number, ratePercent: number, fees: LoanFees = {}): number {
  const n = Math.round(years * 12);
  const upfront = fees.upfront ?? 0;
  const monthly = fees.monthly ?? 0;
  if (!(amount > 0) || !(n > 0) || (upfront <= 0 && monthly <= 0)) return ratePercent;
  const r = ratePercent / 100 / 12;
  // The establishment fee is borrowed with the car: repayments are on amount + upfront.
  const principal = amount + upfront;
  const payment = (r === 0 ? principal / n : (principal * r) / (1 - (1 + r) ** -n)) + monthly;
  const presentValue = (monthlyRate: number) =>
    monthlyRate === 0 ? payment * n : (payment * (1 - (1 + monthlyRate) ** -n)) / monthlyRate;
  // Present value falls as the rate rises: halve the bracket until it pins the rate to 0.0001%.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 100 && hi - lo > 1e-9; i++) {
    const mid = (lo + hi) / 2;
    if (presentValue(mid) > amount) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * 12 * 100 * 100) / 100;
}

export interface WeeklyEstimate {
  /** Dollars a week, rounded to cents as the calculator shows it. */
  payment: number;
  /** The example loan: the car's price, in dollars. */
  amount: number;
  /** Years. */
  term: number;
  /** Percent a year. */
  interest: number;
  /** Percent a year, for the example loan. */
  comparisonRate: number;
  /** The calculator's own disclaimer (CMS rich text, not yet sanitised). */
  disclaimer?: string;
}

/**
 * The weekly repayment of the car's price over the calculator's default term at its default
 * rate; undefined without a calculator or when the price is outside the amounts the calculator
 * lends (a figure for a loan the dealer does not offer would mislead). Given a car, the price
 * borrowed is the one its page shows first (the drive-away price where the stock has it); a price
 * on application car has no estimate.
 */
export function weeklyEstimate(
  car: number | PricedCar,
  calc: CalculatorData | undefined,
  fees?: LoanFees,
): WeeklyEstimate | undefined {
  const price = typeof car === 'number' ? car : headlinePrice(car)?.amount;
  if (!calc || price === undefined || !(price > 0)) return undefined;
  if (price < calc.amount.min || price > calc.amount.max) return undefined;
  const term = startValue(calc.term);
  const interest = startValue(calc.interest);
  if (!(term > 0) || !(interest >= 0)) return undefined;
  const { payment } = repayment({ amount: price, term, interest, frequency: 'Weekly' });
  return {
    payment,
    amount: price,
    term,
    interest,
    comparisonRate: comparisonRate(price, term, interest, fees),
    ...(calc.disclaimer?.trim() ? { disclaimer: calc.disclaimer } : {}),
  };
}
