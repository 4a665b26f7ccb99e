/**
 * A listing's cards once the status API answers: a car sold since the page was built is marked
 * Sold, offers no Enquire and no Save or Compare to start an enquiry from, and is not counted in
 * the results' count; a reserved car stays enquirable.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import CarCard from '../../../src/blocks/cars/CarCard.tsx';
import { listedCount } from '../../../src/blocks/cars/CarsStatuses.tsx';
import { carCard, carHit } from '../../../src/features/search/rules/cars-search.ts';
import { carSnapshot } from '../../../src/features/shortlist/rules/shortlist.ts';
import type { CarStockStatus } from '../../../src/contract/routes.ts';
import { testCar } from '../../helpers/car-page.ts';

function cardHtml(status: CarStockStatus | undefined, shortlist: { saved?: boolean; compared?: boolean } = {}) {
  const hit = carHit(testCar({ price: 30990, price_drive_away: 33990 }));
  const car = carSnapshot(hit);
  return renderToStaticMarkup(
    createElement(CarCard, {
      card: carCard(hit),
      level: 3,
      eager: false,
      status,
      shortlist: { car, saved: false, compared: false, onSave: () => {}, onCompare: () => {}, ...shortlist },
    }),
  );
}

describe('a stock card', () => {
  it('offers Enquire, Save and Compare while the car is for sale or reserved, with the headline price', () => {
    for (const status of [undefined, 'available', 'reserved'] as const) {
      const html = cardHtml(status);
      expect(html).toContain('car-card-enquire');
      expect(html).toContain('data-save-car');
      expect(html).toContain('data-compare-car');
      expect(html).toContain('$33,990');
    }
  });

  it('of a car reported sold offers nothing to enquire about', () => {
    const html = cardHtml('sold');
    expect(html).toContain('>Sold<');
    expect(html).not.toContain('car-card-enquire');
    expect(html).not.toContain('data-save-car');
    expect(html).not.toContain('data-compare-car');
  });

  it('of a sold car the shopper already saved or compares keeps only the control that takes it out', () => {
    const html = cardHtml('sold', { saved: true, compared: true });
    expect(html).toContain('aria-pressed="true" aria-label="Saved:');
    expect(html).toMatch(/class="compare-car" aria-pressed="true"/);
    expect(html).not.toContain('car-card-enquire');
  });
});

describe("the results' count", () => {
  it('leaves out the cars shown that the API reports sold or withdrawn', () => {
    expect(listedCount(12, {})).toBe(12);
    expect(listedCount(12, { a: 'available', b: 'sold', c: 'reserved', d: 'hidden' })).toBe(10);
    expect(listedCount(1, { a: 'sold' })).toBe(0);
  });
});
