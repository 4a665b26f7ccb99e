import { describe, expect, it } from 'vitest';
import {
  FREQUENCIES,
  decimalPlaces,
  formatAmount,
  formatMoney,
  formatPercent,
  formatTypedAmount,
  formatYears,
  frequencyByName,
  frequencyChoices,
  paymentPerPeriod,
  repayment,
  roundCents,
  snapToStep,
  typedAmount,
} from '../rules/finance.ts';

/** The textbook formula, written out separately from the code under test. */
function textbook(P: number, ratePercent: number, years: number, perYear: number): number {
  const r = ratePercent / 100 / perYear;
  const n = years * perYear;
  return (P * r) / (1 - Math.pow(1 + r, -n));
}

describe('repayment frequencies (spec §9)', () => {
  it('are Weekly 52, Fortnightly 26, Monthly 12 and Yearly 1 periods a year', () => {
    expect(FREQUENCIES.map((f) => [f.name, f.periodsPerYear])).toEqual([
      ['Weekly', 52],
      ['Fortnightly', 26],
      ['Monthly', 12],
      ['Yearly', 1],
    ]);
  });

  it('are found by name whatever the case, and an unknown name is not', () => {
    expect(frequencyByName('monthly')?.periodsPerYear).toBe(12);
    expect(frequencyByName(' FORTNIGHTLY ')?.per).toBe('fortnight');
    expect(frequencyByName('Quarterly')).toBeUndefined();
  });

  it("offer the editor's options in order, without unknown names or repeats", () => {
    expect(frequencyChoices(['Monthly', 'Weekly', 'weekly', 'Daily'], 'Monthly')).toEqual(['Monthly', 'Weekly']);
  });

  it('offer all four when the editor gives none that is usable', () => {
    expect(frequencyChoices(undefined, 'Weekly')).toEqual(['Weekly', 'Fortnightly', 'Monthly', 'Yearly']);
    expect(frequencyChoices([], 'Weekly')).toHaveLength(4);
    expect(frequencyChoices(['Daily'], 'Weekly')).toHaveLength(4);
  });

  it('always include the default, first when the editor left it out', () => {
    expect(frequencyChoices(['Weekly', 'Fortnightly'], 'Monthly')).toEqual(['Monthly', 'Weekly', 'Fortnightly']);
  });
});

