/**
 * The results map and Google Places search (only with site.integrations.googleMapsKey). The
 * island imports this module dynamically, so sites without a key never load it or Google's script.
 */
import { useEffect } from 'react';
import { APIProvider, Map, Marker, useMap, useMapsLibrary } from '@vis.gl/react-google-maps';
import type { LatLng } from '../../lib/geo.ts';
import { boundsOf, googlePlaceSearch, mapOptions } from './google-places.ts';
import type { PlaceSearch } from './places.ts';

export interface MapPoint extends LatLng {
  id: string;
  name: string;
}

interface Props {
  apiKey: string;
  points: MapPoint[];
  origin?: LatLng;
  /** The dealer's first location: where the map starts. */
  center: LatLng;
  /** Receives the Google place search once the Places and Geocoding libraries are loaded. */
  onPlaceSearch: (search: PlaceSearch) => void;
}

function PlacesBridge({ onPlaceSearch }: Pick<Props, 'onPlaceSearch'>) {
  const places = useMapsLibrary('places');
  const geocoding = useMapsLibrary('geocoding');
  useEffect(() => {
    if (!places || !geocoding) return;
    onPlaceSearch(
      googlePlaceSearch(places, new geocoding.Geocoder(), {
        error: (message, detail) => console.error(message, detail),
      }),
    );
  }, [places, geocoding, onPlaceSearch]);
  return null;
}

function FitBounds({ points }: { points: LatLng[] }) {
  const map = useMap();
  useEffect(() => {
    const bounds = boundsOf(points);
    if (map && bounds) map.fitBounds(bounds, 48);
  }, [map, points]);
  return null;
}

export default function GoogleMap({ apiKey, points, origin, center, onPlaceSearch }: Props) {
  const all = origin ? [origin, ...points] : points;
  return (
    <APIProvider apiKey={apiKey} region="AU" language="en-AU">
      <PlacesBridge onPlaceSearch={onPlaceSearch} />
      <Map className="locations-map" {...mapOptions(center)}>
        {points.map((p) => (
          <Marker key={p.id} position={{ lat: p.lat, lng: p.lng }} title={p.name} />
        ))}
      </Map>
      <FitBounds points={all} />
    </APIProvider>
  );
}
