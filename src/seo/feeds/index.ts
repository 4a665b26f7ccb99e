/**
 * The vehicle feeds of one dealer site, written by the build beside sitemap.xml. One catalogue
 * is made per dealer and every feed is formatted from it (see docs/feeds.md).
 */
import type { DealerContent } from '../../content/load.ts';
import { vehicleCatalogue } from './catalogue.ts';
import { googleVehicleAds } from './google.ts';
import { metaVehicles } from './meta.ts';
import { feedTable, toCsv, toTsv, type FeedSpec, type FeedTable, type LeftOut } from './table.ts';

export const GOOGLE_FEED_FILE = 'vehicles-google.tsv';
export const META_FEED_FILE = 'vehicles-meta.csv';

export interface FeedFile {
  /** File name at the site root. */
  name: string;
  text: string;
  /** Vehicles written. */
  rows: number;
  /** Listed cars missing a field the platform requires. */
  leftOut: LeftOut[];
}

const FEEDS: { name: string; spec: FeedSpec; format: (table: FeedTable) => string }[] = [
  { name: GOOGLE_FEED_FILE, spec: googleVehicleAds, format: toTsv },
  { name: META_FEED_FILE, spec: metaVehicles, format: toCsv },
];

export function vehicleFeeds(dealer: DealerContent): FeedFile[] {
  const catalogue = vehicleCatalogue(dealer);
  return FEEDS.map(({ name, spec, format }) => {
    const table = feedTable(spec, catalogue);
    return { name, text: format(table), rows: table.rows.length, leftOut: table.leftOut };
  });
}

/**
 * One line for the build log when a feed left cars out, e.g. `vehicles-meta.csv: 3 of 38 cars
 * left out (missing vin: 3)`; undefined when every listed car is in.
 */
export function leftOutNote(feed: FeedFile): string | undefined {
  if (!feed.leftOut.length) return undefined;
  const counts = new Map<string, number>();
  for (const car of feed.leftOut) for (const c of car.missing) counts.set(c, (counts.get(c) ?? 0) + 1);
  const why = [...counts].map(([c, n]) => `${c}: ${n}`).join(', ');
  const total = feed.rows + feed.leftOut.length;
  return `${feed.name}: ${feed.leftOut.length} of ${total} cars left out (missing ${why})`;
}
