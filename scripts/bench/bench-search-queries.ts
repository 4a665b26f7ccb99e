/**
 * The synthetic stock and the InstantSearch-like multi-queries of the search load run
 * (bench-search.ts): one dealer's cars (12 makes, their models and bodies, fuels, locations, ~7%
 * sold or hidden) and keywords spelt right ("exact") or with the typos visitors make ("typo": a
 * letter missing, added, wrong or two swapped), half of the queries each.
 */
import type { Car } from '../../src/content/entities.ts';

export const BENCH_FACETS = [
  'make',
  'model',
  'simple_body',
  'simple_fuel',
  'seats',
  'certified',
  'location_name',
] as const;

const RANGE: Record<string, { models: string[]; bodies: string[] }> = {
  Toyota: {
    models: ['Corolla', 'Camry', 'RAV4', 'HiLux', 'LandCruiser', 'Yaris', 'Kluger', 'C-HR'],
    bodies: ['Hatch', 'Sedan', 'SUV', 'Ute'],
  },
  Mazda: {
    models: ['3', '2', 'CX-3', 'CX-5', 'CX-9', 'BT-50', 'MX-5'],
    bodies: ['Hatch', 'SUV', 'Ute', 'Convertible'],
  },
  Hyundai: {
    models: ['i30', 'Tucson', 'Kona', 'Santa Fe', 'Venue', 'Staria'],
    bodies: ['Hatch', 'SUV', 'People Mover'],
  },
  Kia: {
    models: ['Cerato', 'Sportage', 'Seltos', 'Sorento', 'Carnival', 'Picanto'],
    bodies: ['Hatch', 'Sedan', 'SUV', 'People Mover'],
  },
  Ford: {
    models: ['Ranger', 'Everest', 'Puma', 'Escape', 'Mustang', 'Focus'],
    bodies: ['Ute', 'SUV', 'Coupe', 'Hatch'],
  },
  Mitsubishi: { models: ['Triton', 'Outlander', 'ASX', 'Pajero Sport', 'Eclipse Cross'], bodies: ['Ute', 'SUV'] },
  Nissan: { models: ['Navara', 'X-Trail', 'Qashqai', 'Patrol', 'Juke'], bodies: ['Ute', 'SUV'] },
  Subaru: { models: ['Forester', 'Outback', 'XV', 'Impreza', 'WRX'], bodies: ['SUV', 'Wagon', 'Hatch', 'Sedan'] },
  Volkswagen: { models: ['Golf', 'Polo', 'Tiguan', 'Amarok', 'T-Roc'], bodies: ['Hatch', 'SUV', 'Ute'] },
  Honda: { models: ['Civic', 'CR-V', 'HR-V', 'Jazz', 'Accord'], bodies: ['Hatch', 'SUV', 'Sedan'] },
  Tesla: { models: ['Model 3', 'Model Y'], bodies: ['Sedan', 'SUV'] },
  BMW: { models: ['X1', 'X3', 'X5', '3 Series', '1 Series'], bodies: ['SUV', 'Sedan', 'Hatch'] },
};
const FUELS = ['Petrol', 'Petrol', 'Petrol', 'Diesel', 'Diesel', 'Hybrid', 'Electric'];
const LOCATIONS = [
  'Parramatta',
  'Penrith',
  'Liverpool',
  'Blacktown',
  'Campbelltown',
  'Castle Hill',
  'Hornsby',
  'Auckland',
];
const BADGES = [
  'GX',
  'GXL',
  'Ascent',
  'SX',
  'Sport',
  'Touring',
  'Limited',
  'Active',
  'Premium',
  'Titanium',
  'XLT',
  'GT',
];
const TAGS = ['', '', '', 'Just arrived', 'Price drop', 'Low km', 'One owner'];
const COMMENTS = [
  'One owner, full service history.',
  'Immaculate condition inside and out.',
  'Tow bar fitted, ready for the weekend.',
  'Balance of factory warranty.',
  'Low kilometres for the year.',
  'Apple CarPlay, reversing camera, cruise control.',
  '',
];
export const KEYWORDS = [
  'toy',
  'toyota',
  'corolla',
  'mazda',
  'cx',
  'ranger',
  'suv',
  'diesel',
  'hybrid',
  'ute',
  'kia',
  'hyundai i30',
  'sport',
  'one owner',
  'low',
  'tow',
  'camry',
  'subaru',
  'parramatta',
  'gx',
  'electric',
  'nissan navara',
  'ford',
  'warranty',
  'family',
];

/**
 * Misspelt makes, models, bodies, fuels and locations, each within Algolia's typo limits of a
 * word of the stock (one typo from 4 letters, two from 8), none of them a correct spelling.
 */
