/**
 * Nearby-dealership search (locations block with `search: true`). Fetches the group's locations
 * (GET /api/manufacturer-locations), then lists those near a postcode or suburb, the visitor's own
 * location, or the point the query string names (lat/lng, locationId), nearest first with km.
 * Without a Maps key (the default) places come from the shipped datasets and results are a list;
 * with one, GoogleMap.tsx is loaded on demand for a map and Places search.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import {
  DEFAULT_DISTANCE_KM,
  DISTANCE_OPTIONS_KM,
  formatKm,
  nearby,
  parseDistance,
  type DistanceKm,
  type LatLng,
} from '../../lib/geo.ts';
import { phoneText, telHref } from '../../lib/contact.ts';
import { safeHref } from '../../lib/links.ts';
import {
  directionsUrl,
  fetchLocations,
  hrefWithSearch,
  parseLocationQuery,
  searchLocationsOfType,
  resultsMessage,
  type SearchLocation,
} from './locations.ts';
import { datasetPlaceSearch, type PlaceSearch, type ResolvedPlace } from './places.ts';
import PlaceCombobox from './PlaceCombobox.tsx';

const GoogleMap = lazy(() => import('./GoogleMap.tsx'));

interface Props {
  idBase: string;
  /** Site slug (names the site to the API). */
  site: string;
  siteUrl: string;
  country: string;
  /** Postcode/suburb dataset files (public/data), own country first. */
  datasets: string[];
  /** The block's locationType; ?locationType= overrides it. */
  locationType?: string;
  mapsKey?: string;
  /** Where the map starts (the dealer's first location). */
  center?: LatLng;
}

interface Origin {
  point: LatLng;
  /** "Gosford NSW 2250", "your location" … */
  label: string;
  /** Written to ?userLocation= (places only). */
  urlLabel?: string;
}

const GEO_MESSAGES = {
  unsupported: 'Your browser cannot share your location. Search by postcode or suburb instead.',
  denied: 'Location access was not allowed. Search by postcode or suburb instead.',
  failed: 'We could not find your location. Search by postcode or suburb instead.',
  busy: 'Finding your location…',
};

const sameSite = (a: string | undefined, b: string) => {
  try {
    return !!a && new URL(a).host.replace(/^www\./, '') === new URL(b).host.replace(/^www\./, '');
  } catch {
    return false;
  }
};

