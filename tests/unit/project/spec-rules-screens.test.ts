/**
 * Spec §2 screens, rule by rule, with the spec's own words: the cars block's panel, message and
 * 'View All Cars', the finance calculator's result label, the nearby-dealership search widening to
 * 250 km, and the colour picker's body-type row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../helpers/render.ts';
import type { DealerContent } from '../../../src/content/load.ts';
import type { Page } from '../../../src/content/page.ts';
import { viewAllCarsHref } from '../../../src/features/search/rules/cars-search.ts';
import { nearby, SEARCH_RADIUS_KM } from '../../../src/lib/geo.ts';
import { model as modelSchema } from '../../../src/content/entities.ts';
import { toPickerData } from '../../../src/blocks/modelColors/model-colours.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer('mini-motors');
});

const text = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('the cars block', () => {
  it('shows a collapsible panel titled Search', async () => {
    const html = await renderBlock('cars', {}, { dealer });
    expect(html).toMatch(/class="cars-panel-title"[^>]*>Search</);
  });

  it("says 'No results found for your search at this time' when no car matches", async () => {
    const html = await renderBlock('cars', { filters: { make: ['Lada'] } }, { dealer });
    expect(text(html)).toContain('No results found for your search at this time');
  });

  it("has no 'View All Cars' on a block that already shows all cars", () => {
    const pages = [{ path: '/used-cars', blocks: [] }] as unknown as Page[];
    expect(viewAllCarsHref(pages, '/', false)).toBe('/used-cars');
    expect(viewAllCarsHref(pages, '/', true)).toBeUndefined();
  });
});

describe('the finance calculator', () => {
  it("labels the repayment with the block's repaymentsText", async () => {
    const data = {
      amount: { default: 30000, min: 5000, max: 150000, step: 1000 },
      term: { default: 5, min: 1, max: 7, step: 1 },
      interest: { default: 7.5, min: 4.95, max: 19.95, step: 0.05 },
      frequency: { default: 'Monthly', options: ['Weekly', 'Monthly'] },
      repaymentsText: 'Your weekly budget',
    };
    expect(text(await renderBlock('financeCalculator', data, { dealer }))).toContain('Your weekly budget');
  });
});

describe('the nearby-dealership search', () => {
  const at = (km: number) => ({ km, lat: -33 - km / 111.2, lng: 151 });
  const pos = (p: { lat: number; lng: number }) => p;

  it('suggests the nearest within 250 km, flagged, when none is within the chosen distance', () => {
    const r = nearby({ lat: -33, lng: 151 }, [at(120), at(300), at(80)], pos, 50);
    expect(r.widened).toBe(true);
    expect(r.results.map((x) => Math.round(x.km))).toEqual([80, 120]);
    expect(SEARCH_RADIUS_KM).toBe(250);
  });
});

describe('the colour picker', () => {
  const colours = (types: string[], n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: i,
      name: `C${i}`,
      photo_url: `c${i}.png`,
      hexCode: '#000',
      oem_id: types[i % types.length],
    }));

  it('adds the body-type row with 3 or more body types and more than 15 colours only', () => {
    const picker = (types: string[], n: number) =>
      toPickerData(modelSchema.parse({ slug: 'hilux', name: 'HiLux', colours: colours(types, n) }));
    expect(picker(['Single Cab', 'Extra Cab', 'Double Cab'], 16).bodyTypes).toEqual([
      'Single Cab',
      'Extra Cab',
      'Double Cab',
    ]);
    expect(picker(['Single Cab', 'Extra Cab', 'Double Cab'], 15).bodyTypes).toEqual([]);
    expect(picker(['Single Cab', 'Double Cab'], 18).bodyTypes).toEqual([]);
  });
});

describe('a staff card', () => {
  it("cuts a long bio to 60 characters with 'Read more...' to the profile", async () => {
    const bio = 'Jane has sold cars on the Central Coast for twenty years and knows every model we stock.';
    const team = [{ ...dealer.team[0]!, id: 77, slug: 'jane', name: 'Jane Citizen', bio, remove_profile_page: false }];
    const html = await renderBlock(
      'team',
      {},
      {
        dealer: {
          ...dealer,
          site: { ...dealer.site, options: { ...dealer.site.options, team: { profilePages: true } } },
          team,
        },
      },
    );
    expect(text(html)).toContain('Read more...');
    expect(text(html)).not.toContain('knows every model we stock');
  });
});
