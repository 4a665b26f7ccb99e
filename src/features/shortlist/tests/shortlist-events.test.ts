/**
 * The GA4 ecommerce events (src/site/analytics-ecommerce.ts): each carries ecommerce.items made
 * of the car's stock facts (item_id, item_brand, item_name, item_category, price) and the site's
 * currency, and nothing that identifies the visitor, even when the car object handed in holds more.
 */
import { describe, expect, it } from 'vitest';
import {
  addToWishlistEvent,
  carItem,
  currencyOf,
  generateLeadEvent,
  searchEvent,
  trackEcommerce,
  viewItemEvent,
  viewItemListEvent,
} from '../../../site/analytics-ecommerce.ts';

const car = { id: 10001, make: 'Toyota', model: 'RAV4', year: 2025, badge: 'GX Hybrid', price: 45_990 };
/** A car object with visitor details mixed in, as a careless caller might pass. */
const leaky = { ...car, email: 'jo@example.com', phone: '0400 000 000', name: 'Jo Citizen', lead_id: 'L-1' };
const PERSONAL = /jo@example\.com|0400 000 000|Jo Citizen|L-1|"(email|phone|name|first_name|last_name|lead_id)"/;

describe('GA4 ecommerce events', () => {
  it('make an item of the car: id, brand, name, model as category, year, badge, price', () => {
    expect(carItem(car)).toEqual({
      item_id: '10001',
      item_name: '2025 Toyota RAV4 GX Hybrid',
      item_brand: 'Toyota',
      item_category: 'RAV4',
      item_category2: '2025',
      item_variant: 'GX Hybrid',
      price: 45_990,
      quantity: 1,
    });
  });

  it('take the currency from the page language', () => {
    expect(currencyOf('en-NZ')).toBe('NZD');
    expect(currencyOf('en-AU')).toBe('AUD');
    expect(currencyOf(undefined)).toBe('AUD');
  });

  it('build each event with items and currency', () => {
    expect(viewItemListEvent([car, { ...car, id: 2 }], 'AUD', 'Used cars')).toMatchObject({
      event: 'view_item_list',
      ecommerce: {
        currency: 'AUD',
        item_list_name: 'Used cars',
        items: [
          { item_id: '10001', index: 0, item_list_name: 'Used cars' },
          { item_id: '2', index: 1 },
        ],
      },
    });
    expect(viewItemEvent(car, 'NZD')).toMatchObject({
      event: 'view_item',
      ecommerce: { currency: 'NZD', value: 45_990, items: [{ item_id: '10001' }] },
    });
    expect(searchEvent(' rav4 ', { make: ['Toyota', 'Mazda'], body: ['SUV'], fuel: [] }, [car], 'AUD')).toMatchObject({
      event: 'search',
      search_term: 'rav4',
      search_filters: 'body:SUV;make:Toyota|Mazda',
      ecommerce: { items: [{ item_id: '10001', index: 0 }] },
    });
    expect(addToWishlistEvent(car, 'AUD')).toMatchObject({ event: 'add_to_wishlist', ecommerce: { value: 45_990 } });
    expect(generateLeadEvent(car, 'AUD', 'Used Vehicle Enquiry')).toMatchObject({
      event: 'generate_lead',
      lead_category: 'Used Vehicle Enquiry',
      ecommerce: { currency: 'AUD', items: [{ item_id: '10001', item_brand: 'Toyota' }] },
    });
    expect(generateLeadEvent(undefined, 'AUD', 'General Enquiry')).toMatchObject({
      ecommerce: { value: 0, items: [] },
    });
  });

  it('carry nothing about the visitor', () => {
    const events = [
      viewItemListEvent([leaky], 'AUD', 'Stock'),
      viewItemEvent(leaky, 'AUD'),
      searchEvent('hilux', { make: ['Toyota'] }, [leaky], 'AUD'),
      addToWishlistEvent(leaky, 'AUD'),
      generateLeadEvent(leaky, 'AUD', 'Used Vehicle Enquiry'),
    ];
    for (const e of events) expect(JSON.stringify(e)).not.toMatch(PERSONAL);
  });

  it('clear the last ecommerce object before pushing', () => {
    const win: { dataLayer?: unknown[] } = {};
    trackEcommerce(viewItemEvent(car, 'AUD'), win);
    expect(win.dataLayer).toEqual([{ ecommerce: null }, expect.objectContaining({ event: 'view_item' })]);
  });
});
