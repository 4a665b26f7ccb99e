/**
 * New Zealand's Consumer Information Notice on a used car's page (content format 1.2 `nz_cin`):
 * shown only where the law asks for it, stating every fact the regulations list, and "Not stated"
 * where the content is silent, never a guess.
 */
import { describe, expect, it } from 'vitest';
import { consumerNotice, NOT_STATED, showsConsumerNotice, type NoticeGroup } from '../ui/consumer-notice.ts';
import {
  carPageHtml,
  fixtureWith,
  nzDealer,
  sectionOf,
  testCar,
  visibleText,
} from '../../../../tests/helpers/car-page.ts';

const fullCin = {
  first_registered_nz: '2020-02',
  registered_overseas: true,
  imported_damaged: false,
  odometer_verified: true,
  engine_cc: 1496,
  wof_expiry: '2027-11-02',
  rego_expiry: '2027-11-30',
  security_interest: false,
};

/** label → value, across the groups. */
const facts = (groups: NoticeGroup[] | undefined): Record<string, string> =>
  Object.fromEntries((groups ?? []).flatMap((g) => g.rows.map((r) => [r.label, r.value])));

describe('where the notice is shown', () => {
  it('on a New Zealand dealer’s used car that has its notice facts', async () => {
    expect(showsConsumerNotice(await nzDealer(), testCar({ nz_cin: fullCin }))).toBe(true);
  });

  it('not for an Australian dealer, a new car, or a car without `nz_cin`', async () => {
    const nz = await nzDealer();
    expect(showsConsumerNotice(await fixtureWith(), testCar({ nz_cin: fullCin }))).toBe(false);
    expect(showsConsumerNotice(nz, testCar({ car_type: 'new', nz_cin: fullCin }))).toBe(false);
    expect(showsConsumerNotice(nz, testCar())).toBe(false);
  });

  it('on a demonstrator too, which the regulations count as used', async () => {
    expect(showsConsumerNotice(await nzDealer(), testCar({ car_type: 'demo', nz_cin: fullCin }))).toBe(true);
  });
});

describe('what the notice states', () => {
  it('every fact the regulations ask for, from the car, its notice facts and the dealer', async () => {
    const groups = consumerNotice(await nzDealer(), testCar({ nz_cin: fullCin, price_qualifier: 'drive_away' }));
    expect(groups?.map((g) => g.heading)).toEqual(['Motor vehicle trader', 'Sale', 'Vehicle']);
    expect(facts(groups)).toEqual({
      Trader: 'Kiwi Cars',
      Address: '1 Riccarton Road, Christchurch 8011',
      Phone: '03 555 0100',
      'Motor vehicle trader registration number': 'M123456',
      'Cash price': '$15,990',
      'Money owing: security interest registered on the PPSR': 'No',
      'Make and model': 'Toyota Aqua S',
      Year: '2019',
      'Odometer reading': '61,234 km',
      'Odometer reading verified': 'Yes',
      'VIN or chassis number': 'NHP10-1234567',
      'Registration plate': 'ABC123',
      'First registered in New Zealand': '02/2020',
      'Previously registered overseas': 'Yes',
      'Imported as a damaged vehicle': 'No',
      'Warrant of Fitness (WoF) expires': '02/11/2027',
      'Registration (licence) expires': '30/11/2027',
      'Engine size': '1,496 cc',
      'Fuel type': 'Hybrid',
    });
  });

  it('says "Not stated" for every fact the content does not give, and invents none', async () => {
    const groups = consumerNotice(
      await nzDealer({ legal: undefined }),
      testCar({ nz_cin: {}, vin: undefined, rego: undefined, simple_fuel: undefined, location_name: undefined }),
    );
    const unknown = (groups ?? []).flatMap((g) => g.rows).filter((r) => !r.known);
    expect(unknown.every((r) => r.value === NOT_STATED)).toBe(true);
    expect(unknown.map((r) => r.label)).toEqual([
      'Motor vehicle trader registration number',
      'Money owing: security interest registered on the PPSR',
      'Odometer reading verified',
      'VIN or chassis number',
      'Registration plate',
      'First registered in New Zealand',
      'Previously registered overseas',
      'Imported as a damaged vehicle',
      'WoF or CoF expires',
      'Registration (licence) expires',
      'Engine size',
      'Fuel type',
    ]);
  });

  it('gives the cash price as the drive-away price where known, and says what an other price leaves out', async () => {
    const nz = await nzDealer();
    const cash = (over: Record<string, unknown>) =>
      consumerNotice(nz, testCar({ nz_cin: fullCin, ...over }))!
        .flatMap((g) => g.rows)
        .find((r) => r.label === 'Cash price')!;
    expect(cash({ price: 15990, price_drive_away: 16490 })).toMatchObject({
      value: '$16,490',
      note: expect.stringMatching(/including registration and licensing/),
    });
    expect(cash({ price_qualifier: 'excl_govt_charges' })).toMatchObject({
      value: '$15,990',
      note: expect.stringMatching(/^Excludes government charges/),
    });
    expect(cash({})).toMatchObject({ value: '$15,990', note: expect.stringMatching(/not stated/) });
  });

  it('names the fitness certificate the vehicle has: a WoF, a heavy vehicle’s CoF', async () => {
    const nz = await nzDealer();
    const cof = facts(consumerNotice(nz, testCar({ nz_cin: { cof_expiry: '2027-03-31' } })));
    expect(cof['Certificate of Fitness (CoF) expires']).toBe('31/03/2027');
    expect(cof).not.toHaveProperty('Warrant of Fitness (WoF) expires');
    expect(cof).not.toHaveProperty('WoF or CoF expires');
  });

  it('warns what money owing means, and says an electric car has no engine size rather than leaving it unstated', async () => {
    const groups = consumerNotice(
      await nzDealer(),
      testCar({ simple_fuel: 'Electric', nz_cin: { security_interest: true } }),
    )!;
    const rows = groups.flatMap((g) => g.rows);
    expect(rows.find((r) => r.label.startsWith('Money owing'))).toMatchObject({
      value: 'Yes',
      note: expect.stringMatching(/repossessed/),
    });
    expect(facts(groups)['Engine size']).toBe('None (electric)');
  });
});