export default function LocationSearch({
  idBase,
  site,
  siteUrl,
  country,
  datasets,
  locationType,
  mapsKey,
  center,
}: Props) {
  const [locations, setLocations] = useState<SearchLocation[] | 'loading' | 'failed'>('loading');
  const [origin, setOrigin] = useState<Origin>();
  const [distance, setDistance] = useState<DistanceKm>(DEFAULT_DISTANCE_KM);
  const [type, setType] = useState(locationType);
  const [selectedId, setSelectedId] = useState<string>();
  const [geo, setGeo] = useState('');
  const [googleSearch, setGoogleSearch] = useState<PlaceSearch>();
  const offlineSearch = useMemo(
    () =>
      datasetPlaceSearch(
        country,
        {
          fetch: (url) => fetch(url),
          error: (message, detail) => console.error(message, detail),
        },
        datasets,
      ),
    [country, datasets],
  );
  const placeSearch = googleSearch ?? offlineSearch;

  /** A search by the visitor: shown and written to the URL. */
  const searchFrom = useCallback((next: Origin, nextDistance: DistanceKm, nextType: string | undefined) => {
    setOrigin(next);
    window.history.replaceState(
      window.history.state,
      '',
      hrefWithSearch(window.location.href, {
        origin: next.point,
        distance: nextDistance,
        locationType: nextType,
        label: next.urlLabel,
      }),
    );
  }, []);

  const locate = useCallback(
    (write: boolean, d: DistanceKm, t: string | undefined) => {
      if (!('geolocation' in navigator)) {
        setGeo(GEO_MESSAGES.unsupported);
        return;
      }
      setGeo(GEO_MESSAGES.busy);
      navigator.geolocation.getCurrentPosition(
        (pos) => {
          setGeo('');
          const next = { point: { lat: pos.coords.latitude, lng: pos.coords.longitude }, label: 'your location' };
          if (write) searchFrom(next, d, t);
          else setOrigin(next);
        },
        (err) => setGeo(err.code === err.PERMISSION_DENIED ? GEO_MESSAGES.denied : GEO_MESSAGES.failed),
        { timeout: 15000, maximumAge: 300000 },
      );
    },
    [searchFrom],
  );

  useEffect(() => {
    const q = parseLocationQuery(window.location.search);
    setDistance(q.distance);
    const t = q.locationType ?? locationType;
    setType(t);
    setSelectedId(q.locationId);
    if (q.origin) setOrigin({ point: q.origin, label: q.originLabel ?? 'the chosen point', urlLabel: q.originLabel });
    if (q.askLocation) locate(false, q.distance, t);
    let live = true;
    void fetchLocations(site, {
      fetch: (url) => fetch(url, { headers: { accept: 'application/json' } }),
      error: (message, detail) => console.error(message, detail),
    }).then((list) => {
      if (live) setLocations(list ?? 'failed');
    });
    return () => {
      live = false;
    };
  }, [site, locationType, locate]);

  // ?locationId= without a point: search around that location.
  useEffect(() => {
    if (origin || !selectedId || !Array.isArray(locations)) return;
    const chosen = locations.find((l) => l.id === selectedId);
    if (chosen) setOrigin({ point: { lat: chosen.lat, lng: chosen.lng }, label: chosen.name });
  }, [locations, selectedId, origin]);

  const found = useMemo(() => {
    if (!origin || !Array.isArray(locations)) return undefined;
    return nearby(origin.point, searchLocationsOfType(locations, type), (l) => l, distance);
  }, [origin, locations, type, distance]);

  const onPlace = (place: ResolvedPlace) => {
    setSelectedId(undefined);
    searchFrom({ point: place.origin, label: place.label, urlLabel: place.label }, distance, type);
  };
  const onDistance = (value: string) => {
    const d = parseDistance(value);
    setDistance(d);
    if (origin) searchFrom(origin, d, type);
  };

  let status = '';
  if (locations === 'failed') status = 'Sorry, we could not load our dealership locations. Please try again later.';
  else if (origin && locations === 'loading') status = 'Loading dealerships…';
  else if (found && origin) status = resultsMessage(found.results.length, distance, found.widened, origin.label);

  const results = useMemo(() => found?.results ?? [], [found]);
  const points = useMemo(
    () => results.map(({ item }) => ({ id: item.id, name: item.name, lat: item.lat, lng: item.lng })),
    [results],
  );

  return (
    <div className="location-search">
      <div className="location-search-controls">
        <PlaceCombobox idBase={idBase} label="Postcode or suburb" search={placeSearch} onChoose={onPlace} />
        <div className="location-distance-field">
          <label htmlFor={`${idBase}-distance`}>Distance</label>
          <select id={`${idBase}-distance`} value={distance} onChange={(e) => onDistance(e.target.value)}>
            {DISTANCE_OPTIONS_KM.map((d) => (
              <option key={d} value={d}>
                {d} km
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-outline location-use-mine"
          onClick={() => {
            setSelectedId(undefined);
            locate(true, distance, type);
          }}
        >
          Use my location
        </button>
      </div>
      {geo && <p className="location-geo-message">{geo}</p>}
      <p role="status" className="location-status">
        {status}
      </p>
      {!origin && locations !== 'failed' && (
        <p className="location-hint">
          Enter a postcode or suburb, or use your location, to see the dealerships nearest to you.
        </p>
      )}
      {mapsKey && center && (
        <Suspense fallback={null}>
          <GoogleMap
            apiKey={mapsKey}
            points={points}
            origin={origin?.point}
            center={center}
            onPlaceSearch={setGoogleSearch}
          />
        </Suspense>
      )}
      {results.length > 0 && (
        <ol className="location-results" aria-label="Nearby dealerships">
          {results.map(({ item, km }) => {
            const selected = item.id === selectedId;
            const website = safeHref(item.websiteUrl);
            return (
              <li
                key={item.id}
                className={selected ? 'location-result is-selected' : 'location-result'}
                aria-current={selected ? 'true' : undefined}
              >
                <p className="location-result-name">
                  <strong>{item.name}</strong> <span className="location-distance">{formatKm(km)}</span>
                </p>
                {item.websiteName && item.websiteName !== item.name && (
                  <p className="location-website-name">{item.websiteName}</p>
                )}
                {item.address && <p className="location-address">{item.address}</p>}
                {item.phone && (
                  <p>
                    <a href={telHref(item.phone)}>{phoneText(item.phone)}</a>
                  </p>
                )}
                <p className="location-links">
                  <a href={directionsUrl(item.lat, item.lng)} target="_blank" rel="noopener">
                    Directions<span className="visually-hidden"> to {item.name} (opens in a new tab)</span>
                  </a>
                  {website && !sameSite(website, siteUrl) && (
                    <a href={website}>
                      Visit website<span className="visually-hidden">: {item.websiteName ?? item.name}</span>
                    </a>
                  )}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
