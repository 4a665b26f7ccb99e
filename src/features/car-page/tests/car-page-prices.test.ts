/**
 * The car page's prices (content format 1.2): both Australian prices shown and each labelled, the
 * drive-away price first and largest, `price` left to search, and no price called drive-away that
 * the stock does not call so.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carPrices, driveAwayPrice } from '../../../domain/car-prices.ts';
import { carCard, carHit } from '../../search/rules/cars-search.ts';
import { carPageHtml, fixtureWith, sectionOf, testCar, visibleText } from '../../../../tests/helpers/car-page.ts';

describe('which prices a car shows', () => {
  it('shows the drive-away price first and the price excluding government charges second when it has both', () => {
    expect(carPrices({ price: 30950, price_drive_away: 30950, price_egc: 27990 })).toEqual([
      { amount: 30950, kind: 'drive_away' },
      { amount: 27990, kind: 'excl_govt_charges' },
    ]);
  });

  it('leads with the drive-away price even when search sorts by the lower price', () => {
    const lines = carPrices({
      price: 27990,
      price_qualifier: 'excl_govt_charges',
      price_drive_away: 30950,
      price_egc: 27990,
    });
    expect(lines.map((l) => l.amount)).toEqual([30950, 27990]);
  });

  it('shows a single 1.2 price with its label', () => {
    expect(carPrices({ price: 39990, price_drive_away: 39990 })).toEqual([{ amount: 39990, kind: 'drive_away' }]);
    expect(carPrices({ price: 27990, price_egc: 27990 })).toEqual([{ amount: 27990, kind: 'excl_govt_charges' }]);
  });

  it('keeps a different, fuller price above a lone price excluding government charges, labelled only as the stock says', () => {
    expect(carPrices({ price: 31990, price_egc: 28990 })).toEqual([
      { amount: 31990 },
      { amount: 28990, kind: 'excl_govt_charges' },
    ]);
    expect(carPrices({ price: 31990, price_qualifier: 'drive_away', price_egc: 28990 })).toEqual([
      { amount: 31990, kind: 'drive_away' },
      { amount: 28990, kind: 'excl_govt_charges' },
    ]);
  });

  it('without the 1.2 prices, shows `price` with its 1.1 qualifier, or with none', () => {
    expect(carPrices({ price: 20000, price_qualifier: 'drive_away' })).toEqual([{ amount: 20000, kind: 'drive_away' }]);
    expect(carPrices({ price: 20000 })).toEqual([{ amount: 20000 }]);
  });

  it('calls a price drive-away only when the stock does, leads with any drive-away price, and always shows one price', () => {
    const amount = fc.integer({ min: 1, max: 300_000 });
    const car = fc.record(
      {
        price: amount,
        price_qualifier: fc.constantFrom('drive_away', 'excl_govt_charges'),
        price_drive_away: amount,
        price_egc: amount,
      },
      { requiredKeys: ['price'] },
    );
    fc.assert(
      fc.property(car, (c) => {
        const lines = carPrices(c);
        expect(lines.length).toBeGreaterThan(0);
        for (const l of lines.filter((x) => x.kind === 'drive_away')) {
          const fromDap = l.amount === c.price_drive_away;
          const fromPrice = c.price_qualifier === 'drive_away' && l.amount === c.price;
          expect(fromDap || fromPrice).toBe(true);
        }
        if (c.price_drive_away !== undefined)
          expect(lines[0]).toEqual({ amount: c.price_drive_away, kind: 'drive_away' });
        if (c.price_egc !== undefined) expect(lines.at(-1)).toEqual({ amount: c.price_egc, kind: 'excl_govt_charges' });
        expect(lines.filter((l) => l.kind === 'excl_govt_charges').length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('knows the drive-away price only from a drive-away field or qualifier', () => {
    expect(driveAwayPrice({ price: 1, price_drive_away: 2 })).toBe(2);
    expect(driveAwayPrice({ price: 3, price_qualifier: 'drive_away' })).toBe(3);
    expect(driveAwayPrice({ price: 3, price_qualifier: 'excl_govt_charges' })).toBeUndefined();
    expect(driveAwayPrice({ price: 3 })).toBeUndefined();
  });
});

describe('the car page summary', () => {
  const pricing = async (over: Record<string, unknown>) =>
    sectionOf(await carPageHtml(await fixtureWith(), testCar(over)), 'vdp-pricing', 'div');

  it('shows both Australian prices, each labelled, with the drive-away price as the headline', async () => {
    const html = await pricing({ price: 30950, price_drive_away: 30950, price_egc: 27990 });
    expect(visibleText(html)).toBe('$30,950 Drive away $27,990 Excl. government charges');
    expect(html.match(/class="vdp-price"/g)).toHaveLength(1);
    expect(html).toMatch(/<span class="vdp-price">\$30,950<\/span>/);
  });

  it('shows a lone price excluding government charges with its label, and nothing called drive-away', async () => {
    expect(visibleText(await pricing({ price: 27990, price_egc: 27990 }))).toBe('$27,990 Excl. government charges');
  });

  it('shows a lone drive-away price with its label', async () => {
    expect(visibleText(await pricing({ price: 39990, price_drive_away: 39990 }))).toBe('$39,990 Drive away');
  });

  it('never says drive-away of a price whose qualifier is unknown', async () => {
    expect(visibleText(await pricing({ price: 18990 }))).toBe('$18,990');
    expect(visibleText(await pricing({ price: 18990, price_egc: 16990 }))).toBe(
      '$18,990 $16,990 Excl. government charges',
    );
  });
});

describe('stock cards', () => {
  it("show the car page's headline price, the drive-away one, when the car has both 1.2 prices", () => {
    const card = carCard(
      carHit(
        testCar({ price: 27990, price_qualifier: 'excl_govt_charges', price_drive_away: 30950, price_egc: 27990 }),
      ),
    );
    expect([card.price, card.priceNote]).toEqual(['$30,950', 'Drive away']);
  });
});
