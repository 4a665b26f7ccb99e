import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import { model as modelSchema, type Model } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import {
  buttonRows,
  firstRowLastIndex,
  hrefWithBody,
  modelCategories,
  rangeModels,
  rangeTabs,
  tabIndexFromSearch,
} from './model-range.ts';
import { tileDescription, toModelTile } from './model-tiles.ts';

const model = (over: Record<string, unknown>): Model => modelSchema.parse({ slug: 'm', name: 'M', ...over });

const labels = (tabs: { label: string }[]) => tabs.map((t) => t.label);
const sizes = (rows: unknown[][]) => rows.map((r) => r.length);

describe('model categories', () => {
  it('come from manufacturer_body, _body2 and _body3, without blanks or repeats', () => {
    expect(
      modelCategories(
        model({ manufacturer_body: 'SUV', manufacturer_body2: ' Hybrid ', manufacturer_body3: 'suv', body: ['Wagon'] }),
      ),
    ).toEqual(['SUV', 'Hybrid']);
  });

  it('fall back to the body list when no manufacturer body is set', () => {
    expect(modelCategories(model({ body: ['Hatch', 'Sedan'] }))).toEqual(['Hatch', 'Sedan']);
    expect(modelCategories(model({}))).toEqual([]);
  });
});

describe('category buttons', () => {
  const suv = model({ slug: 'a', manufacturer_body: 'SUV' });
  const ute = model({ slug: 'b', manufacturer_body: 'Ute' });
  const soon = model({ slug: 'c', manufacturer_body: 'SUV', status: 'coming_soon' });

  it('are not shown with one category (or none)', () => {
    expect(rangeTabs([suv, model({ slug: 'x', manufacturer_body: 'suv' })], false)).toEqual([]);
    expect(rangeTabs([model({})], false)).toEqual([]);
  });

  it('are shown with more than one category, All first', () => {
    expect(labels(rangeTabs([suv, ute], false))).toEqual(['All', 'SUV', 'Ute']);
  });

  it("add 'Future Vehicles' only when the site option is on and a model is coming soon", () => {
    expect(labels(rangeTabs([suv, ute, soon], true))).toEqual(['All', 'SUV', 'Ute', 'Future Vehicles']);
    expect(labels(rangeTabs([suv, ute, soon], false))).toEqual(['All', 'SUV', 'Ute']);
    expect(labels(rangeTabs([suv, ute], true))).toEqual(['All', 'SUV', 'Ute']);
    // One category plus Future Vehicles is two categories: the buttons show.
    expect(labels(rangeTabs([suv, soon], true))).toEqual(['All', 'SUV', 'Future Vehicles']);
  });

  it("put every tile under 'all', a coming-soon model also under 'future-vehicles'", () => {
    const tabs = rangeTabs([suv, ute, soon], true);
    expect(toModelTile(soon, tabs).tabs).toEqual(['all', 'suv', 'future-vehicles']);
    expect(toModelTile(ute, tabs).tabs).toEqual(['all', 'ute']);
  });

  it('list only the models of data.make (manufacturer_name, any case)', () => {
    const t = model({ slug: 't', manufacturer_name: 'Toyota' });
    const m = model({ slug: 'm', manufacturer_name: 'Mazda' });
    expect(rangeModels([t, m], 'toyota').map((x) => x.slug)).toEqual(['t']);
    expect(rangeModels([t, m], undefined).map((x) => x.slug)).toEqual(['t', 'm']);
  });
});

describe('button rows (0-2 or 0-3, then up to 8, then 9 and above)', () => {
  const n = (count: number) => Array.from({ length: count }, (_, i) => i);

  it('first row ends at index 2 when the count is odd or a multiple of 3, else at 3', () => {
    expect(firstRowLastIndex(3)).toBe(2);
    expect(firstRowLastIndex(4)).toBe(3);
    expect(firstRowLastIndex(5)).toBe(2);
    expect(firstRowLastIndex(6)).toBe(2);
    expect(firstRowLastIndex(8)).toBe(3);
    expect(firstRowLastIndex(9)).toBe(2);
    expect(firstRowLastIndex(10)).toBe(3);
    expect(firstRowLastIndex(12)).toBe(2);
  });

  it('three or four buttons make one row', () => {
    expect(sizes(buttonRows(n(3)))).toEqual([3]);
    expect(sizes(buttonRows(n(4)))).toEqual([4]);
  });

  it('the second row ends at index 8', () => {
    expect(sizes(buttonRows(n(8)))).toEqual([4, 4]);
    expect(buttonRows(n(9))).toEqual([
      [0, 1, 2],
      [3, 4, 5, 6, 7, 8],
    ]);
  });

  it('index 9 and above make the third row', () => {
    expect(buttonRows(n(10))).toEqual([[0, 1, 2, 3], [4, 5, 6, 7, 8], [9]]);
    expect(sizes(buttonRows(n(12)))).toEqual([3, 6, 3]);
    expect(buttonRows(n(12))[2]).toEqual([9, 10, 11]);
  });

  it('no buttons, no rows', () => {
    expect(buttonRows([])).toEqual([]);
  });
});

