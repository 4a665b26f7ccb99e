/**
 * npm run new-dealer -- --from SAMPLE_SLUG --slug NEW_SLUG --name "Dealer Name"
 *                       [--url https://...] [--country AU|NZ] [--dealers DIR]
 * Makes a new dealer folder `<dealers>/<slug>/` from a sample's: the sample's pages, blocks,
 * models and options are the template; the new dealer gets its own slug, name, url, a website id
 * no dealer of the folder uses, fresh dealership and company ids, its locations' website_id, and
 * none of the sample's tag manager container, review profiles, listing accounts, keys, chat,
 * legal ids, social profiles or contact details (scripts/new-dealer/scaffold.ts). Prints what it
 * changed and what the dealer must fill in next (docs/new-dealer.md says the same, field by field).
 *
 * Exit codes: 0 written; 1 refused, nothing written (the slug is taken or invalid, the sample
 * does not exist or cannot be read); 2 the command line is wrong.
 */
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listDealerFolders } from '../src/content/load.ts';
import { sharedSuffixes } from '../src/content/dealer-settings.ts';
import { idsOf, scaffoldDealer, SLUG, type Json, type TakenIds } from './new-dealer/scaffold.ts';

const USAGE =
  'Usage: npm run new-dealer -- --from SAMPLE_SLUG --slug NEW_SLUG --name "Dealer Name" [--url https://...] [--country AU|NZ] [--dealers DIR]';

function refuse(message: string, code = 1): never {
  console.error(`new-dealer: ${message}; nothing was written.`);
  process.exit(code);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      from: { type: 'string' },
      slug: { type: 'string' },
      name: { type: 'string' },
      url: { type: 'string' },
      country: { type: 'string' },
      dealers: { type: 'string', default: 'dealers' },
    },
  }));
} catch (e) {
  refuse(`${(e as Error).message}\n${USAGE}`, 2);
}
const { from, slug, name, url, country, dealers } = values;
if (!from || !slug || !name?.trim()) refuse(`--from, --slug and --name are required\n${USAGE}`, 2);
if (country !== undefined && country !== 'AU' && country !== 'NZ')
  refuse(`--country takes AU or NZ, not "${country}"`, 2);
if (url !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(url))
  refuse(`--url takes the site's origin, such as "https://www.example.com.au", not "${url}"`, 2);
if (!SLUG.test(slug))
  refuse(
    `--slug "${slug}" is not a valid slug: lowercase letters, digits and single hyphens, such as "harbour-city-toyota"`,
  );

let folders: string[];
try {
  folders = await listDealerFolders(dealers);
} catch {
  refuse(`the dealers folder ${dealers} cannot be read`);
}
if (!folders.includes(from))
  refuse(`there is no sample dealer "${from}" in ${dealers} (there are: ${folders.join(', ') || 'none'})`);
if (folders.includes(slug)) refuse(`a dealer "${slug}" already exists in ${dealers}`);
const clash = sharedSuffixes([...folders, slug]).find((c) => c.dealer === slug);
if (clash)
  refuse(
    `--slug "${slug}" would share the settings names of dealer "${clash.other}" (they differ only in "-", "_" or case)`,
  );

const target = path.join(dealers, slug);

/** Every file of a folder, by path relative to it ("pages/home.json"). */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

const readJson = async (file: string): Promise<Json | undefined> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Json;
  } catch {
    return undefined;
  }
};

// The ids every dealer of the folder uses (its site, its locations' websites, its brands').
const taken: TakenIds = { websites: [], dealerships: [], companies: [] };
for (const folder of folders) {
  const dir = path.join(dealers, folder);
  const ids = idsOf(
    await readJson(path.join(dir, 'site.json')),
    await readJson(path.join(dir, 'locations.json')),
    await readJson(path.join(dir, 'brands.json')),
  );
  taken.websites.push(...ids.websites);
  taken.dealerships.push(...ids.dealerships);
  taken.companies.push(...ids.companies);
}

const sampleDir = path.join(dealers, from);
const json: Record<string, Json> = {};
const other: string[] = [];
for (const rel of await filesOf(sampleDir)) {
  if (!rel.endsWith('.json')) {
    other.push(rel);
    continue;
  }
  const parsed = await readJson(path.join(sampleDir, rel));
  if (parsed === undefined) refuse(`${path.join(sampleDir, rel)} is not valid JSON`);
  json[rel] = parsed;
}

let result;
try {
  result = scaffoldDealer(
    json,
    { slug, name: name.trim(), ...(url ? { url: url.replace(/\/$/, '') } : {}), ...(country ? { country } : {}) },
    taken,
  );
} catch (e) {
  refuse(`the sample "${from}" cannot be used: ${(e as Error).message}`);
}

// Written beside the target and renamed into place: a failure leaves no half-made dealer.
const staging = path.join(dealers, `.new-dealer-${process.pid}`);
try {
  for (const [rel, value] of Object.entries(result.files)) {
    await mkdir(path.dirname(path.join(staging, rel)), { recursive: true });
    await writeFile(path.join(staging, rel), JSON.stringify(value, null, 2) + '\n');
  }
  for (const rel of other) {
    await mkdir(path.dirname(path.join(staging, rel)), { recursive: true });
    await writeFile(path.join(staging, rel), await readFile(path.join(sampleDir, rel)));
  }
  await rename(staging, target);
} catch (e) {
  await rm(staging, { recursive: true, force: true });
  refuse(`the new dealer could not be written: ${(e as Error).message}`);
}

console.log(`Made ${target} from ${sampleDir}.\n\nChanged from the sample:`);
for (const line of result.changed) console.log(`  - ${line}`);
console.log('\nFill in or check next (docs/new-dealer.md):');
for (const line of result.todo) console.log(`  - ${line}`);
console.log(`\nThen: npm run build -- --only ${slug}   (or npm run dev -- --only ${slug} to preview)`);
