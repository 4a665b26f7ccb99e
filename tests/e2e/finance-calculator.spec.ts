/**
 * The finance calculator of every sample page that has one, used in Chromium: the keyboard moves
 * a slider and the repayment follows the maths of src/features/finance/rules/finance.ts; the frequency changes it;
 * the first slider use sends analytics event 26 once; the figures are saved for 14 days and the
 * dealer's finance form then starts with the amount as its budget; on NZ sites the typed amount
 * turns a non-number into 0 and caps an amount above max.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { builtSlugs, e2eEnv, localOrigin } from './setup/support.ts';
import { fillStep, formIn, newVisitor } from './setup/form-driver.ts';
import {
  formatMoney,
  formatTypedAmount,
  frequencyChoices,
  repayment,
  snapToStep,
  type FrequencyName,
} from '../../src/features/finance/rules/finance.ts';

interface Setting {
  default: number;
  min: number;
  max: number;
  step: number;
  active?: boolean;
}
interface CalculatorData {
  amount: Setting;
  term: Setting;
  interest: Setting;
  frequency: { default: FrequencyName; options?: string[] };
}
interface CalculatorPage {
  slug: string;
  path: string;
  country: 'AU' | 'NZ';
  data: CalculatorData;
  /** A page of the same dealer with the finance form. */
  financeFormPath?: string;
}

/** Every block in a page's block tree (columns and the like nest theirs). */
function* blocksIn(node: unknown): Generator<{ type?: string; data?: Record<string, unknown> }> {
  if (Array.isArray(node)) for (const n of node) yield* blocksIn(n);
  else if (node && typeof node === 'object') {
    const o = node as { type?: unknown; data?: Record<string, unknown> };
    if (typeof o.type === 'string') yield o as { type: string; data?: Record<string, unknown> };
    for (const v of Object.values(o)) if (v && typeof v === 'object') yield* blocksIn(v);
  }
}

/** The sample pages holding a financeCalculator block (what `grep -rl financeCalculator dealers/*\/pages` lists). */
function calculatorPages(dealersDir: string, slugs: string[]): CalculatorPage[] {
  const found: CalculatorPage[] = [];
  for (const slug of slugs) {
    const dir = path.join(dealersDir, slug, 'pages');
    if (!existsSync(dir)) continue;
    const site = JSON.parse(readFileSync(path.join(dealersDir, slug, 'site.json'), 'utf8')) as { country: 'AU' | 'NZ' };
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { path: string; blocks: unknown[] });
    const withForm = pages.filter((p) =>
      [...blocksIn(p.blocks)].some((b) => b.type === 'form' && b.data?.formType === 'finance'),
    );
    for (const page of pages) {
      const block = [...blocksIn(page.blocks)].find((b) => b.type === 'financeCalculator');
      if (!block) continue;
      const formPage = withForm.find((p) => p.path === page.path) ?? withForm[0];
      found.push({
        slug,
        path: page.path,
        country: site.country,
        data: block.data as unknown as CalculatorData,
        ...(formPage ? { financeFormPath: formPage.path } : {}),
      });
    }
  }
  return found;
}

const start = (s: Setting) => (s.active === false ? s.default : snapToStep(s.default, s));

/** Opens the page and waits until the calculator island has hydrated. */
async function openCalculator(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  const calc = page.locator('section.fincalc').first();
  await calc.scrollIntoViewIfNeeded();
  await expect.poll(() => calc.locator('astro-island').evaluate((el) => el.hasAttribute('ssr'))).toBe(false);
  return calc;
}

const events26 = (page: Page) =>
  page.evaluate(
    () =>
      ((window as unknown as { dataLayer?: { event_id?: number }[] }).dataLayer ?? []).filter((e) => e.event_id === 26)
        .length,
  );

const env = e2eEnv();

