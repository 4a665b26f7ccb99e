import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateDealers } from '../../../src/engine/build/build-validate.ts';
import type { ManifestDealer } from '../../../src/engine/build/build-manifest.ts';

// The build's validation step reads the fleet a slice at a time; these run it with slices of one
// dealer, so every check that spans the fleet has to work across slices.
let work: string;
let dealersDir: string;
let contentDir: string;
const slugs = ['coastal-motor-group', 'ridgeline-mazda', 'tasman-motors'];

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'build-validate-'));
  dealersDir = path.join(work, 'dealers');
  contentDir = path.join(work, 'content');
  for (const slug of slugs) await cp(path.resolve('dealers', slug), path.join(dealersDir, slug), { recursive: true });
  await mkdir(contentDir);
});
afterEach(() => rm(work, { recursive: true, force: true }));

async function siteId(slug: string): Promise<number> {
  return (JSON.parse(await readFile(path.join(dealersDir, slug, 'site.json'), 'utf8')) as { id: number }).id;
}

async function setSiteId(slug: string, id: number) {
  const file = path.join(dealersDir, slug, 'site.json');
  const site = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...site, id }));
}

const run = (o: { kept?: Record<string, ManifestDealer>; keep?: boolean } = {}) =>
  validateDealers({
    dealersDir,
    slugs,
    kept: o.kept ?? {},
    contentDir,
    keep: o.keep ?? false,
    builtAt: '2026-01-01T00:00:00.000Z',
    key: 'k',
    log: () => {},
    slice: 1,
  });

describe('validateDealers (the build reads the fleet a slice at a time)', () => {
  it("writes each valid dealer's content and manifest entry, and holds no dealer unless asked", async () => {
    const out = await run();
    expect(out.errors).toEqual([]);
    // The samples build clean (deliberate content mistakes live in the test fixtures), but for the
    // teal secondary of one, which text draws in a darker shade of (src/site/theme-contrast.ts).
    expect(out.warnings.map((w) => `${w.dealer} ${w.file} ${w.path}`)).toEqual([
      'coastal-motor-group site.json theme.secondaryColor',
    ]);
    expect((await readdir(contentDir)).sort()).toEqual(slugs.map((s) => `${s}.json`));
    expect(Object.keys(out.entries).sort()).toEqual(slugs);
    expect(out.entries['tasman-motors']).toMatchObject({
      id: await siteId('tasman-motors'),
      buildKey: 'k',
      builtAt: '2026-01-01T00:00:00.000Z',
    });
    expect(out.pages).toBe(Object.values(out.entries).reduce((n, e) => n + e.pages, 0));
    expect(out.pages).toBeGreaterThan(30);
    expect(out.dealers).toEqual([]);
    const written = JSON.parse(await readFile(path.join(contentDir, 'ridgeline-mazda.json'), 'utf8')) as {
      slug: string;
    };
    expect(written.slug).toBe('ridgeline-mazda');
    expect((await run({ keep: true })).dealers.map((d) => d.slug)).toEqual(slugs);
  });

  it('finds a website id used twice when the two dealers are in different slices, once', async () => {
    await setSiteId('tasman-motors', await siteId('coastal-motor-group'));
    const out = await run();
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatchObject({ dealer: 'tasman-motors', file: 'site.json', path: 'id' });
    expect(out.errors[0]!.message).toContain('also used by dealer "coastal-motor-group"');
  });

  it('finds a website id taken by a dealer the build keeps', async () => {
    const kept: Record<string, ManifestDealer> = {
      'other-dealer': {
        id: await siteId('ridgeline-mazda'),
        name: 'Other',
        url: 'https://other.example',
        fingerprint: 'f',
        pages: 1,
        builtAt: 'x',
        buildKey: 'k',
      },
    };
    const out = await run({ kept });
    expect(out.errors.map((e) => [e.dealer, e.path])).toEqual([['ridgeline-mazda', 'id']]);
    expect(out.errors[0]!.message).toContain('"other-dealer"');
  });

  it('leaves out each dealer with an error and writes every other valid dealer', async () => {
    await writeFile(path.join(dealersDir, 'coastal-motor-group', 'site.json'), '{ "id": ');
    await setSiteId('tasman-motors', 'not a number' as unknown as number);
    const out = await run();
    expect(out.errors.map((e) => e.dealer).sort()).toEqual(['coastal-motor-group', 'tasman-motors']);
    expect(Object.keys(out.failed).sort()).toEqual(['coastal-motor-group', 'tasman-motors']);
    expect(out.failed['tasman-motors']![0]).toMatchObject({ file: 'site.json', path: 'id' });
    expect(await readdir(contentDir)).toEqual(['ridgeline-mazda.json']);
    expect(Object.keys(out.entries)).toEqual(['ridgeline-mazda']);
  });

  it('under strict, refuses a dealer for a warning, and only that dealer', async () => {
    const file = path.join(dealersDir, 'tasman-motors', 'pages', 'index.json');
    const home = JSON.parse(await readFile(file, 'utf8')) as { blocks: unknown[] };
    home.blocks.push({ id: 'typo', type: 'fomr', data: {} });
    await writeFile(file, JSON.stringify(home));
    const lenient = await run();
    expect(lenient.failed).toEqual({});
    expect(lenient.warnings.map((w) => w.message)).toContainEqual(expect.stringContaining('did you mean "form"?'));
    await rm(contentDir, { recursive: true });
    await mkdir(contentDir);
    const strict = await validateDealers({
      dealersDir,
      slugs,
      kept: {},
      contentDir,
      keep: false,
      builtAt: '2026-01-01T00:00:00.000Z',
      key: 'k',
      log: () => {},
      slice: 1,
      strict: true,
    });
    // The teal secondary's warning (see above) refuses its dealer too.
    expect(Object.keys(strict.failed).sort()).toEqual(['coastal-motor-group', 'tasman-motors']);
    expect(strict.failed['coastal-motor-group']!.map((e) => e.path)).toEqual(['theme.secondaryColor']);
    expect(strict.failed['tasman-motors']![0]!.message).toContain('did you mean "form"?');
    expect(Object.keys(strict.entries).sort()).toEqual(['ridgeline-mazda']);
  });
});