describe('the notice on the page', () => {
  it('is a headed section of definition lists, after the key details', async () => {
    const html = await carPageHtml(await nzDealer(), testCar({ nz_cin: fullCin, price_qualifier: 'drive_away' }));
    const section = sectionOf(html, 'vdp-cin');
    expect(section).toMatch(/^<section class="vdp-section vdp-cin" aria-labelledby="vdp-cin-heading">/);
    expect(section).toMatch(/<h2 id="vdp-cin-heading">Consumer Information Notice<\/h2>/);
    expect(section.match(/<h3>/g)).toHaveLength(3);
    expect(section.match(/<dl class="vdp-cin-list">/g)).toHaveLength(3);
    expect(section.match(/<dt>/g)).toHaveLength(19);
    const text = visibleText(section);
    expect(text).toContain('Motor vehicle trader registration number M123456');
    expect(text).toContain('Cash price $15,990');
    expect(text).toContain('Odometer reading 61,234 km Odometer reading verified Yes');
    expect(html.indexOf('vdp-specs-heading')).toBeLessThan(html.indexOf('vdp-cin-heading'));
  });

  it('marks facts that are not stated, so they read as such', async () => {
    const html = await carPageHtml(await nzDealer(), testCar({ nz_cin: { odometer_verified: true } }));
    const unknown = [
      ...sectionOf(html, 'vdp-cin').matchAll(
        /<div class="vdp-cin-row vdp-cin-unknown"> <dt>([^<]+)<\/dt> <dd>([^<]+)/g,
      ),
    ];
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.every((m) => m[2]!.trim() === NOT_STATED)).toBe(true);
  });

  it('is absent from an Australian dealer’s page and from a New Zealand new car’s page', async () => {
    const au = await carPageHtml(await fixtureWith(), testCar({ nz_cin: fullCin }));
    const nzNew = await carPageHtml(await nzDealer(), testCar({ car_type: 'new', nz_cin: fullCin }));
    for (const html of [au, nzNew]) {
      expect(html).not.toContain('vdp-cin');
      expect(html).not.toContain('Consumer Information Notice');
    }
  });
});
