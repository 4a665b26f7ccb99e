import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mergeValidated, validateDealers } from '../../../src/engine/build/build-validate.ts';
import type { ManifestDealer } from '../../../src/engine/build/build-manifest.ts';

// A dealer folder copied by hand from a sample, with a new slug and website id only: the copy
// mistakes must be found whichever slice, batch or earlier build the sample was read in.
let work: string;
let dealersDir: string;
let contentDir: string;
const COPY = 'copy-of-ridgeline';

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'fleet-copy-'));
  dealersDir = path.join(work, 'dealers');
  contentDir = path.join(work, 'content');
  for (const slug of ['ridgeline-mazda', 'tasman-motors'])
    await cp(path.resolve('dealers', slug), path.join(dealersDir, slug), { recursive: true });
  await cp(path.resolve('dealers', 'ridgeline-mazda'), path.join(dealersDir, COPY), { recursive: true });
  const file = path.join(dealersDir, COPY, 'site.json');
  const site = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...site, slug: COPY, id: 902 }));
  await mkdir(contentDir);
});
afterEach(() => rm(work, { recursive: true, force: true }));

const validate = (
  slugs: string[],
  o: { kept?: Record<string, ManifestDealer>; strict?: boolean; batch?: boolean } = {},
) =>
  validateDealers({
    dealersDir,
    slugs,
    kept: o.kept ?? {},
    contentDir,
    keep: false,
    builtAt: '2026-01-01T00:00:00.000Z',
    key: 'k',
    log: () => {},
    slice: 1,
    ...(o.strict ? { strict: true } : {}),
    ...(o.batch ? { batch: true } : {}),
  });

/** The copy's warnings as file and path, which name the field. */
const fields = (issues: { dealer: string; file: string; path: string }[]) =>
  issues.filter((i) => i.dealer === COPY).map((i) => `${i.file} ${i.path}`);

const EXPECTED = [
  'site.json analytics.gtmId',
  'site.json integrations.reviewsGmbIds[0]',
  'cars.json [0].account',
  'cars.json [13].account',
  'locations.json [0].website_id',
  'locations.json [1].website_id',
  'locations.json [2].website_id',
];

describe('the build warns about copy mistakes across a fleet', () => {
  it('across slices of one dealer, naming both dealers, and the sample is not warned', async () => {
    const out = await validate(['ridgeline-mazda', 'tasman-motors', COPY]);
    expect(out.errors).toEqual([]);
    expect(fields(out.warnings)).toEqual(EXPECTED);
    expect(out.warnings.every((w) => w.message.includes('"ridgeline-mazda"'))).toBe(true);
    expect(out.warnings.filter((w) => w.dealer !== COPY)).toEqual([]);
    expect(Object.keys(out.entries).sort()).toEqual([COPY, 'ridgeline-mazda', 'tasman-motors']);
  });

  it('under strict, refuses only the copy', async () => {
    const out = await validate(['ridgeline-mazda', COPY], { strict: true });
    expect(Object.keys(out.failed)).toEqual([COPY]);
    expect(fields(out.failed[COPY]!)).toEqual(EXPECTED);
    expect(Object.keys(out.entries)).toEqual(['ridgeline-mazda']);
  });

  it("across a fleet build's batches (the websites checked once every batch is in)", async () => {
    const first = await validate(['ridgeline-mazda'], { batch: true });
    const second = await validate([COPY], { batch: true });
    // A batch alone cannot tell whose website 102 is, so it says nothing of it.
    expect(fields(second.warnings)).toEqual([]);
    const merged = mergeValidated([first, second], {});
    expect(fields(merged.warnings)).toEqual(EXPECTED);

    const strict = mergeValidated(
      [
        await validate(['ridgeline-mazda'], { batch: true, strict: true }),
        await validate([COPY], { batch: true, strict: true }),
      ],
      {},
    );
    expect(Object.keys(strict.failed)).toEqual([COPY]);
    expect(Object.keys(strict.entries)).toEqual(['ridgeline-mazda']);
    expect(strict.pages).toBe(strict.entries['ridgeline-mazda']!.pages);
  });

  it('against a dealer the build keeps, from the facts its manifest entry holds', async () => {
    const earlier = await validate(['ridgeline-mazda']);
    const kept = { 'ridgeline-mazda': earlier.entries['ridgeline-mazda']! };
    expect(kept['ridgeline-mazda'].fleet?.gtm?.value).toBe('GTM-RDG2M8Z');
    const out = await validate([COPY], { kept });
    expect(fields(out.warnings)).toEqual(EXPECTED);
    // An entry of an older build without facts: its website id is still known.
    const { fleet: _, ...bare } = kept['ridgeline-mazda'];
    const old = await validate([COPY], { kept: { 'ridgeline-mazda': bare } });
    expect(fields(old.warnings)).toEqual(EXPECTED.filter((f) => f.startsWith('locations.json')));
  });
});