if (env) {
  const pages = calculatorPages(env.dealersDir, builtSlugs(env.sitesDir));

  test('the sample dealers have finance calculator pages, one of them NZ', () => {
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.some((p) => p.country === 'NZ')).toBe(true);
  });

  for (const cp of pages) {
    const url = localOrigin(cp.slug, env.port) + cp.path;
    const { data } = cp;
    // Each test starts from the defaults: one test's slider moves must not leak into another, which
    // may run after it in the same worker.
    const defaults = () => ({
      amount: start(data.amount),
      term: start(data.term),
      interest: start(data.interest),
      frequency: data.frequency.default,
    });
    const payment = (l: ReturnType<typeof defaults>) => formatMoney(repayment(l).payment);

    test(`${cp.slug} ${cp.path}: sliders and frequency change the repayment as the maths says, event 26 is sent once, and the figures are saved`, async ({
      page,
    }) => {
      const loan = defaults();
      // Without JavaScript the same figure is in the page: the server rendered the defaults.
      const calc = await openCalculator(page, url);
      const shown = calc.locator('.fincalc-payment-amount');
      await expect(shown).toHaveText(payment(loan));
      expect(await events26(page)).toBe(0);

      // Keyboard: one step up on the first active slider, one step down on the next.
      const active = (['amount', 'term', 'interest'] as const).filter((k) => data[k].active !== false);
      expect(active.length).toBeGreaterThanOrEqual(2);
      const label = { amount: 'Loan amount', term: 'Loan term', interest: 'Interest rate (p.a.)' } as const;
      const [first, second] = active as [(typeof active)[number], (typeof active)[number]];
      const slider1 = calc.getByLabel(label[first], { exact: true });
      await slider1.focus();
      await slider1.press('ArrowRight');
      loan[first] = snapToStep(loan[first] + data[first].step, data[first]);
      await expect(shown).toHaveText(payment(loan));
      await expect(slider1).toHaveAttribute(
        'aria-valuetext',
        first === 'amount' ? /^\$[\d,]+$/ : first === 'term' ? / years?$/ : /%$/,
      );

      const slider2 = calc.getByLabel(label[second], { exact: true });
      await slider2.focus();
      await slider2.press('ArrowLeft');
      loan[second] = snapToStep(loan[second] - data[second].step, data[second]);
      await expect(shown).toHaveText(payment(loan));
      await expect(calc.locator('.fincalc-total')).toContainText(formatMoney(repayment(loan).total));

      // Two slider moves, one event.
      expect(await events26(page)).toBe(1);

      // Another frequency.
      const other = frequencyChoices(data.frequency.options, data.frequency.default).find((f) => f !== loan.frequency)!;
      await calc.getByRole('radio', { name: other }).check();
      loan.frequency = other;
      await expect(shown).toHaveText(payment(loan));
      await expect(calc.locator('.fincalc-payment-per')).toHaveText(/^per (week|fortnight|month|year)$/);
      expect(await events26(page)).toBe(1);

      // Saved for 14 days, with the message.
      await expect(calc.getByRole('status')).toHaveText(/Saved for 14 days/);
      // The save waits for the visitor to pause, so the last change lands a moment later.
      const stored = () =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem('dealer.financeDetails') ?? 'null') as Record<string, unknown> | null,
        );
      await expect.poll(stored).toMatchObject({
        amount: loan.amount,
        term: loan.term,
        interest: loan.interest,
        frequency: loan.frequency,
        repayment: repayment(loan).payment,
      });
      expect(Date.now() - Date.parse(String((await stored())!.savedAt))).toBeLessThan(60_000);

      if (!cp.financeFormPath) return;
      // The dealer's finance form starts its budget from the saved amount.
      await page.goto(localOrigin(cp.slug, env.port) + cp.financeFormPath);
      const form = formIn(page);
      await form.scrollIntoViewIfNeeded();
      await expect(form).toHaveAttribute('data-ready', 'true');
      await fillStep(form, newVisitor(`${cp.slug}-fincalc`, cp.country));
      await form.locator('.form-actions button[type="submit"]').click();
      await expect(form.locator('[name="vehiclePriceBudget"]')).toHaveValue(formatTypedAmount(loan.amount), {
        timeout: 15_000,
      });
    });

    if (cp.country === 'NZ' && data.amount.active !== false) {
      test(`${cp.slug} ${cp.path}: the typed amount turns a non-number into 0 and caps an amount above max`, async ({
        page,
      }) => {
        const loan = defaults();
        const calc = await openCalculator(page, url);
        const typed = calc.getByLabel('Loan amount in dollars');
        const shown = calc.locator('.fincalc-payment-amount');
        await expect(typed).toHaveValue(formatTypedAmount(loan.amount));

        await typed.fill('abc');
        await typed.press('Tab');
        await expect(typed).toHaveValue('0');
        await expect(shown).toHaveText('$0.00');

        await typed.fill(String(data.amount.max * 10));
        await typed.press('Enter');
        await expect(typed).toHaveValue(formatTypedAmount(data.amount.max));
        await expect(shown).toHaveText(payment({ ...loan, amount: data.amount.max }));
        await expect(calc.getByLabel('Loan amount', { exact: true })).toHaveValue(String(data.amount.max));

        // Typing is use of the amount slider's twin: still one event 26.
        expect(await events26(page)).toBe(1);
        await expect
          .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('dealer.financeDetails') ?? 'null')?.amount))
          .toBe(data.amount.max);
      });
    }
  }
}
