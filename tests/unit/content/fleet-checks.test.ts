import { beforeAll, describe, expect, it } from 'vitest';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import {
  consentWarnings,
  dealerFacts,
  FleetIndex,
  locationWarnings,
  type DealerFacts,
  type FleetSite,
} from '../../../src/content/fleet-checks.ts';
import type { ContentIssue } from '../../../src/content/issues.ts';
import { emptyListingWarnings } from '../../../src/site/listing-filters.ts';

let samples: DealerContent[];
beforeAll(async () => {
  const loaded = await loadDealers('dealers');
  expect(loaded.errors).toEqual([]);
  samples = loaded.dealers;
});
const sample = (slug: string) => structuredClone(samples.find((d) => d.slug === slug)!);

/** A copy of `slug` as an editor makes one by hand: a new folder name and website id, nothing else. */
function handCopy(slug: string, copy = 'copied-dealer', id = 900): DealerContent {
  const d = sample(slug);
  d.slug = copy;
  d.site = { ...d.site, slug: copy, id };
  return d;
}

/** Every fleet warning of `dealers` read in this order, as the build makes them. */
function fleetWarnings(dealers: DealerContent[]): ContentIssue[] {
  const index = new FleetIndex();
  const facts: DealerFacts[] = [];
  const out: ContentIssue[] = [];
  for (const d of dealers) {
    const f = dealerFacts(d);
    out.push(...index.check(f), ...consentWarnings(d));
    index.add(f);
    facts.push(f);
  }
  const sites = new Map<number, FleetSite>(facts.map((f) => [f.id, { slug: f.slug, company: f.company }]));
  return [...out, ...facts.flatMap((f) => locationWarnings(f, sites))];
}

