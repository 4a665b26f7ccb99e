/**
 * The ADF builder's rules on hand-made leads: phone types, addresses, dates, escaping, the
 * visitor's car, and leads written by earlier versions; every document judged against the DTD.
 */
import { describe, expect, it } from 'vitest';
import { adfDocument, adfXml, dealerZone, isoWithOffset } from '../server/outbox/adf.ts';
import { phoneType, splitAddress } from '../server/outbox/adf-parties.ts';
import { xmlText } from '../server/outbox/adf-xml.ts';
import type { LeadPayload } from '../server/outbox/payload.ts';
import { describeProblems, validateWithDtd } from '../../../../tests/helpers/xml-dtd.ts';

function lead(values: Record<string, unknown>, over: Partial<LeadPayload> = {}): LeadPayload {
  return {
    event: 'lead.completed',
    lead_id: 'b9e0c1de-0000-4000-8000-000000000001',
    lead_status: 'Complete',
    form_completed: true,
    site: {
      slug: 'mini-motors',
      id: 901,
      name: 'Mini Motors',
      url: 'https://www.minimotors.com.au',
      country: 'AU',
      state: 'NSW',
      email: 'sales@minimotors.com.au',
      phone: '(02) 9555 0100',
    },
    category: 'General Enquiry',
    subcategory: null,
    page_id: '3',
    PageTitle: 'Enquire',
    form: { block_id: 'enquiry', type: 'contact' },
    created_at: '2025-07-01T02:00:00.000Z',
    completed_at: '2025-07-01T02:05:00.000Z',
    values,
    steps: {},
    tracking: {},
    ...over,
  };
}

const contact = { name: 'Sam Lee', email: 'sam@example.com', phone: '0412 345 678' };
const between = (xml: string, start: string, end: string) =>
  xml.slice(xml.indexOf(start), xml.indexOf(end, xml.indexOf(start)) + end.length);

