import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISTANCE_KM,
  DISTANCE_OPTIONS_KM,
  LOCATION_CARDS_MAX,
  MAP_MAX_ZOOM,
  MAX_SUGGESTIONS,
  SEARCH_RADIUS_KM,
  formatKm,
  haversineKm,
  isDistanceOption,
  nearby,
  parseDistance,
  parseLatLng,
  withinKm,
  type LatLng,
} from '../../../src/lib/geo.ts';
import {
  matchPlaces,
  normaliseQuery,
  parsePlaceFile,
  placeLabel,
  roundCoord,
  titleCase,
  datasetUrls,
  type PlaceFile,
} from '../../../src/blocks/locations/postcodes.ts';

const R = 6371;
/** A point `km` due north of `from` (exact on a meridian for the haversine formula). */
const north = (from: LatLng, km: number): LatLng => ({ lat: from.lat + (km / R) * (180 / Math.PI), lng: from.lng });
const GOSFORD = { lat: -33.4245, lng: 151.3416 };

describe('constants of spec §9', () => {
  it('has the radius, suggestion cap, options, default, zoom and cards limit', () => {
    expect(SEARCH_RADIUS_KM).toBe(250);
    expect(MAX_SUGGESTIONS).toBe(5);
    expect([...DISTANCE_OPTIONS_KM]).toEqual([25, 50, 75, 100, 150, 250, 500, 750, 1000]);
    expect(DEFAULT_DISTANCE_KM).toBe(50);
    expect(MAP_MAX_ZOOM).toBe(15);
    expect(LOCATION_CARDS_MAX).toBe(3);
  });
});

describe('haversineKm', () => {
  it('is 0 for the same point and symmetric', () => {
    expect(haversineKm(GOSFORD, GOSFORD)).toBe(0);
    const syd = { lat: -33.8688, lng: 151.2093 };
    expect(haversineKm(GOSFORD, syd)).toBeCloseTo(haversineKm(syd, GOSFORD), 9);
  });
  it('matches known distances', () => {
    // Sydney to Melbourne ≈ 713 km; Gosford to Sydney CBD ≈ 51 km.
    expect(haversineKm({ lat: -33.8688, lng: 151.2093 }, { lat: -37.8136, lng: 144.9631 })).toBeGreaterThan(705);
    expect(haversineKm({ lat: -33.8688, lng: 151.2093 }, { lat: -37.8136, lng: 144.9631 })).toBeLessThan(720);
    expect(haversineKm(GOSFORD, { lat: -33.8688, lng: 151.2093 })).toBeCloseTo(51, 0);
  });
  it('measures the test points exactly', () => {
    expect(haversineKm(GOSFORD, north(GOSFORD, 250))).toBeCloseTo(250, 6);
    expect(haversineKm(GOSFORD, north(GOSFORD, 250.1))).toBeCloseTo(250.1, 6);
  });
});

describe('withinKm', () => {
  it('counts a point exactly on the limit as within, 0.1 km beyond as outside', () => {
    expect(withinKm(haversineKm(GOSFORD, north(GOSFORD, 250)), 250)).toBe(true);
    expect(withinKm(haversineKm(GOSFORD, north(GOSFORD, 250.1)), 250)).toBe(false);
    expect(withinKm(49.9, 50)).toBe(true);
    expect(withinKm(50, 50)).toBe(true);
    expect(withinKm(50.1, 50)).toBe(false);
  });
});

describe('parseDistance', () => {
  it.each(DISTANCE_OPTIONS_KM.map((d) => [d]))('accepts the option %i (number and string)', (d) => {
    expect(parseDistance(d)).toBe(d);
    expect(parseDistance(String(d))).toBe(d);
    expect(isDistanceOption(d)).toBe(true);
  });
  it.each([null, undefined, '', 'abc', '0', '24', '26', '49', '51', '60', '1001', '2000', '-50', '50.5'])(
    'falls back to 50 for %s',
    (v) => {
      expect(parseDistance(v)).toBe(50);
    },
  );
});

describe('parseLatLng', () => {
  it('reads valid pairs and refuses the rest', () => {
    expect(parseLatLng('-33.4245', '151.3416')).toEqual(GOSFORD);
    expect(parseLatLng('90', '180')).toEqual({ lat: 90, lng: 180 });
    expect(parseLatLng('90.1', '0')).toBeUndefined();
    expect(parseLatLng('0', '-180.1')).toBeUndefined();
    expect(parseLatLng('', '151')).toBeUndefined();
    expect(parseLatLng('x', '151')).toBeUndefined();
    expect(parseLatLng(null, '151')).toBeUndefined();
  });
});