describe('repayment per period (standard amortisation)', () => {
  it('is $601.14 a month for $30,000 over 5 years at 7.5%', () => {
    expect(paymentPerPeriod(30000, 7.5, 5, 12)).toBeCloseTo(601.1385, 4);
    expect(repayment({ amount: 30000, term: 5, interest: 7.5, frequency: 'Monthly' })).toEqual({
      payment: 601.14,
      total: 36068.4,
      periodsPerYear: 12,
      per: 'month',
    });
  });

  it('is $138.45 a week, $277.07 a fortnight and $7,414.94 a year for the same loan', () => {
    expect(repayment({ amount: 30000, term: 5, interest: 7.5, frequency: 'Weekly' }).payment).toBe(138.45);
    expect(repayment({ amount: 30000, term: 5, interest: 7.5, frequency: 'Fortnightly' }).payment).toBe(277.07);
    expect(repayment({ amount: 30000, term: 5, interest: 7.5, frequency: 'Yearly' }).payment).toBe(7414.94);
  });

  it("matches the sample dealers' defaults: $622.02 a month at 8.95%, $127.83 a week on the NZ fixed 11.95%", () => {
    expect(repayment({ amount: 30000, term: 5, interest: 8.95, frequency: 'Monthly' }).payment).toBe(622.02);
    expect(repayment({ amount: 30000, term: 5, interest: 8.95, frequency: 'Weekly' }).payment).toBe(143.22);
    expect(repayment({ amount: 25000, term: 5, interest: 11.95, frequency: 'Weekly' }).payment).toBe(127.83);
  });

  it('agrees with the textbook formula P·r / (1 − (1 + r)^−n) across amounts, terms, rates and frequencies', () => {
    for (const P of [5000, 12345, 150000]) {
      for (const years of [1, 3, 7]) {
        for (const rate of [0.05, 4.95, 19.95]) {
          for (const f of FREQUENCIES) {
            expect(paymentPerPeriod(P, rate, years, f.periodsPerYear)).toBeCloseTo(
              textbook(P, rate, years, f.periodsPerYear),
              8,
            );
          }
        }
      }
    }
  });

  it('costs more per month at a higher rate, and less per month over a longer term', () => {
    const at = (interest: number, term: number) =>
      repayment({ amount: 30000, term, interest, frequency: 'Monthly' }).payment;
    expect(at(7.55, 5)).toBeGreaterThan(at(7.5, 5));
    expect(at(7.5, 6)).toBeLessThan(at(7.5, 5));
  });

  it('at 0% is the amount split evenly, without dividing by zero', () => {
    expect(paymentPerPeriod(30000, 0, 5, 12)).toBe(500);
    expect(repayment({ amount: 30000, term: 5, interest: 0, frequency: 'Monthly' })).toMatchObject({
      payment: 500,
      total: 30000,
    });
    expect(repayment({ amount: 30000, term: 5, interest: 0, frequency: 'Yearly' })).toMatchObject({
      payment: 6000,
      total: 30000,
    });
    expect(repayment({ amount: 30000, term: 5, interest: 0, frequency: 'Weekly' }).payment).toBe(115.38);
    expect(Number.isFinite(paymentPerPeriod(30000, 0, 5, 52))).toBe(true);
  });

  it('just above 0% is just above the even split', () => {
    const p = paymentPerPeriod(30000, 0.0001, 5, 12);
    expect(p).toBeGreaterThan(500);
    expect(p).toBeLessThan(500.01);
  });

  it('is 0 for nothing borrowed, and the whole amount when there is no term', () => {
    expect(paymentPerPeriod(0, 7.5, 5, 12)).toBe(0);
    expect(repayment({ amount: 0, term: 5, interest: 7.5, frequency: 'Weekly' })).toMatchObject({
      payment: 0,
      total: 0,
    });
    expect(paymentPerPeriod(30000, 7.5, 0, 12)).toBe(30000);
    expect(repayment({ amount: 30000, term: 0, interest: 7.5, frequency: 'Monthly' })).toMatchObject({
      payment: 30000,
      total: 30000,
    });
  });

  it('falls back to monthly for a frequency the table does not know', () => {
    expect(repayment({ amount: 30000, term: 5, interest: 7.5, frequency: 'Daily' as 'Monthly' }).payment).toBe(601.14);
  });
});

describe('total repayments (payment × periods per year × years)', () => {
  it('multiplies the shown payment out over the term', () => {
    const loan = { amount: 30000, term: 5, interest: 7.5 };
    expect(repayment({ ...loan, frequency: 'Monthly' }).total).toBe(36068.4); // 601.14 × 12 × 5
    expect(repayment({ ...loan, frequency: 'Weekly' }).total).toBe(35997); // 138.45 × 52 × 5
    expect(repayment({ ...loan, frequency: 'Fortnightly' }).total).toBe(36019.1); // 277.07 × 26 × 5
    expect(repayment({ ...loan, frequency: 'Yearly' }).total).toBe(37074.7); // 7414.94 × 1 × 5
  });

  it('is the shown weekly payment times 260 at 0% over 5 years, even when that is cents off the amount', () => {
    expect(repayment({ amount: 30000, term: 5, interest: 0, frequency: 'Weekly' }).total).toBe(29998.8);
  });

  it('works for a term in half years', () => {
    const r = repayment({ amount: 10000, term: 2.5, interest: 6, frequency: 'Fortnightly' });
    expect(r.payment).toBe(roundCents(textbook(10000, 6, 2.5, 26)));
    expect(r.total).toBe(roundCents(r.payment * 65));
  });
});

