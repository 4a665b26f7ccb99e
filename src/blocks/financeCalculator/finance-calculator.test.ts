import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import type { DealerContent } from '../../content/load.ts';
import { startValue } from './FinanceCalculator.island.tsx';

let dealer: DealerContent;
let nzDealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer();
  nzDealer = { ...dealer, site: { ...dealer.site, country: 'NZ' } };
});

/** Visible-ish text: tags and comments removed, white space folded. */
function text(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;
const ranges = (html: string) => [...html.matchAll(/<input[^>]*type="range"[^>]*>/g)].map((m) => m[0]);

const data = {
  amount: { default: 30000, min: 5000, max: 150000, step: 1000, active: true },
  term: { default: 5, min: 1, max: 7, step: 1, active: true },
  interest: { default: 7.5, min: 4.95, max: 19.95, step: 0.05, active: true },
  frequency: { default: 'Monthly', options: ['Weekly', 'Fortnightly', 'Monthly', 'Yearly'], textColor: '#ffffff' },
  repaymentsText: 'Estimated repayments',
  disclaimer: '<p>A guide <strong>only</strong>.<script>alert(1)</script></p><img src=x onerror="alert(2)">',
  primaryColor: '#0b3d5c',
  secondaryColor: '#14a3a3',
};

describe('finance calculator block', () => {
  it('shows the default repayment in the server HTML: $30,000 over 5 years at 7.5% is $601.14 per month', async () => {
    const html = await renderBlock('financeCalculator', data, { dealer });
    const t = text(html);
    expect(t).toContain('Estimated repayments');
    expect(t).toContain('$601.14 per month');
    expect(t).toContain('Total repayments $36,068.40 over 5 years');
  });

  it('hydrates as one island when it scrolls into view', async () => {
    const html = await renderBlock('financeCalculator', data, { dealer });
    expect(islands(html)).toBe(1);
    expect(html).toContain('client="visible"');
  });

  it('has a labelled slider for amount, term and interest, telling its value in dollars, years and percent', async () => {
    const html = await renderBlock('financeCalculator', data, { dealer });
    const [amount, term, interest] = ranges(html);
    expect(ranges(html)).toHaveLength(3);
    expect(amount).toContain('aria-valuetext="$30,000"');
    expect(amount).toMatch(/min="5000"[^>]*max="150000"[^>]*step="1000"/);
    expect(term).toContain('aria-valuetext="5 years"');
    expect(interest).toContain('aria-valuetext="7.5%"');
    for (const input of ranges(html)) {
      const id = /id="([^"]+)"/.exec(input)![1]!;
      expect(html).toContain(`for="${id}"`);
    }
    expect(text(html)).toContain('Loan amount $30,000');
    expect(text(html)).toContain('Loan term 5 years');
    expect(text(html)).toContain('Interest rate (p.a.) 7.5%');
  });

  it('puts the figures in a polite live region', async () => {
    const html = await renderBlock('financeCalculator', data, { dealer });
    const live = html.slice(html.indexOf('aria-live="polite"'));
    expect(live).toMatch(/^aria-live="polite"[^>]*>[\s\S]*\$601\.14/);
    expect(html).toContain('role="status"');
  });

  it("offers the editor's frequencies as radio buttons with the default chosen", async () => {
    const html = await renderBlock(
      'financeCalculator',
      { ...data, frequency: { default: 'Weekly', options: ['Weekly', 'Fortnightly', 'Monthly'] } },
      { dealer },
    );
    const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map((m) => m[0]);
    expect(radios.map((r) => /value="(\w+)"/.exec(r)![1])).toEqual(['Weekly', 'Fortnightly', 'Monthly']);
    expect(radios.filter((r) => /checked/.test(r))).toHaveLength(1);
    expect(radios[0]).toMatch(/checked/);
    expect(text(html)).toContain('Repayment frequency');
    expect(text(html)).toContain('$138.45 per week');
  });

  it('shows an inactive setting as fixed text, not a slider', async () => {
    const fixed = { ...data, interest: { default: 11.95, min: 9.95, max: 19.95, step: 0.05, active: false } };
    const html = await renderBlock('financeCalculator', fixed, { dealer });
    expect(ranges(html)).toHaveLength(2);
    expect(html).not.toMatch(/id="[^"]*-interest"/);
    expect(text(html)).toContain('Interest rate (p.a.) 11.95% (fixed)');
    // $30,000 over 5 years at the fixed 11.95%, monthly.
    expect(text(html)).toContain('$666.58 per month');
  });

  it('shows a single frequency as text instead of a one-button choice', async () => {
    const html = await renderBlock(
      'financeCalculator',
      { ...data, frequency: { default: 'Monthly', options: ['Monthly'] } },
      { dealer },
    );
    expect(html).not.toContain('type="radio"');
    expect(text(html)).toContain('Repayment frequency Monthly');
  });

  it('starts a slider on its step within its range when the default is not', async () => {
    const off = { ...data, amount: { ...data.amount, default: 30400 }, term: { ...data.term, default: 9 } };
    const html = await renderBlock('financeCalculator', off, { dealer });
    expect(ranges(html)[0]).toContain('value="30000"');
    expect(ranges(html)[1]).toContain('value="7"');
    expect(startValue({ default: 30400, min: 5000, max: 150000, step: 1000, active: false })).toBe(30400);
  });

  it('does not divide by zero at 0% interest', async () => {
    const zero = { ...data, interest: { default: 0, min: 0, max: 10, step: 0.5, active: true } };
    const t = text(await renderBlock('financeCalculator', zero, { dealer }));
    expect(t).toContain('$500.00 per month');
    expect(t).toContain('Total repayments $30,000.00 over 5 years');
  });

  it('has the typed amount box only on NZ sites', async () => {
    const au = await renderBlock('financeCalculator', data, { dealer });
    const nz = await renderBlock('financeCalculator', data, { dealer: nzDealer });
    expect(au).not.toContain('aria-label="Loan amount in dollars"');
    expect(nz).toMatch(/<input[^>]*type="text"[^>]*aria-label="Loan amount in dollars"[^>]*value="30,000"/);
    expect(ranges(nz)).toHaveLength(3);
    expect(islands(nz)).toBe(1);
  });

  it('has no typed amount box when the amount is fixed, even in NZ', async () => {
    const html = await renderBlock(
      'financeCalculator',
      { ...data, amount: { ...data.amount, active: false } },
      { dealer: nzDealer },
    );
    expect(html).not.toContain('Loan amount in dollars');
    expect(text(html)).toContain('Loan amount $30,000 (fixed)');
  });

  it('shows the disclaimer as sanitised rich text', async () => {
    const html = await renderBlock('financeCalculator', data, { dealer });
    expect(html).toContain('A guide <strong>only</strong>.');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('onerror');
  });

  it("uses the editor's colours, keeping the chosen frequency readable", async () => {
    const html = await renderBlock('financeCalculator', data, { dealer });
    expect(html).toContain('--fc-primary:#0b3d5c');
    expect(html).toContain('--fc-on-primary:#ffffff');
    expect(html).toContain('--fc-result-bg:#14a3a3');
    // Dark red text on a dark red button would not read: white is used instead.
    const clash = await renderBlock(
      'financeCalculator',
      { ...data, primaryColor: '#b01e2d', frequency: { ...data.frequency, textColor: '#1b1d20' } },
      { dealer },
    );
    expect(clash).toContain('--fc-on-primary:#fff');
  });

  it('fails the build for a colour that could break out of the style attribute, naming the field', async () => {
    await expect(
      renderBlock('financeCalculator', { ...data, primaryColor: 'red;}</style><script>' }, { dealer }),
    ).rejects.toThrow(/blocks\[0\]\.data\.primaryColor.*expected a CSS colour/);
  });

  it('says "Estimated repayments" when the editor gave no text', async () => {
    const { repaymentsText: _, ...rest } = data;
    expect(text(await renderBlock('financeCalculator', rest, { dealer }))).toContain('Estimated repayments $601.14');
  });
});
