/**
 * The cars block's first results, computed at build time: CarsApp rendered once with the
 * in-memory client over the dealer's cars (sold and hidden excluded), which records InstantSearch's
 * requests and answers as `initialResults`. Build-only: it imports react-dom/server.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { getServerState, type InstantSearchServerState } from 'react-instantsearch';
import type { Car } from '../../content/entities.ts';
import type { SearchConfig } from '../../features/search/ui/config.ts';
import { staticCarsClient } from '../../features/search/ui/cars-static-search.ts';
import CarsApp, { type CarsAppSettings } from './CarsApp.tsx';

export function carsServerState(
  cars: readonly Car[],
  config: SearchConfig,
  settings: CarsAppSettings,
): Promise<InstantSearchServerState> {
  const prefix = config.backend === 'algolia' ? config.indexPrefix : '';
  const client = staticCarsClient(cars, (name) =>
    prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name,
  );
  return getServerState(createElement(CarsApp, { ...settings, searchClient: client as never }), { renderToString });
}
