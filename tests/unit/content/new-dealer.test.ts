import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateDealers } from '../../../src/engine/build/build-validate.ts';

// `npm run new-dealer` against a copy of dealers/, then the build of the dealer it made.
let work: string;
let dealersDir: string;
const SAMPLES = ['coastal-motor-group', 'ridgeline-mazda', 'tasman-motors'];

function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'NODE_ENV') delete env[key];
  return env;
}

function run(script: string, args: string[]) {
  const r = spawnSync(process.execPath, ['--experimental-strip-types', '--no-warnings', script, ...args], {
    encoding: 'utf8',
    env: childEnv(),
    timeout: 240_000,
  });
  return { code: r.status, out: r.stdout + r.stderr };
}
const newDealer = (...args: string[]) => run('scripts/new-dealer.ts', [...args, '--dealers', dealersDir]);
const json = async (slug: string, file: string) =>
  JSON.parse(await readFile(path.join(dealersDir, slug, file), 'utf8')) as Record<string, unknown> & unknown[];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'new-dealer-'));
  dealersDir = path.join(work, 'dealers');
  await cp(path.resolve('dealers'), dealersDir, { recursive: true });
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('npm run new-dealer', () => {
  it('refuses, writing nothing, a taken or invalid slug and a missing sample', async () => {
    const before = await readdir(dealersDir);
    const taken = newDealer('--from', 'tasman-motors', '--slug', 'ridgeline-mazda', '--name', 'X');
    expect(taken.code).toBe(1);
    expect(taken.out).toMatch(/a dealer "ridgeline-mazda" already exists.*nothing was written/);
    const invalid = newDealer('--from', 'tasman-motors', '--slug', 'Bad Slug', '--name', 'X');
    expect(invalid.code).toBe(1);
    expect(invalid.out).toMatch(/"Bad Slug" is not a valid slug/);
    const missing = newDealer('--from', 'no-such-sample', '--slug', 'fresh', '--name', 'X');
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/no sample dealer "no-such-sample"/);
    expect(newDealer('--slug', 'fresh').code).toBe(2);
    expect(await readdir(dealersDir)).toEqual(before);
  });

  it("copies a sample with its own ids and none of the sample's accounts, and says what to fill in", async () => {
    const made = newDealer(
      '--from',
      'tasman-motors',
      '--slug',
      'harbour-motors',
      '--name',
      'Harbour Motors',
      '--url',
      'https://www.harbourmotors.co.nz',
    );
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/Changed from the sample:[\s\S]*Fill in or check next[\s\S]*site\.json analytics\.gtmId/);
    const site = await json('harbour-motors', 'site.json');
    const ids = await Promise.all(SAMPLES.map(async (s) => (await json(s, 'site.json')).id as number));
    expect(site).toMatchObject({
      slug: 'harbour-motors',
      name: 'Harbour Motors',
      url: 'https://www.harbourmotors.co.nz',
      country: 'NZ',
    });
    expect(ids).not.toContain(site.id);
    expect([7301, 9101]).not.toContain(site.dealershipId);
    expect(site.dealerCompanyId).not.toBe(9101);
    for (const gone of ['legal', 'social', 'chat', 'logo']) expect(site).not.toHaveProperty(gone);
    expect(site.analytics ?? {}).not.toHaveProperty('gtmId');
    expect(site.integrations ?? {}).not.toHaveProperty('reviewsGmbIds');
    expect(site.contact).toEqual({ phone: '09 555 0100', email: 'enquiries@example.com' });
    const locations = await json('harbour-motors', 'locations.json');
    expect(locations.map((l) => (l as { website_id: number }).website_id)).toEqual(locations.map(() => site.id));
    expect((await json('harbour-motors', 'cars.json')).some((c) => 'account' in (c as object))).toBe(false);
    await expect(readFile(path.join(dealersDir, 'harbour-motors', 'reviews.json'))).rejects.toThrow();
    const pages = await readdir(path.join(dealersDir, 'harbour-motors', 'pages'), { recursive: true });
    expect(pages.length).toBe((await readdir(path.resolve('dealers/tasman-motors/pages'), { recursive: true })).length);
    const text = JSON.stringify(await json('harbour-motors', 'pages/used-cars.json'));
    expect(text).not.toMatch(/tasman-pre-owned|tasman-mitsubishi"/i);
  });

  it('a copy of each sample adds no warning to its sample, and the fleet checks find no copy mistake', async () => {
    for (const [i, from] of SAMPLES.entries())
      expect(newDealer('--from', from, '--slug', `copy-${i}`, '--name', `Copy ${i}`).code).toBe(0);
    const copies = SAMPLES.map((_, i) => `copy-${i}`);
    const out = await validateDealers({
      dealersDir,
      slugs: [...SAMPLES, ...copies],
      kept: {},
      contentDir: await mkdtemp(path.join(work, 'content-')),
      keep: false,
      builtAt: '2026-01-01T00:00:00.000Z',
      key: 'k',
      log: () => {},
    });
    expect(out.errors).toEqual([]);
    // Whatever a sample's own template is warned of (none, as they should be), its copy is too; nothing more.
    const own = (slug: string) => out.warnings.filter((w) => w.dealer === slug).map((w) => `${w.file} ${w.path}`);
    for (const [i, from] of SAMPLES.entries()) expect(own(`copy-${i}`)).toEqual(own(from));
  });

  it('builds with 0 warnings', () => {
    const x = path.join(work, 'x');
    const built = run('scripts/build.ts', [
      '--only',
      'copy-1',
      '--dealers',
      dealersDir,
      '--out',
      path.join(x, 'sites'),
      '--api-out',
      path.join(x, 'api'),
      '--data',
      path.join(x, 'data'),
    ]);
    expect(built.out).toMatch(/1 dealer, \d+ pages in [\d.]+ s; 0 warnings/);
    expect(built.code).toBe(0);
  }, 240_000);
});
