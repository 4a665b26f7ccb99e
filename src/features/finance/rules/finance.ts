/**
 * The finance calculator's maths (spec §9): the standard amortisation payment per period, the
 * total of all repayments, the repayment frequencies, slider values on their step, the NZ typed
 * amount (spec §5), and how amounts, terms and rates are written.
 */

/** "$25,000" or 25000 → 25000; anything else → NaN. */
export function parseAmount(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? v : NaN;
  const s = String(v).replace(/[$,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(s) ? Number(s) : NaN;
}

/** Spec §9: repayment frequencies and their periods per year. */
export const FREQUENCIES = [
  { name: 'Weekly', periodsPerYear: 52, per: 'week' },
  { name: 'Fortnightly', periodsPerYear: 26, per: 'fortnight' },
  { name: 'Monthly', periodsPerYear: 12, per: 'month' },
  { name: 'Yearly', periodsPerYear: 1, per: 'year' },
] as const;

export type FrequencyName = (typeof FREQUENCIES)[number]['name'];
export type Frequency = (typeof FREQUENCIES)[number];

/** The frequency called `name` (case-insensitive), or undefined for a name the table lacks. */
export function frequencyByName(name: string): Frequency | undefined {
  const key = name.trim().toLowerCase();
  return FREQUENCIES.find((f) => f.name.toLowerCase() === key);
}

/**
 * The frequencies offered: the editor's `options` in their order, unknown names and repeats
 * dropped, all four when none is usable; the default is always among them (first when the
 * editor left it out), so the selector can show what the calculator starts on.
 */
export function frequencyChoices(options: readonly string[] | undefined, defaultName: FrequencyName): FrequencyName[] {
  const names: FrequencyName[] = [];
  for (const option of options ?? []) {
    const f = frequencyByName(option);
    if (f && !names.includes(f.name)) names.push(f.name);
  }
  if (names.length === 0) return FREQUENCIES.map((f) => f.name);
  if (!names.includes(defaultName)) names.unshift(defaultName);
  return names;
}

/** Dollars to the nearest cent (what the visitor sees); NaN becomes 0. */
export function roundCents(dollars: number): number {
  // `|| 0` also turns the -0 of a tiny negative into 0.
  return Math.round(dollars * 100) / 100 || 0;
}

/**
 * The standard amortisation payment per period, P·r / (1 − (1 + r)^−n), with r the annual rate
 * divided by the periods per year and n = periods per year × years; unrounded.
 * At 0% it is P / n (the formula would divide by zero). With no periods at all (a term of 0) the
 * whole amount is due at once.
 */
export function paymentPerPeriod(
  amount: number,
  annualRatePercent: number,
  years: number,
  periodsPerYear: number,
): number {
  const n = periodsPerYear * years;
  if (!(amount > 0)) return 0;
  if (!(n > 0)) return amount;
  const r = annualRatePercent / 100 / periodsPerYear;
  if (r === 0) return amount / n;
  return (amount * r) / (1 - (1 + r) ** -n);
}

export interface LoanInput {
  /** Dollars borrowed. */
  amount: number;
  /** Years. */
  term: number;
  /** Percent a year. */
  interest: number;
  frequency: FrequencyName;
}

export interface Repayment {
  /** Payment per period in dollars, rounded to cents as shown. */
  payment: number;
  /**
   * Spec §9: payment × periods per year × years, from the rounded payment so that the shown
   * figures multiply out.
   */
  total: number;
  periodsPerYear: number;
  /** "week", "fortnight", "month" or "year". */
  per: string;
}

/** What the calculator shows for a loan. */
export function repayment(loan: LoanInput): Repayment {
  const f = frequencyByName(loan.frequency) ?? FREQUENCIES[2];
  const payment = roundCents(paymentPerPeriod(loan.amount, loan.interest, loan.term, f.periodsPerYear));
  const periods = f.periodsPerYear * loan.term;
  // No periods: the one payment is the total.
  const total = roundCents(periods > 0 ? payment * periods : payment);
  return { payment, total, periodsPerYear: f.periodsPerYear, per: f.per };
}

/** A slider's range and step, as the block data gives them. */
export interface RangeSetting {
  min: number;
  max: number;
  step: number;
}

/** Decimal places of a number as written (0.05 → 2, 500 → 0), at most 10. */
export function decimalPlaces(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const text = String(n);
  const e = /e-(\d+)$/.exec(text);
  if (e) return Math.min(10, Number(e[1]));
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : Math.min(10, text.length - dot - 1);
}

/**
 * `value` as an <input type="range"> would hold it: within min..max and on a step from min
 * (the nearest one; never above max when max is off the grid). Floating-point noise is rounded
 * off, so 4.95 + 81 × 0.05 is 9 and not 8.999999999999998.
 */
export function snapToStep(value: number, range: RangeSetting): number {
  const { min, step } = range;
  const max = Math.max(min, range.max);
  if (!Number.isFinite(value)) return min;
  const places = Math.max(decimalPlaces(min), decimalPlaces(step));
  const fix = (n: number) => Number(n.toFixed(places));
  const clamped = Math.min(max, Math.max(min, value));
  if (!(step > 0)) return fix(clamped);
  let snapped = min + Math.round((clamped - min) / step) * step;
  if (snapped > max + step * 1e-9) snapped -= step;
  return fix(snapped);
}

/** One slider's settings as the finance calculator block gives them. */
export interface CalculatorSetting extends RangeSetting {
  default: number;
  active: boolean;
}

/**
 * A setting's starting value: an active slider's default as the slider would hold it (on its step,
 * within its range); a fixed one's default as given. The calculator island and the car page's
 * weekly figure both start from it.
 */
export function startValue(s: CalculatorSetting): number {
  return s.active ? snapToStep(s.default, s) : s.default;
}

/**
 * Spec §5 (NZ): the loan amount as typed. Anything that is not a number becomes 0, and an
 * amount above `max` becomes `max`. A dollar sign, thousands commas and spaces are allowed
 * ("$30,000"); a negative amount is not a loan and counts as 0; cents are kept to two places.
 * Below the slider's minimum is allowed: the spec caps only the top.
 */
export function typedAmount(text: string, max: number): number {
  const cleaned = text.replace(/[\s,$]/g, '');
  if (!/^(\d+\.?\d*|\.\d+)$/.test(cleaned)) return 0;
  const n = Number(cleaned);
  if (!Number.isFinite(n)) return 0;
  return Math.min(max, roundCents(n));
}

const wholeDollars = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const upToTwo = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 });

/** "$30,000"; cents only when there are some ("$30,000.50"). */
export function formatAmount(dollars: number): string {
  return '$' + (Number.isInteger(dollars) ? wholeDollars : cents).format(dollars);
}

/** "$601.14", "$36,068.40": always with cents. */
export function formatMoney(dollars: number): string {
  return '$' + cents.format(dollars);
}

/** Spec §9: terms are shown in years: "1 year", "5 years", "2.5 years". */
export function formatYears(years: number): string {
  return `${upToTwo.format(years)} ${years === 1 ? 'year' : 'years'}`;
}

/** Spec §9: rates are shown in percent: "8.95%", "9%", "10.5%". */
export function formatPercent(percent: number): string {
  return `${upToTwo.format(percent)}%`;
}

/** The typed amount as the NZ input shows it once left: "30,000" (no dollar sign; it sits beside one). */
export function formatTypedAmount(dollars: number): string {
  return (Number.isInteger(dollars) ? wholeDollars : cents).format(dollars);
}