export const TYPO_KEYWORDS = [
  'toyta',
  'corola',
  'mazdda',
  'rangr',
  'hyundia',
  'subaur',
  'parramata',
  'nissan navarra',
  'landcrusier',
  'outlandr',
  'hilix',
  'tucsn',
  'forrester',
  'mitsubshi',
  'volkswagon',
  'electirc',
  'deisel',
  'hybird',
  'camery',
  'kulger',
  'sporage',
  'carnivl',
  'tritn',
  'liverpol',
  'blacktwn',
];

export type QueryKind = 'exact' | 'typo';

/** One multi-query: what the route is sent, and whether its keyword is spelt right. */
export interface BenchQuery {
  kind: QueryKind;
  body: { requests: Record<string, unknown>[] };
}

/** A small deterministic PRNG (mulberry32), so runs compare. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, pick, int };
}

export function syntheticCars(count: number, seed = 1): Car[] {
  const r = rng(seed);
  const makes = Object.keys(RANGE);
  return Array.from({ length: count }, (_, i): Car => {
    const make = r.pick(makes);
    const { models, bodies } = RANGE[make]!;
    const model = r.pick(models);
    const body = r.pick(bodies);
    const year = r.int(2008, 2025);
    const km = Math.max(5, (2025 - year) * r.int(8_000, 22_000) + r.int(0, 9_999));
    const price = Math.round((60_000 - (2025 - year) * 2_600 + r.int(-8_000, 25_000)) / 10) * 10;
    const badge = r.pick(BADGES);
    const roll = r.next();
    const tag = r.pick(TAGS);
    return {
      id: 100_000 + i,
      name: `${year} ${make} ${model} ${badge}`,
      slug: `${year}-${make}-${model}-${i}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      make,
      model,
      badge,
      year,
      km,
      price: Math.max(4_990, price),
      dealercomments: r.pick(COMMENTS),
      photos: [],
      photos_count: r.int(0, 30),
      car_type: year >= 2025 ? 'new' : r.next() < 0.1 ? 'demo' : 'used',
      tag: tag || undefined,
      simple_body: body,
      simple_fuel: make === 'Tesla' ? 'Electric' : r.pick(FUELS),
      seats: body === 'People Mover' ? 8 : body === 'Coupe' || body === 'Convertible' ? 4 : r.next() < 0.15 ? 7 : 5,
      certified: r.next() < 0.3,
      status: roll < 0.05 ? 'sold' : roll < 0.07 ? 'hidden' : 'available',
      location_name: r.pick(LOCATIONS),
      created_at_timestamp: 1_700_000_000 + i * 60,
    } as unknown as Car;
  });
}

/**
 * InstantSearch-like multi-queries (main request + one per refined disjunctive facet), exact and
 * typo keywords taking turns.
 */
export function searchQueries(cars: Car[], count: number, seed = 2): BenchQuery[] {
  const r = rng(seed);
  const listed = cars.filter((c) => c.status === 'available');
  return Array.from({ length: count }, (_, i): BenchQuery => {
    const kind: QueryKind = i % 2 ? 'typo' : 'exact';
    const query = r.pick(kind === 'typo' ? TYPO_KEYWORDS : KEYWORDS);
    // Values come from a real car so refinements are plausible, not empty by construction.
    const refinements = new Map<string, string[]>();
    const n = r.int(0, 4);
    while (refinements.size < n) {
      const attr = r.pick(BENCH_FACETS);
      const a = r.pick(listed) as unknown as Record<string, unknown>;
      const b = r.pick(listed) as unknown as Record<string, unknown>;
      const values = [String(a[attr])];
      if (r.next() < 0.3 && String(b[attr]) !== values[0]) values.push(String(b[attr]));
      refinements.set(attr, values);
    }
    const numericFilters = r.next() < 0.5 ? [`price>=${r.int(1, 3) * 10_000}`, `price<=${r.int(4, 9) * 10_000}`] : [];
    const facetFilters = (except?: string) =>
      [...refinements].filter(([attr]) => attr !== except).map(([attr, values]) => values.map((v) => `${attr}:${v}`));
    const common = {
      query,
      numericFilters,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      analytics: false,
    };
    return {
      kind,
      body: {
        requests: [
          {
            indexName: 'cars',
            params: {
              ...common,
              facets: [...BENCH_FACETS, 'price', 'year'],
              facetFilters: facetFilters(),
              hitsPerPage: 20,
              page: 0,
              maxValuesPerFacet: 50,
            },
          },
          ...[...refinements.keys()].map((attr) => ({
            indexName: 'cars',
            params: {
              ...common,
              facets: [attr],
              facetFilters: facetFilters(attr),
              hitsPerPage: 0,
              page: 0,
              maxValuesPerFacet: 50,
              clickAnalytics: false,
            },
          })),
        ],
      },
    };
  });
}
