/**
 * Every form of the sample dealers (dealers/), filled and saved through the lead route, then
 * built into ADF/XML as the delivery builds it, and judged by the JDK's validating parser
 * against the ADF 1.0 DTD (tests/tools/DtdValidate.java).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../api/app.ts';
import type { ApiDeps } from '../../../api/core/deps.ts';
import { findForm } from '../server/validate.ts';
import type { LeadRow } from '../server/store.ts';
import { adfDocument, adfXml } from '../server/outbox/adf.ts';
import { leadPayload } from '../server/outbox/payload.ts';
import { formTypes } from '../../../content/forms.ts';
import { loadDealers, type DealerContent } from '../../../content/load.ts';
import { testDatabases, testDeps, type TestDb } from '../../../../tests/helpers/db.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';
import { sampleForms, sampleSaves, type SampleSave } from './adf-sample-leads.ts';

interface Built {
  save: SampleSave;
  row: LeadRow;
  xml: string;
}

/** The first <vehicle> element of `xml` whose start tag matches `start`. */
function vehicle(xml: string, start: RegExp): string {
  const found = [...xml.matchAll(/<vehicle\b[^>]*>[\s\S]*?<\/vehicle>/g)]
    .map((m) => m[0])
    .find((v) => start.test(v.slice(0, v.indexOf('>') + 1)));
  if (!found) throw new Error(`no vehicle like ${start} in\n${xml}`);
  return found;
}

