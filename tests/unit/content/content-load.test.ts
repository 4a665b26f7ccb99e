import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDealers, type LoadResult } from '../../../src/content/load.ts';
import { formatIssue } from '../../../src/content/issues.ts';

const site = { id: 1, slug: 'acme', name: 'Acme Cars', url: 'https://www.acmecars.com.au', country: 'AU' };
const home = { id: 1, path: '/', title: 'Acme Cars', publishedAt: '2024-07-01', blocks: [] };
const car = {
  id: 1,
  name: '2021 Toyota Corolla',
  slug: 'corolla-1',
  make: 'Toyota',
  model: 'Corolla',
  year: 2021,
  km: 35000,
  price: 27990,
  photos_count: 0,
  car_type: 'used',
  created_at_timestamp: 1700000000,
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
      'bad-motors: cars.json at [0].price: is required (expected a number)',
      expect.stringMatching(/^bad-motors: pages\/broken\.json: is not valid JSON: .*position 93/),
      'bad-motors: pages/x.json at blocks[0].data.level: expected a number, found the text "2"',
      'bad-motors: pages/x.json at blocks[1].data.cols[0].blocks[2].data.text: expected a text, found the number 3',
      'bad-motors: pages/x.json at blocks[2].data.questions[0].answer[0].data.text: is required (expected a text)',
      expect.stringMatching(/^bad-motors: site\.json at country: expected one of: AU, NZ, found /),
    ]);
  });

  it('reports errors of several dealers together', async () => {
    const dir = await snapshot({
      'one/site.json': { ...site, slug: 'one', country: 'GB' },
      'two/site.json': { ...site, id: 2, slug: 'two' },
      'two/pages/a.json': { ...home, blocks: [{ id: 'h', type: 'heading', data: { text: 'Hi', level: '2' } }] },
    });
    const r = await loadDealers(dir);
    expect(r.errors.map((e) => `${e.dealer} ${e.file} ${e.path}`)).toEqual([
      'one site.json country',
      'two pages/a.json blocks[0].data.level',
    ]);
  });

  it('says site.json is missing when a dealer folder has none', async () => {
    const dir = await snapshot({ 'acme/pages/home.json': home });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([
      expect.objectContaining({ dealer: 'acme', file: 'site.json', message: expect.stringMatching(/is missing/) }),
    ]);
  });

  it('rejects a site.json whose slug is not the folder name', async () => {
    const dir = await snapshot({ 'acme-motors/site.json': site });
    const r = await loadDealers(dir);
    expect(messages(r)).toEqual([
      'acme-motors: site.json at slug: is "acme" but the folder is "acme-motors"; they must match',
    ]);
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
    expect(r.errors).toEqual([
      expect.objectContaining({
        file: 'cars.json',
        path: '[0].car_type',
        message: 'expected one of: new, used, demo, found the text "nearly-new"',
      }),
    ]);
  });

  it('rejects a car without a required field', async () => {
    const { year: _year, ...noYear } = car;
    const dir = await snapshot({ 'acme/site.json': site, 'acme/cars.json': [car, { ...noYear, slug: 'other' }] });
    const r = await loadDealers(dir);
    expect(messages(r)).toEqual(['acme: cars.json at [1].year: is required (expected a number)']);
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
    expect(formatIssue(r.errors[0]!)).toBe(
      'acme: pages/sub/b.json at path: "/service" is also the path of pages/a.json; page paths must be unique',
    );
  });

  it('rejects an --only slug that has no folder, and loads only the slugs asked for', async () => {
    const dir = await snapshot({ 'acme/site.json': site, 'other/site.json': { ...site, id: 2, slug: 'other' } });
    const r = await loadDealers(dir, { only: ['acme', 'missing-motors'] });
    expect(r.errors).toEqual([
      expect.objectContaining({
        dealer: 'missing-motors',
        message: expect.stringMatching(/no dealer folder "missing-motors"/),
      }),
    ]);
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
    expect([d.pages, d.models, d.offers, d.team, d.locations, d.brands, d.slides, d.cars]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
    expect(d.reviews).toEqual({});
  });

  it('accepts unknown extra fields the CMS adds and leaves them out', async () => {
    const dir = await snapshot({
      'acme/site.json': { ...site, cms_revision: 42 },
      'acme/cars.json': [{ ...car, drive_type: 'FWD' }],
      'acme/pages/home.json': {
        ...home,
        layout: 'wide',
        blocks: [{ id: 'p', type: 'paragraph', data: { text: 'Hi', fontSize: 3 } }],
      },
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
      'acme/pages/home.json': {
        ...home,
        path: '/offers',
        blocks: [
          { id: 'h', type: 'heading', data: { text: 'Offers', level: 1 } },
          { id: 'x', type: 'legacyWidget', data: { a: 1 } },
        ],
      },
    });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({ dealer: 'acme', file: 'pages/home.json', path: 'blocks[1]' });
    expect(r.warnings[0]!.message).toContain('"legacyWidget"');
    expect(r.warnings[0]!.message).toContain('/offers');
    expect(r.dealers[0]!.pages[0]!.blocks.map((b) => b.type)).toEqual(['heading']);
    // A type far from every known one is a new type, not a typo: no guess.
    expect(r.warnings[0]!.message).not.toContain('did you mean');
  });

  it('says which type was meant when an unknown type is a typo of a known one, with dealer, file and path', async () => {
    const dir = await snapshot({
      'acme/site.json': site,
      'acme/pages/home.json': {
        ...home,
        path: '/contact',
        blocks: [
          { id: 'h', type: 'heading', data: { text: 'Contact', level: 1 } },
          { id: 'f', type: 'fomr', data: {} },
          { id: 'c', type: 'Columns', data: {} },
          { id: 'i', type: 'imageBanenr', data: {} },
        ],
      },
    });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => [w.dealer, w.file, w.path, w.message])).toEqual([
      [
        'acme',
        'pages/home.json',
        'blocks[1]',
        'unknown block type "fomr" on page /contact renders nothing: did you mean "form"?',
      ],
      [
        'acme',
        'pages/home.json',
        'blocks[2]',
        'unknown block type "Columns" on page /contact renders nothing: did you mean "columns"?',
      ],
      [
        'acme',
        'pages/home.json',
        'blocks[3]',
        'unknown block type "imageBanenr" on page /contact renders nothing: did you mean "imageBanner"?',
      ],
    ]);
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
          vehicleStep: true,
          serviceIntervalRequired: false,
          serviceIntervals: [],
          serviceTypes: [],
          addressFields: false,
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
    const dir = await snapshot({
      'acme/site.json': { ...site, options: { forms: { quickService: { steps: ['vehicle', 'payment'] } } } },
    });
    const r = await loadDealers(dir);
    expect(r.errors.map((e) => e.path)).toEqual(['options.forms.quickService.steps[1]']);
  });
});

