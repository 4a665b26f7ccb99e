import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDealers, type LoadResult } from '../../src/content/load.ts';
import { formatIssue } from '../../src/content/issues.ts';

const site = { id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acmecars.com.au', country: 'AU' };
const home = { id: 1, path: '/', title: 'Acme Cars', publishedAt: '2024-07-01', blocks: [] };
const car = {
  id: 1, name: '2021 Toyota Corolla', slug: 'corolla-1', make: 'Toyota', model: 'Corolla', year: 2021,
  km: 35000, price: 27990, photos_count: 0, car_type: 'used', created_at_timestamp: 1700000000,
};

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A snapshot folder from `{ "acme/site.json": {...} }`; a string value is written as is. */
async function snapshot(files: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'snapshot-'));
  dirs.push(dir);
  for (const [rel, value] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  }
  return dir;
}

function messages(r: LoadResult): string[] {
  return r.errors.map(formatIssue);
}

describe('loading dealer snapshots', () => {
  it('loads a valid fixture dealer with its pages and entities', async () => {
    const r = await loadDealers('tests/fixtures/dealers', { only: ['mini-motors'] });
    expect(r.errors).toEqual([]);
    expect(r.dealers).toHaveLength(1);
    const d = r.dealers[0]!;
    expect(d.site.name).toBe('Mini Motors');
    expect(d.pages.map((p) => p.path)).toEqual(expect.arrayContaining(['/', '/contact']));
    expect(d.pages.find((p) => p.path === '/')!.blocks[0]).toMatchObject({ type: 'heading', data: { level: 1 } });
    expect(d.cars.map((c) => c.slug)).toEqual(expect.arrayContaining(['2021-toyota-corolla-1', '2019-mazda-3-2']));
    expect(d.models.map((m) => m.slug)).toContain('corolla');
  });

  it('lists every error of a broken dealer, each with dealer, file, JSON path and what was expected', async () => {
    const r = await loadDealers('tests/fixtures/dealers-invalid/many-errors');
    expect(r.dealers).toEqual([]);
    expect(messages(r).sort()).toEqual([
      'bad-motors: cars.json at [0].price: is required (expected number)',
      expect.stringMatching(/^bad-motors: pages\/broken\.json: is not valid JSON: .*position 93/),
      'bad-motors: pages/x.json at blocks[0].data.level: expected number, received string',
      'bad-motors: pages/x.json at blocks[1].data.cols[0].blocks[2].data.text: expected string, received number',
      'bad-motors: pages/x.json at blocks[2].data.questions[0].answer[0].data.text: is required (expected string)',
      expect.stringMatching(/^bad-motors: site\.json at country: .*expected one of "AU"\|"NZ"/),
    ]);
  });

  it('reports errors of several dealers together', async () => {
    const dir = await snapshot({
      'one/site.json': { ...site, slug: 'one', country: 'GB' },
      'two/site.json': { ...site, id: 2, slug: 'two' },
      'two/pages/a.json': { ...home, blocks: [{ id: 'h', type: 'heading', data: { text: 'Hi', level: '2' } }] },
    });
    const r = await loadDealers(dir);
    expect(r.errors.map((e) => `${e.dealer} ${e.file} ${e.path}`)).toEqual(['one site.json country', 'two pages/a.json blocks[0].data.level']);
  });

  it('says site.json is missing when a dealer folder has none', async () => {
    const dir = await snapshot({ 'acme/pages/home.json': home });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([expect.objectContaining({ dealer: 'acme', file: 'site.json', message: expect.stringMatching(/is missing/) })]);
  });

  it('rejects a site.json whose slug is not the folder name', async () => {
    const dir = await snapshot({ 'acme-motors/site.json': site });
    const r = await loadDealers(dir);
    expect(messages(r)).toEqual(['acme-motors: site.json at slug: is "acme" but the folder is "acme-motors"; they must match']);
  });

  it('points at the position of a JSON syntax error', async () => {
    const dir = await snapshot({ 'acme/site.json': site, 'acme/models.json': '[{"slug": "corolla",}]' });
    const r = await loadDealers(dir);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ dealer: 'acme', file: 'models.json' });
    expect(r.errors[0]!.message).toMatch(/is not valid JSON: .*position 20/);
  });

  it('rejects a value outside an enum, naming the allowed values', async () => {
    const dir = await snapshot({ 'acme/site.json': site, 'acme/cars.json': [{ ...car, car_type: 'nearly-new' }] });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([expect.objectContaining({ file: 'cars.json', path: '[0].car_type', message: expect.stringMatching(/"new"\|"used"\|"demo"/) })]);
  });

  it('rejects a car without a required field', async () => {
    const { year: _year, ...noYear } = car;
    const dir = await snapshot({ 'acme/site.json': site, 'acme/cars.json': [car, { ...noYear, slug: 'other' }] });
    const r = await loadDealers(dir);
    expect(messages(r)).toEqual(['acme: cars.json at [1].year: is required (expected number)']);
  });

  it('rejects two cars with the same slug', async () => {
    const dir = await snapshot({ 'acme/site.json': site, 'acme/cars.json': [car, { ...car, id: 2 }] });
    const r = await loadDealers(dir);
    expect(messages(r)).toEqual(['acme: cars.json at [1]: slug "corolla-1" is also used by [0]; it must be unique']);
  });

  it('rejects two pages with the same path, however the path is written', async () => {
    const dir = await snapshot({
      'acme/site.json': site,
      'acme/pages/a.json': { ...home, id: 1, path: '/service' },
      'acme/pages/sub/b.json': { ...home, id: 2, path: 'service/' },
    });
    const r = await loadDealers(dir);
    expect(r.errors).toHaveLength(1);
    expect(formatIssue(r.errors[0]!)).toBe('acme: pages/sub/b.json at path: "/service" is also the path of pages/a.json; page paths must be unique');
  });

  it('rejects an --only slug that has no folder, and loads only the slugs asked for', async () => {
    const dir = await snapshot({ 'acme/site.json': site, 'other/site.json': { ...site, id: 2, slug: 'other' } });
    const r = await loadDealers(dir, { only: ['acme', 'missing-motors'] });
    expect(r.errors).toEqual([expect.objectContaining({ dealer: 'missing-motors', message: expect.stringMatching(/no dealer folder "missing-motors"/) })]);
    expect(r.dealers.map((d) => d.slug)).toEqual(['acme']);
  });

  it('ignores folders whose names start with _ or .', async () => {
    const dir = await snapshot({
      'acme/site.json': site,
      '_drafts/site.json': '{ not json',
      '.trash/site.json': '{ not json',
    });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    expect(r.dealers.map((d) => d.slug)).toEqual(['acme']);
  });

  it('reads missing optional files as empty lists', async () => {
    const dir = await snapshot({ 'acme/site.json': site });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    const d = r.dealers[0]!;
    expect([d.pages, d.models, d.offers, d.team, d.locations, d.brands, d.slides, d.cars]).toEqual([[], [], [], [], [], [], [], []]);
    expect(d.reviews).toEqual({});
  });

  it('accepts unknown extra fields the CMS adds and leaves them out', async () => {
    const dir = await snapshot({
      'acme/site.json': { ...site, cms_revision: 42 },
      'acme/cars.json': [{ ...car, drive_type: 'FWD' }],
      'acme/pages/home.json': { ...home, layout: 'wide', blocks: [{ id: 'p', type: 'paragraph', data: { text: 'Hi', fontSize: 3 } }] },
    });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    const d = r.dealers[0]!;
    expect(d.site).not.toHaveProperty('cms_revision');
    expect(d.cars[0]).not.toHaveProperty('drive_type');
    expect(d.pages[0]!.blocks[0]!.data).toEqual({ text: 'Hi' });
  });

  it('reads null in an optional field as absent', async () => {
    const dir = await snapshot({
      'acme/site.json': { ...site, state: null, logo: null, options: null },
      'acme/cars.json': [{ ...car, badge: null, status: null }],
      'acme/pages/home.json': { ...home, description: null },
    });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    const d = r.dealers[0]!;
    expect(d.site.state).toBeUndefined();
    expect(d.site.options.team.profilePages).toBe(true);
    expect(d.cars[0]!.badge).toBeUndefined();
    expect(d.cars[0]!.status).toBe('available');
    expect(d.pages[0]!.description).toBeUndefined();
  });

  it('warns once about a block of unknown type, naming the type and the page, without failing', async () => {
    const dir = await snapshot({
      'acme/site.json': site,
      'acme/pages/home.json': { ...home, path: '/offers', blocks: [
        { id: 'h', type: 'heading', data: { text: 'Offers', level: 1 } },
        { id: 'x', type: 'legacyWidget', data: { a: 1 } },
      ] },
    });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({ dealer: 'acme', file: 'pages/home.json', path: 'blocks[1]' });
    expect(r.warnings[0]!.message).toContain('"legacyWidget"');
    expect(r.warnings[0]!.message).toContain('/offers');
    expect(r.dealers[0]!.pages[0]!.blocks.map((b) => b.type)).toEqual(['heading']);
  });
});