describe.each(testDatabases)('ADF of every sample form on $label', (database) => {
  let t: TestDb;
  let deps: ApiDeps;
  let dealers: DealerContent[];
  const built: Built[] = [];
  const of = (slug: string, path: string, variant = 'filled') => {
    const hit = built.find((b) => b.save.label.startsWith(`${slug}${path}#`) && b.save.label.endsWith(`(${variant})`));
    if (!hit) throw new Error(`no lead from ${slug}${path} (${variant})`);
    return hit;
  };

  beforeAll(async () => {
    const loaded = await loadDealers('dealers');
    expect(loaded.errors).toEqual([]);
    dealers = loaded.dealers;
    t = await database.open();
    deps = await testDeps(t.db, { dealers, destinations: () => [] });
    const app = createApp(deps);
    const now = new Date();
    for (const dealer of dealers) {
      for (const form of sampleForms(dealer, now.toISOString().slice(0, 10))) {
        const found = findForm(dealer, form.page.id, form.blockId, now);
        if (!found)
          throw new Error(`${dealer.slug}: the lead route does not know form ${form.blockId} of page ${form.page.id}`);
        for (const save of sampleSaves(form, found.def, database.label)) {
          const res = await app.fetch(
            new Request(`http://${dealer.slug}.localhost/api/leads`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(save.body),
            }),
          );
          const answer = await res.json();
          if (res.status !== 200) throw new Error(`${save.label} was refused: ${JSON.stringify(answer)}`);
          const row = (await t.db.query<LeadRow>('SELECT * FROM leads WHERE id = $1', [answer.lead_id])).rows[0]!;
          built.push({ save, row, xml: adfXml(leadPayload(row, dealer)) });
        }
      }
    }
  }, 120_000);
  afterAll(() => t.cleanup());

  it('builds a lead for every form type of the content format, from every sample dealer', () => {
    const types = new Set(built.map((b) => b.row.form_type));
    expect([...types].sort()).toEqual([...formTypes, 'builder'].sort());
    expect(new Set(built.map((b) => b.row.site_slug))).toEqual(new Set(dealers.map((d) => d.slug)));
    expect(built.every((b) => b.row.lead_status === 'Complete')).toBe(true);
    expect(built.length).toBeGreaterThan(40);
  });

  it('writes every lead as an ADF document valid against the ADF 1.0 DTD, and all of them as one', async () => {
    const docs = built.map((b) => ({ name: b.save.label, xml: b.xml }));
    docs.push({
      name: 'all leads in one document',
      xml: adfDocument(
        built.map((b) =>
          leadPayload(
            b.row,
            dealers.find((d) => d.slug === b.row.site_slug),
          ),
        ),
      ),
    });
    const results = await validateWithDtd(docs);
    expect(results).toHaveLength(built.length + 1);
    expect(
      results.filter((r) => !r.valid).map((r) => r.name),
      describeProblems(results),
    ).toEqual([]);
  }, 120_000);

  it('sends a trade-in as a used vehicle with its odometer, plate and the dealer’s offer in their elements, the expected price in its comments', () => {
    const { xml } = of('tasman-motors', '/sell-my-car');
    const trade = vehicle(xml, /interest="trade-in"/);
    expect(trade).toMatch(/^<vehicle interest="trade-in" status="used">/);
    for (const line of [
      '<id source="rego">KLM456</id>',
      '<year>2016</year>',
      '<make>Toyota</make>',
      '<model>HiLux</model>',
      '<odometer units="km">145000</odometer>',
      '<comments>Rego: KLM456',
      'Price the customer hopes for: $28,500',
    ]) {
      expect(trade).toContain(line);
    }
    // The sample dealer makes conditional offers (site.json trade_in.offer): the server's offer is the price.
    expect(trade).toMatch(/<price type="offer" currency="NZD">\d+<\/price>/);
    expect(trade).toMatch(/Conditional online trade-in offer: \$[\d,]+, valid until /);
    expect(xml.match(/<vehicle /g)).toHaveLength(1);
    expect(xml).toMatch(/<name part="first">Jordan<\/name>\s*<name part="last">O&apos;Connor<\/name>\s*<email>/);
    // Stored in E.164 by the lead route (src/forms/phone.ts).
    expect(xml).toContain('<phone type="cellphone">+64215550199</phone>');
    expect(xml).toMatch(/<service>Trade In Enquiry<\/service>/);
  });

  it('sends the stock car of a car page with its VIN, stock number, odometer and price in the dealer’s currency', () => {
    const dealer = dealers.find((d) => d.slug === 'coastal-motor-group')!;
    const hit = built.find((b) => b.save.dealer === dealer && b.row.page_id?.startsWith('car-'))!;
    const car = dealer.cars.find((c) => String(c.id) === hit.row.values.car_id)!;
    const v = vehicle(hit.xml, /interest="buy"/);
    expect(v).toMatch(new RegExp(`^<vehicle interest="buy" status="${car.car_type === 'new' ? 'new' : 'used'}">`));
    expect(v).toContain(`<id source="dealer-sites-car">${car.id}</id>`);
    expect(v).toMatch(
      new RegExp(`<year>${car.year}</year>\\s*<make>${car.make}</make>\\s*<model>${car.model}</model>`),
    );
    if (car.vin) expect(v).toContain(`<vin>${car.vin}</vin>`);
    if (car.stock_number) expect(v).toContain(`<stock>${car.stock_number}</stock>`);
    expect(v).toContain(`<odometer units="km">${Math.round(car.km)}</odometer>`);
    expect(v).toContain(`<price type="asking" currency="AUD">${car.price}</price>`);
    expect(of('tasman-motors', '/models/order-now').xml).toMatch(/<vehicle interest="buy" status="new">/);
  });

  it('maps each request to its ADF interest; service and parts send the visitor’s car with no interest', () => {
    expect(vehicle(of('coastal-motor-group', '/book-test-drive').xml, /./)).toMatch(
      /^<vehicle interest="test-drive" status="new">\s*<year><\/year>\s*<make>Toyota<\/make>/,
    );
    expect(vehicle(of('coastal-motor-group', '/sell-my-car').xml, /./)).toMatch(
      /^<vehicle interest="sell" status="used">/,
    );
    for (const path of ['/service', '/service/book-by-make', '/pages/book-a-service', '/parts']) {
      const { xml } = of('coastal-motor-group', path);
      expect(vehicle(xml, /./)).toMatch(
        /^<vehicle status="used">\s*<id source="rego">ABC123<\/id>\s*<year>2016<\/year>/,
      );
      expect(xml).toMatch(/<comments>Lead type: (Service Booking|Parts Enquiry)\n/);
    }
    const express = of('ridgeline-mazda', '/service/express').xml;
    expect(express).toContain('<service>Service Booking (Express Service)</service>');
    expect(express).toMatch(
      /<address>\s*<street line="1">5 Pakington Street<\/street>\s*<city>Geelong West<\/city>\s*<regioncode>VIC<\/regioncode>\s*<postalcode>3218<\/postalcode>\s*<country>AU<\/country>/,
    );
    const finance = of('ridgeline-mazda', '/finance').xml;
    expect(finance).toMatch(
      /<finance>\s*<method>finance<\/method>\s*<amount type="total" limit="maximum" currency="AUD">30000<\/amount>\s*<\/finance>/,
    );
    expect(finance).toMatch(
      /<address type="home">\s*<street line="1">12 Invermay Rd<\/street>\s*<city>Invermay<\/city>\s*<regioncode>TAS<\/regioncode>/,
    );
  });

  it('sends a general enquiry with the franchise make of the chosen location and nothing made up', () => {
    const { xml } = of('coastal-motor-group', '/contact');
    expect(xml.match(/<vehicle /g)).toHaveLength(1);
    expect(vehicle(xml, /./)).toMatch(
      /^<vehicle interest="buy">\s*<year><\/year>\s*<make>Toyota<\/make>\s*<model><\/model>\s*<\/vehicle>$/,
    );
    expect(xml).toMatch(
      /<vendorname>Coastal Motor Group<\/vendorname>[\s\S]*<name part="full" type="business">Coastal Toyota Gosford<\/name>\s*<email>enquiries@coastalmotorgroup\.com\.au<\/email>\s*<phone type="voice">\(02\) 4323 1100<\/phone>/,
    );
    expect(xml).toContain('Is it still available? Call after 5 &amp; ask for &lt;Jordan&gt;.');
  });

  it('sends the trade-in a form asks about as a second vehicle, and none when the visitor has none', () => {
    const yes = of('coastal-motor-group', '/enquiry-assistant').xml;
    expect(yes.match(/<vehicle /g)).toHaveLength(2);
    expect(vehicle(yes, /trade-in/)).toMatch(
      /<id source="rego">ABC123<\/id>[\s\S]*<price type="appraisal" currency="AUD">28500<\/price>/,
    );
    const no = of('coastal-motor-group', '/enquiry-assistant', 'has_trade_in=No').xml;
    expect(no.match(/<vehicle /g)).toHaveLength(1);
    const finder = of('ridgeline-mazda', '/find-my-mazda').xml;
    expect(vehicle(finder, /trade-in/)).toMatch(/<id source="rego">ABC123<\/id>\s*<year>2016<\/year>\s*<make>/);
  });
});
