/**
 * The conditional trade-in offer as the lead records it (server/lead-offer.ts): made by the server
 * from the dealer's rules when a valuation or trade-in lead completes, never taken from the
 * request, shown by POST /api/valuation with the same figures, and carried in the lead's ADF as the
 * visitor's vehicle's offer price with its terms in the comments, valid against the ADF 1.0 DTD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../../api/app.ts';
import { loadDealers, type DealerContent } from '../../../content/load.ts';
import { listLeads } from '../../leads/server/export.ts';
import { leadPayload } from '../../leads/server/outbox/payload.ts';
import { adfXml } from '../../leads/server/outbox/adf.ts';
import { localValuationProvider } from '../server/valuation-provider.ts';
import { tradeInOffer } from '../rules/trade-offer.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';

/** 10:00 in Sydney and noon in Christchurch on 3 December 2026. */
const NOW = new Date('2026-12-02T23:00:00Z');
const RULES = { offer: { share: 0.9, valid_days: 7, terms: 'Subject to an inspection at our yard.' } };

async function samples(withRules: boolean): Promise<DealerContent[]> {
  const { dealers } = await loadDealers('dealers');
  for (const d of dealers) {
    if (withRules) (d.site as { trade_in?: unknown }).trade_in = RULES;
    else delete (d.site as { trade_in?: unknown }).trade_in;
  }
  return dealers;
}

const contact = { name: 'Sam Lee', phone: '0412 345 678', email: 'sam@example.com' };
const corolla = { make: 'Toyota', model: 'Corolla', variant: 'Ascent Sport', year: '2019', kms: '85,000' };

describe.each(testDatabases)('the trade-in offer a lead carries on $label', (database) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await database.open();
  });
  afterAll(() => t.cleanup());

  async function send(
    dealers: DealerContent[],
    slug: string,
    form: { pageId: string; blockId: string },
    values: object,
  ) {
    const app = createApp(await testDeps(t.db, { dealers, now: () => NOW }));
    const res = await app.fetch(
      new Request('http://api.test/api/leads', {
        method: 'POST',
        headers: { Host: `${slug}.localhost`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          idempotencyKey: randomUUID(),
          isLastStep: true,
          form: { ...form, step: 'vehicle' },
          values,
        }),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const { lead_id } = (await res.json()) as { lead_id: string };
    const lead = (await listLeads(t.db, slug)).find((l) => l.id === lead_id)!;
    return { app, lead, dealer: dealers.find((d) => d.slug === slug)! };
  }

  it('records the dealer’s offer on a valuation lead, dropping one the request sent, and the widget shows the same', async () => {
    const dealers = await samples(true);
    const { app, lead, dealer } = await send(
      dealers,
      'coastal-motor-group',
      { pageId: '19', blockId: 'form-2' },
      {
        ...contact,
        ...corolla,
        RegoOrVin: 'ABC123',
        vehicle_state: 'NSW',
        condition: 'Good',
        location_id: '1',
        trade_offer_amount: 99_999,
      },
    );
    const expected = await localValuationProvider().value({
      query: {
        make: 'Toyota',
        model: 'Corolla',
        year: 2019,
        km: 85_000,
        condition: 'good',
        rego: 'ABC123',
        state: 'NSW',
      },
      country: 'AU',
      asAt: '2026-12-03',
    });
    if (expected.status !== 'valued') throw new Error('the local model values a 2019 Corolla');
    const offer = tradeInOffer(RULES, expected.tradeIn)!;
    expect(lead.values).toMatchObject({
      trade_offer_amount: offer.amount,
      trade_offer_currency: 'AUD',
      trade_offer_valid_until: '2026-12-10',
      trade_offer_terms: 'Subject to an inspection at our yard.',
    });
    expect(offer.amount).toBe(Math.floor((expected.tradeIn.low * 0.9) / 50) * 50);

    const widget = await app.fetch(
      new Request('http://api.test/api/valuation', {
        method: 'POST',
        headers: { Host: 'coastal-motor-group.localhost', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          make: 'Toyota',
          model: 'Corolla',
          year: 2019,
          km: 85_000,
          condition: 'good',
          rego: 'ABC123',
          state: 'NSW',
        }),
      }),
    );
    expect(((await widget.json()) as { offer: unknown }).offer).toEqual(offer);

    const xml = adfXml(leadPayload(lead, dealer));
    const sell = /<vehicle interest="sell"[\s\S]*?<\/vehicle>/.exec(xml)![0];
    expect(sell).toContain(`<price type="offer" currency="AUD">${offer.amount}</price>`);
    expect(sell).toContain('<trim>Ascent Sport</trim>');
    expect(sell).toMatch(
      /Conditional online trade-in offer: \$[\d,]+, valid until 2026-12-10\. Subject to an inspection at our yard\./,
    );
    const [result] = await validateWithDtd([{ name: 'valuation lead with an offer', xml }]);
    expect(result!.valid, describeProblems([result!])).toBe(true);
  });

  it('puts the offer on an NZ trade-in lead, the hoped-for price beside it, and none without the dealer’s rules', async () => {
    const values = {
      first_name: 'Aroha',
      last_name: 'Ngata',
      email: 'aroha@example.co.nz',
      phone: '021 123 4567',
      ...corolla,
      RegoOrVin: 'KTR42',
      expected_price: '20000',
    };
    const withRules = await send(await samples(true), 'tasman-motors', { pageId: '313', blockId: 'form-2' }, values);
    expect(withRules.lead.values).toMatchObject({ trade_offer_currency: 'NZD', trade_offer_valid_until: '2026-12-10' });
    const xml = adfXml(leadPayload(withRules.lead, withRules.dealer));
    const trade = /<vehicle interest="trade-in"[\s\S]*?<\/vehicle>/.exec(xml)![0];
    expect(trade).toMatch(/<price type="offer" currency="NZD">\d+<\/price>/);
    expect(trade).toContain('Price the customer hopes for: $20,000');
    const [result] = await validateWithDtd([{ name: 'NZ trade-in with an offer', xml }]);
    expect(result!.valid, describeProblems([result!])).toBe(true);

    const without = await send(
      await samples(false),
      'tasman-motors',
      { pageId: '313', blockId: 'form-2' },
      { ...values, trade_offer_amount: 5000 },
    );
    expect(Object.keys(without.lead.values).filter((k) => k.startsWith('trade_offer'))).toEqual([]);
    expect(adfXml(leadPayload(without.lead, without.dealer))).toContain(
      '<price type="appraisal" currency="NZD">20000</price>',
    );
  });
});
