/** The online deal's rules: steps per dealer and car, the handover day, and the totals. */
import { describe, expect, it } from 'vitest';
import type { Site } from '../../../content/site.ts';
import type { Car } from '../../../content/entities.ts';
import type { BookingHours } from '../../../domain/booking-hours.ts';
import { dealOffered, dealSteps, dealTotals, handoverDateProblem, handoverKinds } from '../rules/deal.ts';

type DealSite = Pick<Site, 'online_deal' | 'reservations' | 'country'>;
const car = {
  status: 'available',
  car_type: 'used',
  nz_cin: undefined,
  price: 30000,
  price_on_application: undefined,
} as unknown as Car;
const site = (over: Partial<DealSite> = {}): DealSite => ({
  country: 'AU',
  online_deal: { enabled: true, steps: undefined, collection: undefined, delivery: undefined },
  reservations: { enabled: true, deposit: 500, hold_hours: 48, terms: undefined },
  ...over,
});

describe('the steps of a deal', () => {
  it('are every step in order by default, none when deals are off', () => {
    expect(dealSteps(site(), car)).toEqual(['trade_in', 'finance', 'handover', 'deposit']);
    expect(dealSteps(site({ online_deal: undefined }), car)).toEqual([]);
    expect(dealOffered(site({ online_deal: undefined }), car)).toBe(false);
    expect(dealOffered(site(), { ...car, status: 'sold' })).toBe(false);
  });

  it("keep the dealer's order and choice", () => {
    const own = site({
      online_deal: { enabled: true, steps: ['finance', 'trade_in'], collection: undefined, delivery: undefined },
    });
    expect(dealSteps(own, car)).toEqual(['finance', 'trade_in']);
  });

  it('drop the deposit without reservations or for a car that cannot be reserved, and finance for price on application', () => {
    expect(dealSteps(site({ reservations: undefined }), car)).toEqual(['trade_in', 'finance', 'handover']);
    const poa = { ...car, price: 0, price_on_application: true } as Car;
    expect(dealSteps(site(), poa)).toEqual(['trade_in', 'handover']);
    // An NZ used car without its Consumer Information Notice is not offered for sale online.
    expect(dealSteps(site({ country: 'NZ' }), car)).not.toContain('deposit');
  });

  it('drop the handover when the dealer allows neither collection nor delivery', () => {
    expect(handoverKinds(undefined)).toEqual(['collection']);
    const none = site({ online_deal: { enabled: true, steps: undefined, collection: false, delivery: false } });
    expect(handoverKinds(none.online_deal)).toEqual([]);
    expect(dealSteps(none, car)).toEqual(['trade_in', 'finance', 'deposit']);
  });
});

describe('the handover day', () => {
  const hours: BookingHours = {
    timeZone: 'Australia/Sydney',
    name: 'Gosford',
    week: { mon: [{ opens: '09:00', closes: '17:00' }], sat: [{ opens: '09:00', closes: '12:00' }] },
  };
  it('is from tomorrow, within 90 days, on an open day', () => {
    // 2026-12-03 is a Thursday.
    expect(handoverDateProblem('2026-12-03', '2026-12-03', hours)).toMatch(/from tomorrow/);
    expect(handoverDateProblem('2026-12-01', '2026-12-03', hours)).toMatch(/from tomorrow/);
    expect(handoverDateProblem('2026-12-06', '2026-12-03', hours)).toBe(
      'Gosford is closed on Sundays. Choose a day it is open.',
    );
    expect(handoverDateProblem('2026-12-07', '2026-12-03', hours)).toBeUndefined();
    expect(handoverDateProblem('2026-12-05', '2026-12-03', hours)).toBeUndefined();
    expect(handoverDateProblem('2027-06-07', '2026-12-03', hours)).toMatch(/within 90 days/);
    expect(handoverDateProblem('next week', '2026-12-03', hours)).toMatch(/Choose a preferred date/);
    // A location without hours takes any day from tomorrow.
    expect(handoverDateProblem('2026-12-06', '2026-12-03', undefined)).toBeUndefined();
  });
});

describe('the totals', () => {
  it('take the trade-in offer and deposits off the price, never below 0', () => {
    expect(dealTotals(car, { tradeInOffer: 12500, deposit: 500, financeDeposit: 2000 })).toEqual({
      price: 30000,
      tradeIn: 12500,
      deposit: 500,
      financeDeposit: 2000,
      balance: 15000,
    });
    expect(dealTotals(car, { tradeInOffer: 40000 }).balance).toBe(0);
    const poa = { ...car, price: 0, price_on_application: true } as Car;
    expect(dealTotals(poa, { tradeInOffer: 1000 })).toEqual({ tradeIn: 1000, deposit: 0, financeDeposit: 0 });
  });
});