describe('formatKm', () => {
  it('shows one decimal under 10 km, whole km from 10', () => {
    expect(formatKm(0)).toBe('0 km');
    expect(formatKm(3.44)).toBe('3.4 km');
    expect(formatKm(9.94)).toBe('9.9 km');
    expect(formatKm(10)).toBe('10 km');
    expect(formatKm(249.6)).toBe('250 km');
    expect(formatKm(1234.4)).toBe('1,234 km');
  });
});

describe('nearby', () => {
  const at = (km: number, id = `${km}`) => ({ id, p: north(GOSFORD, km) });
  const pos = (x: { p: LatLng }) => x.p;
  const ids = (r: { results: { item: { id: string } }[] }) => r.results.map((x) => x.item.id);

  it('uses 50 km by default and sorts nearest first', () => {
    const items = [at(40), at(10), at(50), at(50.1), at(0)];
    const r = nearby(GOSFORD, items, pos);
    expect(ids(r)).toEqual(['0', '10', '40', '50']);
    expect(r.widened).toBe(false);
    expect(r.results[1]!.km).toBeCloseTo(10, 6);
  });

  it.each(DISTANCE_OPTIONS_KM.map((d) => [d]))('includes %i km exactly and excludes 0.1 km more', (d) => {
    const r = nearby(GOSFORD, [at(d + 0.1, 'out'), at(d, 'edge')], pos, d);
    expect(ids(r)).toEqual(['edge']);
    expect(r.widened).toBe(false);
  });

  it('widens to the nearest within 250 km when nothing is within the distance', () => {
    const r = nearby(GOSFORD, [at(300), at(250.1), at(250), at(120), at(80)], pos, 50);
    expect(ids(r)).toEqual(['80', '120', '250']);
    expect(r.widened).toBe(true);
  });

  it('shows at most 5 widened results', () => {
    const r = nearby(
      GOSFORD,
      [60, 70, 80, 90, 100, 110].map((k) => at(k)),
      pos,
      25,
    );
    expect(ids(r)).toEqual(['60', '70', '80', '90', '100']);
    expect(r.widened).toBe(true);
  });

  it('does not widen when something is within the distance, nor from 250 km up', () => {
    expect(nearby(GOSFORD, [at(20), at(100)], pos, 25).widened).toBe(false);
    const r = nearby(GOSFORD, [at(600)], pos, 250);
    expect(ids(r)).toEqual([]);
    expect(r.widened).toBe(false);
    expect(ids(nearby(GOSFORD, [at(600), at(900)], pos, 1000))).toEqual(['600', '900']);
  });

  it('is empty with nothing within 250 km', () => {
    const r = nearby(GOSFORD, [at(250.1), at(400)], pos, 100);
    expect(ids(r)).toEqual([]);
    expect(r.widened).toBe(true);
  });

  it('keeps input order for ties', () => {
    expect(ids(nearby(GOSFORD, [at(5, 'a'), at(5, 'b'), at(5, 'c')], pos))).toEqual(['a', 'b', 'c']);
  });
});