describe('slider values on their step', () => {
  const amount = { min: 5000, max: 150000, step: 1000 };
  const interest = { min: 4.95, max: 19.95, step: 0.05 };

  it('keeps a value already on a step', () => {
    expect(snapToStep(30000, amount)).toBe(30000);
    expect(snapToStep(8.95, interest)).toBe(8.95);
  });

  it('moves a value to the nearest step from min', () => {
    expect(snapToStep(30400, amount)).toBe(30000);
    expect(snapToStep(30500, amount)).toBe(31000);
    expect(snapToStep(8.97, interest)).toBe(8.95);
    expect(snapToStep(8.98, interest)).toBe(9);
  });

  it('writes decimal steps without floating-point noise', () => {
    expect(snapToStep(4.95 + 81 * 0.05, interest)).toBe(9);
    expect(snapToStep(11.95, interest)).toBe(11.95);
  });

  it('holds values at and beyond the ends to min and max', () => {
    expect(snapToStep(5000, amount)).toBe(5000);
    expect(snapToStep(4999, amount)).toBe(5000);
    expect(snapToStep(0, amount)).toBe(5000);
    expect(snapToStep(150000, amount)).toBe(150000);
    expect(snapToStep(150001, amount)).toBe(150000);
    expect(snapToStep(Number.NaN, amount)).toBe(5000);
  });

  it('never passes a max that is off the grid', () => {
    expect(snapToStep(10, { min: 0, max: 10, step: 3 })).toBe(9);
    expect(snapToStep(9.9, { min: 0, max: 10, step: 3 })).toBe(9);
  });

  it('counts decimal places as written', () => {
    expect(decimalPlaces(0.05)).toBe(2);
    expect(decimalPlaces(500)).toBe(0);
    expect(decimalPlaces(1e-7)).toBe(7);
  });
});

describe('typed loan amount (NZ, spec §5)', () => {
  const max = 150000;

  it('turns anything that is not a number into 0', () => {
    expect(typedAmount('abc', max)).toBe(0);
    expect(typedAmount('', max)).toBe(0);
    expect(typedAmount('  ', max)).toBe(0);
    expect(typedAmount('12abc', max)).toBe(0);
    expect(typedAmount('1.2.3', max)).toBe(0);
    expect(typedAmount('.', max)).toBe(0);
  });

  it('caps an amount above max at max, and keeps max itself', () => {
    expect(typedAmount('150000', max)).toBe(150000);
    expect(typedAmount('150000.01', max)).toBe(150000);
    expect(typedAmount('150001', max)).toBe(150000);
    expect(typedAmount('999999999', max)).toBe(150000);
    expect(typedAmount('149999', max)).toBe(149999);
  });

  it('reads dollar signs, thousands commas and cents', () => {
    expect(typedAmount('$30,000', max)).toBe(30000);
    expect(typedAmount(' 27 350 ', max)).toBe(27350);
    expect(typedAmount('30000.5', max)).toBe(30000.5);
    expect(typedAmount('.5', max)).toBe(0.5);
  });

  it('keeps an amount below the slider minimum (only the top is capped) and counts a negative as 0', () => {
    expect(typedAmount('2500', max)).toBe(2500);
    expect(typedAmount('-5000', max)).toBe(0);
  });
});

describe('how the calculator writes its figures', () => {
  it('writes amounts in dollars, with cents only when there are some', () => {
    expect(formatAmount(30000)).toBe('$30,000');
    expect(formatAmount(150000)).toBe('$150,000');
    expect(formatAmount(30000.5)).toBe('$30,000.50');
    expect(formatTypedAmount(150000)).toBe('150,000');
    expect(formatTypedAmount(0)).toBe('0');
  });

  it('writes repayments with cents', () => {
    expect(formatMoney(601.14)).toBe('$601.14');
    expect(formatMoney(36068.4)).toBe('$36,068.40');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('writes terms in years and rates in percent (spec §9)', () => {
    expect(formatYears(1)).toBe('1 year');
    expect(formatYears(5)).toBe('5 years');
    expect(formatYears(2.5)).toBe('2.5 years');
    expect(formatPercent(8.95)).toBe('8.95%');
    expect(formatPercent(9)).toBe('9%');
    expect(formatPercent(10.5)).toBe('10.5%');
  });

  it('rounds to the nearest cent', () => {
    expect(roundCents(601.1384578)).toBe(601.14);
    expect(roundCents(277.0652859)).toBe(277.07);
    expect(roundCents(Number.NaN)).toBe(0);
    expect(Object.is(roundCents(-0.001), 0)).toBe(true);
  });
});
