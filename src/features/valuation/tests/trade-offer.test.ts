import { describe, expect, it } from 'vitest';
import { addDays, DEFAULT_OFFER_TERMS, offerStands, tradeInOffer } from '../rules/trade-offer.ts';
import { siteSchema } from '../../../content/site.ts';

const range = {
  low: 18_420,
  high: 21_900,
  currency: 'AUD' as const,
  asAt: '2026-12-03',
  source: 'Dealer estimate',
  disclaimer: '',
};

describe('trade-in offer', () => {
  it('is the share of the low end, rounded down to $50, for the dealer’s days', () => {
    const offer = tradeInOffer({ offer: { share: 0.9, valid_days: 10 } }, range);
    expect(offer).toEqual({
      amount: 16_550,
      currency: 'AUD',
      validUntil: '2026-12-13',
      terms: DEFAULT_OFFER_TERMS,
      basis: { low: 18_420, high: 21_900, asAt: '2026-12-03', source: 'Dealer estimate' },
    });
  });
  it('stands 7 days by default and carries the dealer’s terms', () => {
    const offer = tradeInOffer({ offer: { share: 1, terms: 'Subject to a road test.' } }, range)!;
    expect(offer.validUntil).toBe('2026-12-10');
    expect(offer.terms).toBe('Subject to a road test.');
    expect(offer.amount).toBe(18_400);
  });
  it('is none without the dealer’s rules or for a worthless car', () => {
    expect(tradeInOffer(undefined, range)).toBeUndefined();
    expect(tradeInOffer({}, range)).toBeUndefined();
    expect(tradeInOffer({ offer: { share: 0.5 } }, { ...range, low: 60 })).toBeUndefined();
  });
  it('stands through its last day, not after; months roll over', () => {
    expect(offerStands({ validUntil: '2026-12-10' }, '2026-12-10')).toBe(true);
    expect(offerStands({ validUntil: '2026-12-10' }, '2026-12-11')).toBe(false);
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(() => addDays('soon', 1)).toThrow(/not a day/);
  });
  it('site.json reads the settings and says what is wrong', () => {
    const base = { id: 1, name: 'X', slug: 'x', url: 'https://x.example.com.au', country: 'AU' };
    const ok = siteSchema.safeParse({
      ...base,
      trade_in: { offer: { share: 0.85, valid_days: 5 } },
      online_deal: { enabled: true, steps: ['finance', 'deposit'] },
      market_price: { enabled: true },
    });
    expect(ok.success, JSON.stringify(ok.error?.issues)).toBe(true);
    const bad = siteSchema.safeParse({
      ...base,
      trade_in: { offer: { share: 1.2 } },
      online_deal: { enabled: true, steps: ['finance', 'finance'] },
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain('trade_in.offer.share must be at most 1.');
    expect(messages).toContain('online_deal.steps names a step twice.');
  });
});