describe('site options', () => {
  async function options(extra: Record<string, unknown> = {}) {
    const dir = await snapshot({ 'acme/site.json': { ...site, ...extra } });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    return r.dealers[0]!.site.options;
  }

  it('gives every option the default of the content format when site.json has none', async () => {
    expect(await options()).toEqual({
      team: { profilePages: true },
      models: { futureVehiclesTab: false },
      offers: { ignoreExclusionsForManufacturers: [] },
      brands: { bookServiceButton: false, usedStockSuffixes: ['Automotive Direct', 'Direct Used Cars'] },
      forms: {
        termsRequired: false,
        longFormCompactProgress: false,
        serviceBooking: {
          vehicleStep: true, serviceIntervalRequired: false, serviceIntervals: [], serviceTypes: [], addressFields: false,
        },
        quickService: { steps: ['vehicle', 'contact', 'order'] },
        finance: { step2Title: 'Finance Details', lookupCarLocation: false },
      },
      success: { customMessages: [] },
    });
  });

  it('keeps the other defaults when a dealer sets one option', async () => {
    const o = await options({ options: { forms: { serviceBooking: { vehicleStep: false } }, team: {} } });
    expect(o.forms.serviceBooking.vehicleStep).toBe(false);
    expect(o.forms.serviceBooking.addressFields).toBe(false);
    expect(o.forms.finance.step2Title).toBe('Finance Details');
    expect(o.team.profilePages).toBe(true);
    expect(o.brands.usedStockSuffixes).toEqual(['Automotive Direct', 'Direct Used Cars']);
  });

  it('rejects a quick service step that does not exist', async () => {
    const dir = await snapshot({ 'acme/site.json': { ...site, options: { forms: { quickService: { steps: ['vehicle', 'payment'] } } } } });
    const r = await loadDealers(dir);
    expect(r.errors.map((e) => e.path)).toEqual(['options.forms.quickService.steps[1]']);
  });
});

describe('custom components', () => {
  it('warns about a custom component name that is not registered, and accepts a registered one', async () => {
    const { toBlocks } = await import('../helpers/render.ts');
    const { warnings } = toBlocks([
      { id: 'a', type: 'customComponent', data: { component: 'instagramFeed' } },
      { id: 'b', type: 'customComponent', data: { component: 'dealerHours' } },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.path).toBe('blocks[0].data.component');
    expect(warnings[0]!.message).toContain('"instagramFeed"');
  });
});
