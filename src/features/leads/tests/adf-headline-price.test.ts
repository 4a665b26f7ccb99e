/**
 * A lead about a stock car carries the price its page shows first: the webhook payload's
 * `vehicle.price` (with what it includes), and ADF's <price> with <pricecomments>; a price on
 * application car has no price, and its <pricecomments> says so. Every document stays valid ADF 1.0.
 */
import { describe, expect, it } from 'vitest';
import { adfXml } from '../server/outbox/adf.ts';
import { leadPayload } from '../server/outbox/payload.ts';
import type { LeadRow } from '../server/store.ts';
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { fixtureDealer } from '../../../../tests/helpers/render.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';

async function dealerWith(over: Partial<Car>): Promise<DealerContent> {
  const dealer = structuredClone(await fixtureDealer());
  const car = dealer.cars[0]!;
  dealer.cars[0] = { ...car, price_qualifier: undefined, price_drive_away: undefined, price_egc: undefined, ...over };
  return dealer;
}

function leadAbout(dealer: DealerContent): LeadRow {
  return {
    id: 'b9e0c1de-0000-4000-8000-000000000002',
    site_slug: dealer.slug,
    lead_status: 'Complete',
    form_completed: true,
    category: 'Vehicle Enquiry',
    subcategory: null,
    page_id: null,
    page_title: 'Car',
    form_block_id: 'enquiry',
    form_type: 'contact',
    created_at: new Date('2025-07-01T02:00:00Z'),
    completed_at: new Date('2025-07-01T02:05:00Z'),
    values: { name: 'Sam Lee', email: 'sam@example.com', phone: '0412 345 678', car_id: String(dealer.cars[0]!.id) },
    step_values: {},
    tracking: {},
  } as unknown as LeadRow;
}

describe('a stock car in a lead', () => {
  it('carries the drive-away price, not the bare one, with what it includes', async () => {
    const dealer = await dealerWith({ price: 30990, price_drive_away: 33990 });
    const payload = leadPayload(leadAbout(dealer), dealer);
    expect(payload.vehicle).toMatchObject({ price: 33990, price_qualifier: 'drive_away' });
    expect(payload.vehicle).not.toHaveProperty('price_on_application');
    const xml = adfXml(payload);
    expect(xml).toMatch(
      /<price type="asking" currency="AUD">33990<\/price>\s*<pricecomments>Drive away<\/pricecomments>/,
    );
    expect(xml).not.toContain('30990');
  });

  it('says nothing of what a price includes when the stock does not', async () => {
    const dealer = await dealerWith({ price: 18990 });
    const xml = adfXml(leadPayload(leadAbout(dealer), dealer));
    expect(xml).toContain('<price type="asking" currency="AUD">18990</price>');
    expect(xml).not.toContain('<pricecomments>');
  });

  it('has no price for a price on application car, and says it is price on application', async () => {
    const dealer = await dealerWith({ price: 0, price_on_application: true });
    const payload = leadPayload(leadAbout(dealer), dealer);
    expect(payload.vehicle).toMatchObject({ price_on_application: true });
    expect(payload.vehicle).not.toHaveProperty('price');
    const xml = adfXml(payload);
    expect(xml).not.toContain('<price ');
    expect(xml).toContain('<pricecomments>Price on application</pricecomments>');
  });

  it('writes valid ADF 1.0 in each case', async () => {
    const docs = await Promise.all(
      [{ price: 30990, price_drive_away: 33990 }, { price: 18990 }, { price: 0, price_on_application: true }].map(
        async (over, i) => {
          const dealer = await dealerWith(over);
          return { name: `car ${i}`, xml: adfXml(leadPayload(leadAbout(dealer), dealer)) };
        },
      ),
    );
    const results = await validateWithDtd(docs);
    expect(
      results.filter((r) => !r.valid).map((r) => r.name),
      describeProblems(results),
    ).toEqual([]);
  });
});