describe('ADF builder', () => {
  it('types AU and NZ mobile numbers as cellphone and others as voice', () => {
    const cases: [string, string, string][] = [
      ['0412 345 678', 'AU', 'cellphone'],
      ['+61 412 345 678', 'AU', 'cellphone'],
      ['61412345678', 'NZ', 'cellphone'],
      ['(02) 9555 0100', 'AU', 'voice'],
      ['021 555 0199', 'NZ', 'cellphone'],
      ['+64 21 555 0199', 'AU', 'cellphone'],
      ['+64 (0)27 555 0199', 'NZ', 'cellphone'],
      ['03 366 4100', 'NZ', 'voice'],
      ['04 471 1234', 'NZ', 'voice'],
      ['021 555 0199', 'AU', 'voice'],
    ];
    expect(cases.map(([phone, country]) => phoneType(phone, country))).toEqual(cases.map(([, , type]) => type));
  });

  it('splits AU and NZ one-line addresses into street lines, city, state and postcode', () => {
    expect(splitAddress('200 Mann Street, Gosford NSW 2250')).toEqual({
      streets: ['200 Mann Street'],
      city: 'Gosford',
      region: 'NSW',
      postcode: '2250',
    });
    expect(splitAddress('271 Latrobe Terrace, Geelong West VIC 3218')).toEqual({
      streets: ['271 Latrobe Terrace'],
      city: 'Geelong West',
      region: 'VIC',
      postcode: '3218',
    });
    expect(splitAddress('399 Moorhouse Avenue, Sydenham, Christchurch 8011')).toEqual({
      streets: ['399 Moorhouse Avenue', 'Sydenham'],
      city: 'Christchurch',
      postcode: '8011',
    });
    expect(splitAddress('1 Test St')).toEqual({ streets: ['1 Test St'] });
  });

  it('dates a lead in the dealer’s time with its UTC offset', () => {
    const at = new Date('2025-07-01T02:05:00.000Z');
    expect(isoWithOffset(at, dealerZone({ country: 'AU', state: 'NSW' }))).toBe('2025-07-01T12:05:00+10:00');
    expect(isoWithOffset(new Date('2025-01-10T02:05:00Z'), dealerZone({ country: 'AU', state: 'nsw' }))).toBe(
      '2025-01-10T13:05:00+11:00',
    );
    expect(isoWithOffset(at, dealerZone({ country: 'AU', state: 'SA' }))).toBe('2025-07-01T11:35:00+09:30');
    expect(isoWithOffset(at, dealerZone({ country: 'AU', state: 'WA' }))).toBe('2025-07-01T10:05:00+08:00');
    expect(isoWithOffset(at, dealerZone({ country: 'NZ' }))).toBe('2025-07-01T14:05:00+12:00');
    expect(isoWithOffset(at, dealerZone({ country: 'AU' }))).toBe('2025-07-01T02:05:00+00:00');
  });

  it('escapes markup and drops what XML 1.0 cannot hold, keeping every other character', () => {
    expect(xmlText('a & <b> "c" \'d\'')).toBe('a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;');
    expect(xmlText('bell\u0007 tab\t crlf\r\n lone\uD800 end\uFFFF 🚗 Māori')).toBe(
      'bell tab\t crlf\n lone end 🚗 Māori',
    );
  });

  it('sends the HiLux trade-in as a used vehicle: odometer in km, expected price in AUD, plate in <id>', () => {
    const xml = adfXml(
      lead(
        {
          ...contact,
          make: 'Toyota',
          model: 'HiLux',
          year: '2016',
          RegoOrVin: 'ABC123',
          vehicle_state: 'NSW',
          kms: '145,000',
          expected_price: '$28,500',
          message: 'Canopy fitted',
        },
        { category: 'Trade In Enquiry', form: { block_id: 'form-2', type: 'tradeIn' } },
      ),
    );
    expect(between(xml, '<vehicle', '</vehicle>')).toBe(
      [
        '<vehicle interest="trade-in" status="used">',
        '      <id source="rego">ABC123</id>',
        '      <year>2016</year>',
        '      <make>Toyota</make>',
        '      <model>HiLux</model>',
        '      <odometer units="km">145000</odometer>',
        '      <price type="appraisal" currency="AUD">28500</price>',
        '      <comments>Rego: ABC123 (NSW)</comments>',
        '    </vehicle>',
      ].join('\n'),
    );
    expect(xml).toContain('<comments>Lead type: Trade In Enquiry\nCanopy fitted\nPage: Enquire</comments>');
    expect(xml).toContain('<requestdate>2025-07-01T12:05:00+10:00</requestdate>');
  });

  it('reads a VIN in a rego field as a VIN, miles as miles, and keeps an odometer it cannot read in the comments', () => {
    const vin = adfXml(
      lead(
        {
          ...contact,
          make: 'Kia',
          model: 'Rio',
          year: '2019',
          RegoOrVin: 'knadn512 bk6123456',
          odometer_miles: '40,000 mi',
        },
        { form: { block_id: 'f', type: 'valuation' }, category: 'Valuation Enquiry' },
      ),
    );
    expect(vin).toMatch(
      /<vehicle interest="sell" status="used">\s*<year>2019<\/year>\s*<make>Kia<\/make>\s*<model>Rio<\/model>\s*<vin>KNADN512BK6123456<\/vin>\s*<odometer units="mi">40000<\/odometer>/,
    );
    const odd = adfXml(
      lead(
        { ...contact, kms: 'about 80k' },
        { form: { block_id: 'f', type: 'tradeIn' }, category: 'Trade In Enquiry' },
      ),
    );
    expect(odd).not.toContain('<odometer');
    expect(odd).toContain('kms: about 80k');
  });

  it('writes a valid document for a lead with no name, email or phone, and for a payload of an earlier version', async () => {
    const empty = adfXml(lead({ website_url_confirm: 'x' }, { category: null, form: { block_id: null, type: null } }));
    expect(empty).toMatch(/<contact>\s*<name part="full"><\/name>\s*<email><\/email>\s*<\/contact>/);
    const { state: _state, ...oldSite } = lead({}).site;
    const old = lead(
      { ...contact, car_id: '1' },
      {
        site: oldSite,
        vehicle: {
          car_id: '1',
          year: '2021',
          make: 'Toyota',
          model: 'Corolla',
          vin: 'JTNK123',
          price: 27990,
          condition: 'used',
        },
      },
    );
    const oldXml = adfXml(old);
    expect(oldXml).toMatch(
      /<vehicle interest="buy" status="used">\s*<id source="dealer-sites-car">1<\/id>\s*<year>2021<\/year>/,
    );
    expect(oldXml).toContain('<requestdate>2025-07-01T02:05:00+00:00</requestdate>');
    const many = adfDocument([old, lead(contact)]);
    expect(many.match(/<prospect /g)).toHaveLength(2);
    const results = await validateWithDtd([
      { name: 'empty', xml: empty },
      { name: 'old', xml: oldXml },
      { name: 'many', xml: many },
    ]);
    expect(
      results.filter((r) => !r.valid).map((r) => r.name),
      describeProblems(results),
    ).toEqual([]);
    expect(() => adfDocument([])).toThrow(/at least one lead/);
  });
});
