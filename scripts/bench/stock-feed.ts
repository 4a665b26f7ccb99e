/**
 * Stock as stock systems send it, for the stock part of `npm run bench`: how many cars each
 * dealer of a fleet has (a long tail: most 20-150, a few 500, one 5,000), and CSV feeds with the
 * headers a DMS export uses ("Stock No", "Kms", "Drive Away Price", "Description", "Images"),
 * a few POA prices and photos as .jpg URLs. Deterministic from a seed.
 */
import { colours, features, int, makes, pick, seeded, variantNames, type Rand } from './bench-synthetic-data.ts';

/** One row of a feed: header → cell, in the header order of FULL_HEADER (or a delta's own). */
export type FeedRow = Record<string, string>;

/** The header of a full feed, as a DMS export names its columns. */
export const FULL_HEADER = [
  'Stock No',
  'Condition',
  'Make',
  'Model',
  'Variant',
  'Year',
  'Kms',
  'Body',
  'Fuel',
  'Transmission',
  'Colour',
  'Drive Away Price',
  'Location',
  'Description',
  'Features',
  'Images',
] as const;

export interface LongTail {
  /** Cars of the one big dealer (dealer 0). */
  big: number;
  /** Cars of each "some" dealer. */
  mid: number;
  /** Share of the fleet with `mid` cars (at least one dealer when the fleet has three or more). */
  midShare: number;
  /** The range of everyone else's stock. */
  small: [min: number, max: number];
}

export const DEFAULT_TAIL: LongTail = { big: 5000, mid: 500, midShare: 0.07, small: [20, 150] };

/**
 * Cars per dealer for a fleet of `dealers`: dealer 0 has `big`, the next ⌈midShare × dealers⌉
 * (at least one from three dealers up) `mid`, the rest between `small`'s bounds, drawn so that
 * smaller yards are the more common (log-uniform), as in a real fleet.
 */
export function longTailSizes(dealers: number, seed = 1, tail: LongTail = DEFAULT_TAIL): number[] {
  if (!Number.isInteger(dealers) || dealers < 1)
    throw new RangeError(`dealers must be a whole number from 1, not ${dealers}`);
  const r = seeded(seed * 7919 + 17);
  const mids = dealers >= 3 ? Math.max(1, Math.ceil(tail.midShare * dealers)) : dealers - 1;
  const [lo, hi] = tail.small;
  return Array.from({ length: dealers }, (_, i) => {
    if (i === 0) return tail.big;
    if (i <= mids) return tail.mid;
    return Math.round(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo))));
  });
}

/** The stock number of a dealer's car n: a prefix per dealer, as yards' systems number them. */
export const stockNumberOf = (prefix: string, n: number) => `${prefix}${String(n + 1).padStart(5, '0')}`;

const FUELS = ['Petrol', 'Petrol', 'Diesel', 'Hybrid'];

function comments(r: Rand, make: string, model: string): string {
  const lines = [
    `This ${make} ${model} has just arrived, "one owner" and with full service history.`,
    pick(r, [
      'Log books, two keys.',
      'New tyres, fresh service, 12 months rego.',
      'Finance available, trade-ins welcome.',
    ]),
    pick(r, ['Call us today, or book a test drive online', 'Drive away today, no hidden costs']),
  ];
  return lines.join('\n');
}

/**
 * Car `n` of a dealer's feed: a used car mostly (demo when this year's), a price on application
 * for about one in fifty, 3-12 photos as .jpg URLs on the stock system's image host.
 */
export function feedRow(r: Rand, prefix: string, n: number, location: string, thisYear = 2026): FeedRow {
  const make = pick(r, Object.keys(makes));
  const [model, body] = pick(r, makes[make]!);
  const year = int(r, thisYear - 14, thisYear);
  const stock = stockNumberOf(prefix, n);
  const age = thisYear - year;
  const kms = age === 0 ? int(r, 5, 4000) : age * int(r, 7000, 21000) + int(r, 0, 9999);
  const price = Math.max(4990, Math.round((62000 - age * 3100 + int(r, -6000, 22000)) / 10) * 10 - 10);
  const photos = Array.from(
    { length: int(r, 3, 12) },
    (_, k) => `https://images.dms-cdn.example.com.au/${prefix.toLowerCase()}/${stock}/${k + 1}.jpg`,
  );
  return {
    'Stock No': stock,
    Condition: age === 0 ? 'demo' : 'used',
    Make: make,
    Model: model,
    Variant: pick(r, variantNames),
    Year: String(year),
    Kms: String(kms),
    Body: body,
    Fuel: pick(r, FUELS),
    Transmission: pick(r, ['Automatic', 'Automatic', 'Automatic', 'Manual']),
    Colour: pick(r, colours)[0],
    'Drive Away Price': r() < 0.02 ? 'POA' : String(price),
    Location: location,
    Description: comments(r, make, model),
    Features: features.slice(int(r, 0, 4), int(r, 6, features.length)).join('|'),
    Images: photos.join('|'),
  };
}

/** A dealer's whole stock of `cars` rows, stock numbers `<prefix>00001`…. */
export function fullFeedRows(cars: number, prefix: string, location: string, seed = 1): FeedRow[] {
  const r = seeded(seed * 104_729 + cars);
  return Array.from({ length: cars }, (_, n) => feedRow(r, prefix, n, location));
}

/**
 * The same stock the next day: about `share` of the cars repriced (a few of those to POA or back)
 * and driven a little further, every other row as it was.
 */
export function changedRows(rows: readonly FeedRow[], share = 0.05, seed = 2): FeedRow[] {
  const r = seeded(seed * 15_485_863 + rows.length);
  return rows.map((row) => {
    if (r() >= share) return row;
    const was = Number(row['Drive Away Price']);
    const price = Number.isFinite(was) ? String(Math.max(4990, was - int(r, 1, 20) * 100)) : '29990';
    return { ...row, 'Drive Away Price': r() < 0.05 ? 'POA' : price, Kms: String(Number(row.Kms) + int(r, 10, 400)) };
  });
}

/** A delta of `count` rows giving only the status: cars sold (every tenth put on hold as hidden). */
export function statusDeltaRows(rows: readonly FeedRow[], count: number): FeedRow[] {
  return pickEvenly(rows, count).map((row, k) => ({
    'Stock No': row['Stock No']!,
    Status: k % 10 === 9 ? 'hidden' : 'sold',
  }));
}

/** A delta of `count` rows giving only a new drive-away price. */
export function priceDeltaRows(rows: readonly FeedRow[], count: number): FeedRow[] {
  return pickEvenly(rows, count, 1).map((row, k) => {
    const was = Number(row['Drive Away Price']);
    return {
      'Stock No': row['Stock No']!,
      'Drive Away Price': String(Number.isFinite(was) ? Math.max(4990, was - 500 - (k % 5) * 250) : 24990),
    };
  });
}

/** `count` rows spread over `rows` (offset by `shift`), in feed order. */
function pickEvenly(rows: readonly FeedRow[], count: number, shift = 0): FeedRow[] {
  const n = Math.min(count, rows.length);
  return Array.from({ length: n }, (_, k) => rows[(Math.floor((k * rows.length) / n) + shift) % rows.length]!);
}

/** A cell as RFC 4180 writes it: quoted when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The CSV file of `rows` under `header` (CRLF line ends, as spreadsheet exports write them). */
export function feedCsv(rows: readonly FeedRow[], header: readonly string[] = FULL_HEADER): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(header.map((h) => csvCell(row[h] ?? '')).join(','));
  return lines.join('\r\n') + '\r\n';
}