describe('the body query parameter', () => {
  const tabs = [
    { key: 'all', label: 'All' },
    { key: 'suv', label: 'SUV' },
    { key: 'people-mover', label: 'People Mover' },
  ];

  it('selects a tab by name in any case, or by key', () => {
    expect(tabIndexFromSearch('?body=SUV', tabs)).toBe(1);
    expect(tabIndexFromSearch('?body=suv', tabs)).toBe(1);
    expect(tabIndexFromSearch('?body=sUv', tabs)).toBe(1);
    expect(tabIndexFromSearch('?body=people%20mover', tabs)).toBe(2);
    expect(tabIndexFromSearch('?body=people-mover', tabs)).toBe(2);
  });

  it("falls back to 'All' when absent or unknown", () => {
    expect(tabIndexFromSearch('', tabs)).toBe(0);
    expect(tabIndexFromSearch('?body=', tabs)).toBe(0);
    expect(tabIndexFromSearch('?body=Tractor', tabs)).toBe(0);
  });

  it("is written for a category and removed for 'All', keeping other parameters", () => {
    expect(hrefWithBody('https://d.example/new-cars?x=1#top', tabs[2]!)).toBe(
      'https://d.example/new-cars?x=1&body=People+Mover#top',
    );
    expect(hrefWithBody('https://d.example/new-cars?body=SUV&x=1', tabs[0]!)).toBe('https://d.example/new-cars?x=1');
  });
});

describe('model tiles', () => {
  it('keep a short description of 200 characters whole and cut one of 201', () => {
    const at200 = 'a'.repeat(200);
    expect(tileDescription(at200)).toBe(at200);
    expect(tileDescription('a'.repeat(199))).toHaveLength(199);
    const cut = tileDescription('a'.repeat(201))!;
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.replace('…', '').length).toBeLessThanOrEqual(200);
  });

  it('show the description as plain text', () => {
    expect(tileDescription('<p>Big <b>boot</b></p>')).toBe('Big boot');
    expect(tileDescription(undefined)).toBeUndefined();
  });

  it('link to override_url when present, else to /{new_slug || slug}', () => {
    expect(toModelTile(model({ slug: 'cx-5', new_slug: 'mazda-cx-5' }), []).href).toBe('/mazda-cx-5');
    expect(toModelTile(model({ slug: 'rav4' }), []).href).toBe('/rav4');
    expect(toModelTile(model({ slug: 't', override_url: 'https://brand.example/t' }), []).href).toBe(
      'https://brand.example/t',
    );
    expect(toModelTile(model({ slug: 't', override_url: 'javascript:alert(1)' }), []).href).toBe('/t');
  });
});

describe('brandModels block', () => {
  let dealer: DealerContent;
  const models = [
    model({
      slug: 'rav4',
      name: 'RAV4',
      manufacturer_name: 'Toyota',
      manufacturer_body: 'SUV',
      manufacturer_body2: 'Hybrid',
      from_price: 45990,
      short_description: 'x'.repeat(250),
      image: { url: '/img/rav4.svg' },
    }),
    model({ slug: 'hilux', name: 'HiLux', manufacturer_name: 'Toyota', manufacturer_body: 'Ute' }),
    model({
      slug: 'tucson',
      name: 'Tucson',
      manufacturer_name: 'Hyundai',
      manufacturer_body: 'SUV',
      override_url: 'https://hyundai.example/tucson',
    }),
    model({ slug: 'ev5', name: 'EV5', manufacturer_name: 'Kia', manufacturer_body: 'SUV', status: 'coming_soon' }),
  ];
  const withModels = (list: Model[], futureVehiclesTab = true): DealerContent => ({
    ...dealer,
    models: list,
    site: { ...dealer.site, options: { ...dealer.site.options, models: { futureVehiclesTab } } },
  });
  beforeAll(async () => {
    dealer = await fixtureDealer('group-motors');
  });

  it('server-renders every tile with the All tab, and one island for the buttons', async () => {
    const html = await renderBlock('brandModels', { heading: 'Our range' }, { dealer: withModels(models) });
    expect(html).toMatch(/<h2 id="models-b1-heading"[^>]*>Our range<\/h2>/);
    for (const name of ['RAV4', 'HiLux', 'Tucson', 'EV5']) expect(html).toContain(`>${name}</a>`);
    expect((html.match(/<astro-island\b/g) ?? []).length).toBe(1);
    expect(html).toContain('client="visible"');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>All</);
    expect(html).toContain('Future Vehicles');
    expect(html).not.toMatch(/<li[^>]* hidden/);
    expect(html).toContain('data-tabs="all suv future-vehicles"');
  });

  it('shows price, a cut description, the image and the override link', async () => {
    const html = await renderBlock('brandModels', {}, { dealer: withModels(models) });
    expect(html).toContain('From $45,990');
    expect(html).toContain('x'.repeat(200) + '…');
    expect(html).not.toContain('x'.repeat(201));
    expect(html).toContain('src="/img/rav4.svg"');
    expect(html).toContain('href="https://hyundai.example/tucson"');
    expect(html).toContain('href="/rav4"');
  });

  it('filters by data.make and leaves the buttons out with one category', async () => {
    const html = await renderBlock('brandModels', { make: 'hyundai' }, { dealer: withModels(models) });
    expect(html).toContain('Tucson');
    expect(html).not.toContain('RAV4');
    expect(html).not.toContain('role="tab"');
    expect(html).not.toContain('<astro-island');
  });

  it('renders nothing when no model matches', async () => {
    const html = await renderBlock('brandModels', { heading: 'None', make: 'Ford' }, { dealer: withModels(models) });
    expect(html).not.toContain('None');
  });

  it('renders the buttons in rows (12 buttons: 3, 6, 3)', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      model({ slug: `m${i}`, name: `M${i}`, manufacturer_body: `Body ${i}` }),
    );
    many.push(model({ slug: 'soon', name: 'Soon', manufacturer_body: 'Body 0', status: 'coming_soon' }));
    const html = await renderBlock('brandModels', {}, { dealer: withModels(many) });
    const rows = html
      .split(/class="[^"]*\brange-tab-row\b[^"]*"/)
      .slice(1)
      .map((r) => (r.match(/role="tab"/g) ?? []).length);
    expect(rows).toEqual([3, 6, 3]);
  });
});