describe('custom components', () => {
  it('warns about a custom component name that is not registered, and accepts a registered one', async () => {
    const { toBlocks } = await import('../../helpers/render.ts');
    const { warnings } = toBlocks([
      { id: 'a', type: 'customComponent', data: { component: 'instagramFeed' } },
      { id: 'b', type: 'customComponent', data: { component: 'dealerHours' } },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.path).toBe('blocks[0].data.component');
    expect(warnings[0]!.message).toContain('"instagramFeed"');
  });
});

describe('colours in content', () => {
  const model = (hexCode: unknown) => ({
    slug: 'corolla',
    name: 'Corolla',
    colours: [{ id: 1, name: 'Glacier White', photo_url: '/white.png', hexCode }],
  });
  const page = (...blocks: { type: string; data: Record<string, unknown> }[]) => ({
    ...home,
    blocks: blocks.map((b, i) => ({ id: `b${i}`, ...b })),
  });
  const range = { default: 1, min: 0, max: 2, step: 1 };
  const calculator = (extra: Record<string, unknown>) => ({
    type: 'financeCalculator',
    data: { amount: range, term: range, interest: range, frequency: { default: 'Weekly' }, ...extra },
  });

  it('rejects a model colour that is not a colour, naming dealer, file and JSON path', async () => {
    const dir = await snapshot({ 'acme/site.json': site, 'acme/models.json': [model('#12345')] });
    const r = await loadDealers(dir);
    expect(messages(r)).toEqual([
      'acme: models.json at [0].colours[0].hexCode: expected a CSS colour such as "#1f3f7a", "rgb(31 63 122)" or "white", got "#12345"',
    ]);
  });

  it('rejects a model colour left empty: every colour option needs its swatch colour', async () => {
    const dir = await snapshot({ 'acme/site.json': site, 'acme/models.json': [model('')] });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([
      expect.objectContaining({
        file: 'models.json',
        path: '[0].colours[0].hexCode',
        message: expect.stringContaining('got ""'),
      }),
    ]);
  });

  it('rejects a theme colour that is not a colour', async () => {
    const dir = await snapshot({
      'acme/site.json': { ...site, theme: { primaryColor: '#0b3d5c', secondaryColor: 'teal-ish' } },
    });
    const r = await loadDealers(dir);
    expect(messages(r)).toEqual([
      'acme: site.json at theme.secondaryColor: expected a CSS colour such as "#1f3f7a", "rgb(31 63 122)" or "white", got "teal-ish"',
    ]);
  });

  it('refuses a colour that tries to add its own CSS, wherever it is', async () => {
    const attack = 'red;}body{display:none';
    const dir = await snapshot({
      'acme/site.json': { ...site, theme: { primaryColor: attack } },
      'acme/models.json': [model(attack)],
      'acme/pages/home.json': page(
        {
          type: 'buttons',
          data: {
            buttons: [{ text: 'Go', href: '/go', btnColour: '#fff;background:url(https://evil.example/x.png)' }],
          },
        },
        {
          type: 'imageBanner',
          data: { image: { url: '/b.jpg' }, overlay: { active: true, color: 'expression(alert(1))' } },
        },
        {
          type: 'tag',
          data: { text: 'New', customBackgroundColor: '"><script>alert(1)</script>', customTextColor: 'var(--x)' },
        },
        calculator({
          primaryColor: attack,
          secondaryColor: "red' onload='x",
          frequency: { default: 'Weekly', textColor: 'rgb(0,0,0)}' },
        }),
        { type: 'brandDescription', data: { btns: [{ href: '/x', linkText: 'X', btnColour: 'url(x)' }] } },
      ),
    });
    const r = await loadDealers(dir);
    expect(r.dealers).toEqual([]);
    expect(r.errors.map((e) => `${e.dealer} ${e.file} ${e.path}`).sort()).toEqual([
      'acme models.json [0].colours[0].hexCode',
      'acme pages/home.json blocks[0].data.buttons[0].btnColour',
      'acme pages/home.json blocks[1].data.overlay.color',
      'acme pages/home.json blocks[2].data.customBackgroundColor',
      'acme pages/home.json blocks[2].data.customTextColor',
      'acme pages/home.json blocks[3].data.frequency.textColor',
      'acme pages/home.json blocks[3].data.primaryColor',
      'acme pages/home.json blocks[3].data.secondaryColor',
      'acme pages/home.json blocks[4].data.btns[0].btnColour',
      'acme site.json theme.primaryColor',
    ]);
    for (const e of r.errors) expect(e.message).toMatch(/^expected a CSS colour such as/);
  });

  it('accepts hex, rgb(), hsl() and named colours, and reads an empty optional colour as absent', async () => {
    const dir = await snapshot({
      'acme/site.json': {
        ...site,
        theme: { primaryColor: 'rgb(11, 61, 92)', secondaryColor: 'hsl(180 78% 36% / 0.9)' },
      },
      'acme/models.json': [model('#1f3f7a80'), { ...model('RebeccaPurple'), slug: 'yaris', name: 'Yaris' }],
      'acme/pages/home.json': page(
        {
          type: 'buttons',
          data: {
            buttons: [
              { text: 'Go', href: '/go', btnColour: 'transparent' },
              { text: 'Back', href: '/', btnColour: '' },
            ],
          },
        },
        {
          type: 'imageBackground',
          data: { image: { url: '/b.jpg' }, overlay: { active: true, color: 'rgba(0,0,0,.5)' } },
        },
        calculator({
          primaryColor: '#0B3D5C',
          secondaryColor: 'currentColor',
          frequency: { default: 'Weekly', textColor: 'white' },
        }),
      ),
    });
    const r = await loadDealers(dir);
    expect(r.errors).toEqual([]);
    const d = r.dealers[0]!;
    expect(d.site.theme).toMatchObject({ primaryColor: 'rgb(11, 61, 92)', secondaryColor: 'hsl(180 78% 36% / 0.9)' });
    expect(d.models.map((m) => m.colours[0]!.hexCode)).toEqual(['#1f3f7a80', 'RebeccaPurple']);
    const buttons = d.pages[0]!.blocks[0]!.data as { buttons: { btnColour?: string }[] };
    expect(buttons.buttons.map((b) => b.btnColour)).toEqual(['transparent', undefined]);
  });

  it('takes the tag block\'s palette names and "custom", and refuses a colour where a name belongs', async () => {
    const dir = await snapshot({
      'acme/site.json': site,
      'acme/pages/home.json': page(
        { type: 'tag', data: { text: 'Sale', backgroundColor: 'Secondary', textColor: 'white' } },
        {
          type: 'tag',
          data: {
            text: 'New',
            backgroundColor: 'custom',
            customBackgroundColor: '#14a3a3',
            textColor: 'custom',
            customTextColor: '#fff',
          },
        },
        { type: 'tag', data: { text: 'Hot', backgroundColor: '#ff0000' } },
      ),
    });
    const r = await loadDealers(dir);
    expect(messages(r)).toEqual([
      'acme: pages/home.json at blocks[2].data.backgroundColor: expected one of "primary", "secondary", "dark", "muted", "light", ' +
        '"white", "black", "success", "danger", "warning", "info", "custom", got "#ff0000"; a CSS colour goes in customBackgroundColor',
    ]);
  });

  it('accepts exactly the tag names that the tag block draws in its own colour', async () => {
    const { TAG_COLOUR_NAMES } = await import('../../../src/content/colour.ts');
    const { tagColours } = await import('../../../src/blocks/tag/colours.ts');
    const theme = { primaryColor: '#123456', secondaryColor: '#654321' };
    const primary = tagColours({}, theme).background;
    const drawn = TAG_COLOUR_NAMES.filter(
      (name) => name === 'primary' || tagColours({ backgroundColor: name }, theme).background !== primary,
    );
    expect(drawn).toEqual(TAG_COLOUR_NAMES.filter((name) => name !== 'custom'));
  });
});

describe('the site address', () => {
  it.each([
    ['www.acmecars.com.au', 'no scheme'],
    ['ftp://www.acmecars.com.au', 'not http(s)'],
    ['https://www.acmecars.com.au/home', 'a path'],
    ['https://www.acmecars.com.au?utm=1', 'a query'],
    ['', 'empty'],
  ])('rejects %j (%s), naming the field and the form expected', async (url) => {
    const dir = await snapshot({ 'acme/site.json': { ...site, url } });
    const r = await loadDealers(dir);
    expect(r.dealers).toEqual([]);
    expect(messages(r)).toEqual([
      `acme: site.json at url: expected the site's address as an absolute http(s) URL with no path, such as "https://www.example.com.au", got ${JSON.stringify(url)}`,
    ]);
  });

  it('accepts an https or http origin, with or without a trailing slash or a port', async () => {
    for (const url of ['https://www.acmecars.com.au', 'https://www.acmecars.com.au/', 'http://localhost:4321']) {
      const dir = await snapshot({ 'acme/site.json': { ...site, url } });
      expect((await loadDealers(dir)).errors, url).toEqual([]);
    }
  });
});