describe('postcodes', () => {
  const au: PlaceFile = {
    country: 'AU',
    states: ['NSW', 'VIC'],
    rows: [
      ['2250', 'Gosford', 0, -33.425, 151.342],
      ['2250', 'East Gosford', 0, -33.438, 151.353],
      ['2250', 'North Gosford', 0, -33.417, 151.349],
      ['2250', 'Point Frederick', 0, -33.44, 151.343],
      ['2250', 'West Gosford', 0, -33.424, 151.319],
      ['2250', 'Wyoming', 0, -33.404, 151.357],
      ['2251', 'Avoca Beach', 0, -33.467, 151.434],
      ['2075', 'St Ives', 0, -33.729, 151.159],
      ['3218', 'Geelong West', 1, -38.14, 144.35],
      ['3220', 'Geelong', 1, -38.147, 144.361],
      ['0800', 'Darwin', 9, -12.46, 130.84], // bad state index: skipped
    ],
  };
  const nz: PlaceFile = {
    country: 'NZ',
    states: ['Christchurch'],
    rows: [
      ['8041', 'Riccarton', 0, -43.53, 172.596],
      ['2250', 'Gosford Nz Test', 0, -43, 172],
    ],
  };
  const places = [...parsePlaceFile(au), ...parsePlaceFile(nz)];
  const labels = (q: string, limit?: number, countries?: ('AU' | 'NZ')[]) =>
    matchPlaces(places, q, limit, countries).map(placeLabel);

  it('parses rows and skips malformed ones and files', () => {
    expect(parsePlaceFile(au)).toHaveLength(10);
    expect(parsePlaceFile(null)).toEqual([]);
    expect(parsePlaceFile({ country: 'AU', states: [] })).toEqual([]);
    expect(
      parsePlaceFile({
        country: 'AU',
        states: ['NSW'],
        rows: [
          ['2000', 'Sydney', 0, 91, 151],
          ['2000', 'Sydney', 0, -33.87, 151.21],
        ],
      }),
    ).toHaveLength(1);
  });

  it('matches postcodes by prefix, at most 5 (6 places share 2250)', () => {
    expect(matchPlaces(places, '2250').filter((p) => p.country === 'AU')).toHaveLength(5);
    expect(matchPlaces(places, '2250')).toHaveLength(5);
    expect(matchPlaces(places, '2250', 10)).toHaveLength(7);
    expect(labels('225', 10, ['AU'])).toContain('Avoca Beach NSW 2251');
    expect(labels('2251')).toEqual(['Avoca Beach NSW 2251']);
    expect(labels('32')).toEqual(['Geelong West VIC 3218', 'Geelong VIC 3220']);
    expect(labels('9999')).toEqual([]);
  });

  it('returns exactly the limit with 6 matches, and all with 5', () => {
    expect(matchPlaces(places, '2250', 5, ['AU'])).toHaveLength(5);
    const five = parsePlaceFile({ ...au, rows: au.rows.slice(0, 5) });
    expect(matchPlaces(five, '2250')).toHaveLength(5);
    expect(matchPlaces(five, '2250', 4)).toHaveLength(4);
  });

  it('matches suburb names by prefix, case-insensitively, exact names first', () => {
    // Exact name, then names starting with it, then names with a later word starting with it.
    expect(labels('gosford')).toEqual([
      'Gosford NSW 2250',
      'Gosford Nz Test, Christchurch 2250',
      'East Gosford NSW 2250',
      'North Gosford NSW 2250',
      'West Gosford NSW 2250',
    ]);
    expect(labels('GOSF')[0]).toBe('Gosford NSW 2250');
    expect(labels('  geelong ')).toEqual(['Geelong VIC 3220', 'Geelong West VIC 3218']);
    expect(labels('ives')).toEqual(['St Ives NSW 2075']);
    expect(labels('st. ives')).toEqual(['St Ives NSW 2075']);
    expect(labels('osford')).toEqual([]);
    expect(labels('riccarton')).toEqual(['Riccarton, Christchurch 8041']);
  });

  it('combines a name and a postcode', () => {
    expect(labels('gosford 2250', 10, ['AU'])).toHaveLength(5);
    expect(labels('geelong 3218')).toEqual(['Geelong West VIC 3218']);
  });

  it("puts the site's own country first on ties", () => {
    expect(matchPlaces(places, '2250', 1, ['NZ', 'AU'])[0]!.country).toBe('NZ');
    expect(matchPlaces(places, '2250', 1, ['AU', 'NZ'])[0]!.country).toBe('AU');
  });

  it('ignores empty queries and a zero limit', () => {
    expect(matchPlaces(places, '')).toEqual([]);
    expect(matchPlaces(places, '  - ')).toEqual([]);
    expect(matchPlaces(places, 'gos', 0)).toEqual([]);
  });

  it('has helpers for the build script and file choice', () => {
    expect(roundCoord(-33.42456)).toBe(-33.425);
    expect(roundCoord(151.3414)).toBe(151.341);
    expect(titleCase('NORTH GOSFORD')).toBe('North Gosford');
    expect(titleCase("O'CONNOR")).toBe("O'Connor");
    expect(normaliseQuery('  Mount  Eden! ')).toBe('mount eden');
    expect(datasetUrls('AU')).toEqual(['/data/postcodes-au.json']);
    expect(datasetUrls('NZ')).toEqual(['/data/postcodes-nz.json', '/data/postcodes-au.json']);
  });
});
