/**
 * The JSON-LD of the built sample dealers, read back from the HTML by @marbec/web-auto-extractor
 * and judged by @adobe/structured-data-validator. The validator is given no schema.org vocabulary
 * (it would have to be downloaded, and the tests run offline), so its schema.org check is off and
 * it applies Google's rich-result rules: required and recommended properties of Product, Offer,
 * BreadcrumbList, ListItem, Brand, Organization and the rest. The vocabulary itself is held by the
 * compiler instead: every builder is typed against schema-dts.
 */
import WebAutoExtractor, { type ExtractedData } from '@marbec/web-auto-extractor';
import Validator from '@adobe/structured-data-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDealers, type DealerContent } from '../../../src/content/load.ts';
import { carPath, isListed, modelPath, profileHref } from '../../../src/domain/routes.ts';
import { sharedSampleBuild, type SampleBuild } from '../../helpers/sample-build.ts';

type Json = Record<string, unknown>;

let build: SampleBuild;
let dealers: DealerContent[];
beforeAll(async () => {
  [build, dealers] = await Promise.all([sharedSampleBuild(), loadDealers('dealers').then((r) => r.dealers)]);
}, 240_000);

function htmlOf(slug: string, pagePath: string): string {
  const key = `${slug}${pagePath === '/' ? '' : pagePath}/index.html`;
  const html = build.pages.get(key);
  if (!html) throw new Error(`no built page ${key}`);
  return html;
}

async function check(html: string): Promise<{ data: ExtractedData; errors: string[] }> {
  const data = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
  const issues = await new Validator().validate(data);
  const errors = issues
    .filter((i) => i.severity === 'ERROR')
    .map((i) => `${i.rootType}: ${i.issueMessage} ${JSON.stringify(i.fieldNames ?? [])}`);
  return { data, errors };
}

/** The key pages of a dealer: home, contact, a car with photos, one without, a model, a team page. */
function keyPages(d: DealerContent): Record<string, string> {
  const listed = d.cars.filter(isListed);
  const withPhoto = listed.find((c) => c.photos.length)!;
  const withoutPhoto = listed.find((c) => !c.photos.length);
  const member = d.team.find((m) => profileHref(d.site, m));
  const teamListing = d.pages.find((p) => p.path === '/our-team')!;
  return {
    home: '/',
    contact: '/contact',
    car: carPath(withPhoto),
    ...(withoutPhoto ? { 'car without photos': carPath(withoutPhoto) } : {}),
    model: modelPath(d.models[0]!),
    team: member ? profileHref(d.site, member)! : teamListing.path,
  };
}

const SLUGS = ['coastal-motor-group', 'ridgeline-mazda', 'tasman-motors'];

describe.each(SLUGS)('%s', (slug) => {
  const dealer = () => dealers.find((d) => d.slug === slug)!;

  it('has no validator errors on its home, contact, car, model and team pages', async () => {
    const pages = keyPages(dealer());
    expect(Object.keys(pages)).toEqual(expect.arrayContaining(['home', 'contact', 'car', 'model', 'team']));
    for (const [name, pagePath] of Object.entries(pages)) {
      const { errors } = await check(htmlOf(slug, pagePath));
      expect(errors, `${name} ${pagePath}`).toEqual([]);
    }
  });

  it('describes the dealer on the home and contact pages, each place with a postal address', async () => {
    for (const pagePath of ['/', '/contact']) {
      const { data } = await check(htmlOf(slug, pagePath));
      const [dealerNode] = [...(data.jsonld.AutoDealer ?? []), ...(data.jsonld.Organization ?? [])];
      expect(dealerNode, pagePath).toBeDefined();
      const places = (dealerNode!.subOrganization as Json[] | undefined) ?? [dealerNode!];
      expect(places.length).toBe(new Set(dealer().locations.map((l) => l.address.address)).size);
      for (const place of places) {
        expect(place['@type']).toBe('AutoDealer');
        expect(place.address).toMatchObject({ '@type': 'PostalAddress', addressCountry: dealer().site.country });
        expect((place.address as Json).postalCode).toMatch(/^\d{4}$/);
        expect(place.openingHoursSpecification).toBeDefined();
      }
      expect(dealerNode!.sameAs).toEqual(Object.values(dealer().site.social ?? {}));
    }
  });

  it('gives a car page a Product and Car sold by an AutoDealer with an address, and a breadcrumb trail', async () => {
    const { data } = await check(htmlOf(slug, keyPages(dealer()).car!));
    const car = data.jsonld.Car![0]!;
    expect(car['@type']).toEqual(['Product', 'Car']);
    expect(car).toHaveProperty('vehicleSeatingCapacity');
    expect(car).not.toHaveProperty('seatingCapacity');
    const offer = car.offers as Json;
    expect(offer.priceCurrency).toBe(dealer().site.country === 'NZ' ? 'NZD' : 'AUD');
    expect(offer.seller).toMatchObject({ '@type': 'AutoDealer', address: { '@type': 'PostalAddress' } });
    expect(data.jsonld.BreadcrumbList).toHaveLength(1);
  });

  it('gives model and team pages a breadcrumb trail from Home', async () => {
    const { model, team } = keyPages(dealer());
    for (const pagePath of [model!, team!]) {
      const trail = (await check(htmlOf(slug, pagePath))).data.jsonld.BreadcrumbList?.[0];
      const items = trail?.itemListElement as Json[] | undefined;
      expect(items?.[0], pagePath).toMatchObject({
        position: 1,
        name: 'Home',
        item: new URL('/', dealer().site.url).href,
      });
      expect(items?.at(-1)?.item, pagePath).toBe(new URL(pagePath, dealer().site.url).href);
    }
  });
});

describe('every built page', () => {
  it('has JSON-LD that parses and breaks no rich-result rule', async () => {
    const failures: string[] = [];
    for (const [page, html] of build.pages) {
      const { errors } = await check(html);
      failures.push(...errors.map((e) => `${page}: ${e}`));
    }
    expect(build.pages.size).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  });

  it('passes the validator with the 1.2 details: drive, engine, doors, build month, NVIC and Redbook code, NZ engine size', async () => {
    const listedCars = (slug: string) => dealers.find((x) => x.slug === slug)!.cars.filter(isListed);
    const au = listedCars('coastal-motor-group').find((c) => c.nvic && c.redbook_code && c.doors && c.build_date)!;
    const nz = listedCars('tasman-motors').find((c) => c.nz_cin?.engine_cc)!;
    const auPage = await check(htmlOf('coastal-motor-group', carPath(au)));
    const nzPage = await check(htmlOf('tasman-motors', carPath(nz)));
    expect([...auPage.errors, ...nzPage.errors]).toEqual([]);
    expect(auPage.data.jsonld.Car![0]).toMatchObject({
      numberOfDoors: au.doors,
      productionDate: au.build_date,
      identifier: [
        { '@type': 'PropertyValue', propertyID: 'NVIC', value: au.nvic },
        { '@type': 'PropertyValue', propertyID: 'Redbook code', value: au.redbook_code },
      ],
    });
    expect((nzPage.data.jsonld.Car![0]!.vehicleEngine as Json).engineDisplacement).toMatchObject({
      value: nz.nz_cin!.engine_cc,
      unitCode: 'CMQ',
    });
  });

  it('gives a car without photos no image and no Product type', async () => {
    const d = dealers.find((x) => x.slug === 'coastal-motor-group')!;
    const { data } = await check(htmlOf(d.slug, keyPages(d)['car without photos']!));
    const car = data.jsonld.Car![0]!;
    expect(car['@type']).toBe('Car');
    expect(car).not.toHaveProperty('image');
  });
});
