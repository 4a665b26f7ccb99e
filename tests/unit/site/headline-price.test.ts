/**
 * One price everywhere: a car whose drive-away price differs from its `price` shows the drive-away
 * price on its card, its saved and compared snapshot, its analytics item and its page alike; a price
 * on application car (content format 1.3) shows "Price on application" there, with no finance
 * estimate, reservation or ecommerce value.
 */
import { describe, expect, it } from 'vitest';
import type { Block } from '../../../src/content/blocks.ts';
import type { Page } from '../../../src/content/page.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import { headlinePriceText, PRICE_ON_APPLICATION } from '../../../src/domain/car-prices.ts';
import { carCard, carHit } from '../../../src/features/search/rules/cars-search.ts';
import { carSnapshot, COMPARE_ROWS, compareCar } from '../../../src/features/shortlist/rules/shortlist.ts';
import { carItem, viewItemEvent } from '../../../src/site/analytics-ecommerce.ts';
import { financeHref } from '../../../src/features/car-page/ui/links.ts';
import { carCard as thankYouCar } from '../../../src/components/form/form-props.ts';
import { carPageHtml, fixtureWith, sectionOf, testCar, visibleText } from '../../helpers/car-page.ts';

const DIFFERENT = { price: 30990, price_drive_away: 33990 };
const POA = { price: 0, price_on_application: true };

describe('the headline price', () => {
  it('is the drive-away price with its label, and "Price on application" for a POA car', () => {
    expect(headlinePriceText(DIFFERENT)).toEqual({ text: '$33,990', note: 'Drive away', priceOnApplication: false });
    expect(headlinePriceText({ price: 27990, price_qualifier: 'excl_govt_charges' })).toMatchObject({
      text: '$27,990',
      note: 'Excl. government charges',
    });
    expect(headlinePriceText({ price: 18990 })).toEqual({ text: '$18,990', priceOnApplication: false });
    expect(headlinePriceText(POA)).toEqual({ text: PRICE_ON_APPLICATION, priceOnApplication: true });
  });
});

describe('a stock card, a saved car and the compare table', () => {
  it('show the price the car page leads with', () => {
    const hit = carHit(testCar(DIFFERENT));
    expect([carCard(hit).price, carCard(hit).priceNote]).toEqual(['$33,990', 'Drive away']);
    const saved = carSnapshot(hit);
    expect([saved.price, saved.priceNote, saved.amount]).toEqual(['$33,990', 'Drive away', 33990]);
    const row = compareCar({ ...testCar(DIFFERENT), features: [] }, 'available');
    expect(COMPARE_ROWS[0]!.value(row)).toBe('$33,990 (Drive away)');
  });

  it('say "Price on application" for a POA car, never $0', () => {
    const hit = carHit(testCar(POA));
    const card = carCard(hit);
    expect([card.price, card.priceNote, card.priceOnApplication]).toEqual([PRICE_ON_APPLICATION, undefined, true]);
    const saved = carSnapshot(hit);
    expect(saved.price).toBe(PRICE_ON_APPLICATION);
    expect(saved.amount).toBeUndefined();
    expect(COMPARE_ROWS[0]!.value(compareCar({ ...testCar(POA), features: [] }, 'available'))).toBe(
      PRICE_ON_APPLICATION,
    );
  });
});

describe('analytics ecommerce items', () => {
  it('carry the headline price, and no price or value for a POA car', () => {
    expect(carItem({ id: 1, make: 'Toyota', model: 'Aqua', year: 2019, ...DIFFERENT }).price).toBe(33990);
    const poa = { id: 2, make: 'Toyota', model: 'Aqua', year: 2019, ...POA };
    expect(carItem(poa)).not.toHaveProperty('price');
    expect(viewItemEvent(poa, 'AUD').ecommerce).not.toHaveProperty('value');
    // A saved POA car's snapshot has no amount: its events carry no price either.
    const saved = carSnapshot(carHit(testCar(POA)));
    expect(carItem({ ...saved, price: saved.amount })).not.toHaveProperty('price');
    expect(
      viewItemEvent({ id: 3, make: 'Kia', model: 'Rio', year: 2020, price: 20000 }, 'AUD').ecommerce,
    ).toHaveProperty('value', 20000);
  });
});

/** The fixture dealer with a finance calculator (for the weekly figure) and online reservations. */
async function financingDealer(): Promise<DealerContent> {
  const dealer = await fixtureWith({ reservations: { enabled: true, deposit: 500, hold_hours: 48, terms: undefined } });
  const calculator = {
    id: 'fc',
    type: 'financeCalculator',
    tunes: {},
    index: 0,
    data: {
      amount: { default: 30000, min: 5000, max: 150000, step: 1000, active: true },
      term: { default: 5, min: 1, max: 7, step: 1, active: true },
      interest: { default: 8.95, min: 4.95, max: 19.95, step: 0.05, active: true },
      frequency: { default: 'Monthly', options: ['Weekly', 'Monthly'] },
      disclaimer: '<p>A guide only.</p>',
    },
  };
  const finance = { id: 'finance', path: '/finance', title: 'Finance', publishedAt: '2025-01-01', noindex: false };
  const form = { id: 'ff', type: 'form', tunes: {}, index: 1, data: { formType: 'finance' } };
  return {
    ...dealer,
    pages: [...dealer.pages, { ...finance, blocks: [calculator, form] as unknown as Block[] } as Page],
  };
}

describe('the car page', () => {
  it('borrows the headline price in its weekly estimate and finance link', async () => {
    const dealer = await financingDealer();
    const html = await carPageHtml(dealer, testCar(DIFFERENT));
    expect(visibleText(sectionOf(html, 'vdp-pricing', 'div'))).toMatch(/^\$33,990 Drive away From \$/);
    // The finance example names the amount borrowed: the drive-away price, not the bare one.
    expect(visibleText(html)).toContain('$33,990');
    expect(visibleText(html)).not.toContain('$30,990');
    expect(financeHref(dealer, testCar(DIFFERENT))).toContain('vehiclePriceBudget=33990');
    expect(html).toContain('data-reserve');
  });

  it('for a POA car: "Price on application", no weekly estimate, no Reserve, no $0 anywhere', async () => {
    const dealer = await financingDealer();
    const html = await carPageHtml(dealer, testCar(POA));
    expect(visibleText(sectionOf(html, 'vdp-pricing', 'div'))).toBe(PRICE_ON_APPLICATION);
    expect(html).not.toContain('vdp-weekly');
    expect(html).not.toContain('id="finance"');
    expect(html).not.toContain('vdp-reserve-cta');
    expect(html).not.toContain('data-reserve');
    expect(html).not.toMatch(/\$0\b/);
    expect(html).toMatch(/<meta name="description" content="[^"]*Price on application/);
    expect(financeHref(dealer, testCar(POA))).not.toContain('vehiclePriceBudget');
  });
});

describe("the thank-you page's similar car", () => {
  it('shows the headline price, or Price on application', () => {
    expect(thankYouCar(testCar(DIFFERENT)).priceText).toBe(headlinePriceText(testCar(DIFFERENT)).text);
    expect(thankYouCar(testCar(DIFFERENT)).priceText).not.toBe('$' + testCar(DIFFERENT).price.toLocaleString('en-AU'));
    expect(thankYouCar(testCar(POA)).priceText).toBe(PRICE_ON_APPLICATION);
  });
});