describe('copy mistakes across a fleet', () => {
  it('the three sample dealers give none', () => {
    expect(fleetWarnings(samples)).toEqual([]);
    expect(samples.flatMap(emptyListingWarnings)).toEqual([]);
  });

  it("warns on a dealer holding another's Google Tag Manager container, naming both and the field", () => {
    const copy = handCopy('tasman-motors');
    copy.reviews = {};
    Object.assign(copy.site, { integrations: {} });
    for (const c of copy.cars) delete c.account;
    copy.locations = copy.locations.map((l) => ({ ...l, website_id: 900 }));
    const warnings = fleetWarnings([sample('tasman-motors'), copy]);
    expect(warnings).toEqual([
      {
        dealer: 'copied-dealer',
        file: 'site.json',
        path: 'analytics.gtmId',
        message: expect.stringMatching(
          /container "GTM-T4SM4N1" is also used by dealer "tasman-motors" \(site\.json analytics\.gtmId\)/,
        ),
      },
    ]);
    // The same container spelt in another case is the same container.
    Object.assign(copy.site, { analytics: { gtmId: ' gtm-t4sm4n1 ' } });
    expect(fleetWarnings([sample('tasman-motors'), copy]).map((w) => w.path)).toEqual(['analytics.gtmId']);
  });

  it('warns on the same review profile and the same listing account in two dealers', () => {
    const other = sample('tasman-motors');
    const copy = handCopy('ridgeline-mazda');
    Object.assign(copy.site, { analytics: {} });
    copy.locations = copy.locations.map((l) => ({ ...l, website_id: 900 }));
    Object.assign(copy.site, { integrations: { reviewsGmbIds: ['tasman-mitsubishi-christchurch'] } });
    copy.reviews = {};
    copy.cars = copy.cars.map((c, i) => ({ ...c, account: i === 2 ? 'Tasman-Pre-Owned' : 'own-yard' }));
    const warnings = fleetWarnings([other, copy]);
    expect(warnings.map((w) => [w.dealer, w.file, w.path])).toEqual([
      ['copied-dealer', 'site.json', 'integrations.reviewsGmbIds[0]'],
      ['copied-dealer', 'cars.json', '[2].account'],
    ]);
    expect(warnings[0]!.message).toContain('"tasman-motors" (site.json integrations.reviewsGmbIds[0])');
    expect(warnings[1]!.message).toContain('listing account "Tasman-Pre-Owned" is also used by dealer "tasman-motors"');
    // A default account counts as the dealer's too.
    copy.cars = [];
    Object.assign(copy.site, { integrations: {} });
    copy.site.stock = { default_account: 'ridgeline-new' };
    expect(
      fleetWarnings([sample('ridgeline-mazda'), copy]).find((w) => w.path === 'stock.default_account'),
    ).toBeDefined();
  });

  it("warns on a location naming another dealer's website id, or no dealer's", () => {
    const copy = handCopy('ridgeline-mazda');
    const group = sample('coastal-motor-group');
    const facts = (d: DealerContent) => dealerFacts(d);
    const sites = (ds: DealerContent[]) =>
      new Map<number, FleetSite>(ds.map((d) => [d.site.id, { slug: d.slug, company: d.site.dealerCompanyId }]));
    // A copied locations.json: every location is the sample's website's.
    const copied = locationWarnings(facts(copy), sites([sample('ridgeline-mazda'), copy]));
    expect(copied.map((w) => w.path)).toEqual(['[0].website_id', '[1].website_id', '[2].website_id']);
    expect(copied[0]).toMatchObject({ dealer: 'copied-dealer', file: 'locations.json' });
    expect(copied[0]!.message).toMatch(/website_id 102 is dealer "ridgeline-mazda"'s website id.*set it to 900/);

    // A group site listing a sister site's location, beside its own: not a mistake.
    copy.locations = [copy.locations[0]!, { ...copy.locations[1]!, website_id: 101 }].map((l, i) =>
      i === 0 ? { ...l, website_id: 900 } : l,
    );
    expect(locationWarnings(facts(copy), sites([group, copy]))).toEqual([]);
    // The same outside the group (another dealerCompanyId) is.
    copy.site.dealerCompanyId = 1;
    expect(locationWarnings(facts(copy), sites([group, copy])).map((w) => w.path)).toEqual(['[1].website_id']);

    // A website no dealer of the fleet has, unless brands.json names it.
    copy.locations[1] = { ...copy.locations[1]!, website_id: 4242 };
    expect(locationWarnings(facts(copy), sites([copy]))[0]!.message).toMatch(
      /website_id 4242 is no dealer's website id/,
    );
    copy.brands = [{ ...copy.brands[0]!, websites: [{ id: 4242, name: 'Sister', url: 'https://sister.example.com' }] }];
    expect(locationWarnings(facts(copy), sites([copy]))).toEqual([]);
  });

  it('warns on consent.mode "notice" on an AU dealer, saying AU practice expects opt-in', () => {
    const au = sample('ridgeline-mazda');
    au.site.consent = { mode: 'notice' };
    expect(consentWarnings(au)).toEqual([
      { dealer: 'ridgeline-mazda', file: 'site.json', path: 'consent.mode', message: expect.stringMatching(/opt-in/) },
    ]);
    au.site.consent = { mode: 'opt_in' };
    expect(consentWarnings(au)).toEqual([]);
    // New Zealand's sample uses a notice, and may.
    expect(sample('tasman-motors').site.consent?.mode).toBe('notice');
    expect(consentWarnings(sample('tasman-motors'))).toEqual([]);
  });

  it("a listing filter naming another dealer's account matches none of the copy's stock (emptyListingWarnings)", () => {
    const copy = handCopy('ridgeline-mazda');
    copy.cars = copy.cars.map((c) => ({ ...c, account: 'own-yard' }));
    const warnings = emptyListingWarnings(copy);
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]).toMatchObject({ dealer: 'copied-dealer', path: expect.stringMatching(/data\.filters$/) });
    expect(warnings[0]!.message).toMatch(/account "ridgeline-\w+" matches none of the dealer's cars/);
  });
});
