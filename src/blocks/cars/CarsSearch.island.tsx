/**
 * The cars block's island: CarsApp with the configured backend's client (loaded on the first
 * search, which the build's initial results put off until the visitor searches) and the search
 * state kept in the URL (src/features/search/ui/url-router.ts, flat parameters: ?q=&make=&price=lo:hi&sort=&page=).
 * It hydrates from the build's results (InstantSearchSSRProvider), so the server HTML and the
 * first client render are the same.
 */
import { useState } from 'react';
import { InstantSearchSSRProvider, type InstantSearchServerState, type InstantSearchProps } from 'react-instantsearch';
import type { IndexUiState } from 'instantsearch.js';
import { loadSearchClient, type IslandSearchClient, type SearchConfig } from '../../features/search/ui/config.ts';
import { urlRouter } from '../../features/search/ui/url-router.ts';
import { carsStateMapping, type CarSortIndex } from '../../features/search/rules/cars-search.ts';
import CarsApp, { type CarsAppSettings } from './CarsApp.tsx';
import SaveSearch from '../../features/saved-searches/ui/SaveSearch.tsx';

interface Props extends CarsAppSettings {
  config: SearchConfig;
  /** Keep the search in the URL (the page's first cars block only). */
  routing: boolean;
  serverState?: InstantSearchServerState;
}

/** The backend's client, imported and created on the first search. */
function lazyClient(config: SearchConfig): InstantSearchProps['searchClient'] {
  let client: Promise<IslandSearchClient> | undefined;
  const get = () => (client ??= loadSearchClient(config));
  return {
    search: (requests: Parameters<IslandSearchClient['search']>[0]) => get().then((c) => c.search(requests)),
  };
}

const indexFor = (config: SearchConfig) => (index: CarSortIndex) =>
  config.backend === 'algolia' ? `${config.indexPrefix}${index}` : index;

function setUp(props: Props): {
  searchClient: InstantSearchProps['searchClient'];
  routing?: InstantSearchProps['routing'];
  restore?: () => IndexUiState | undefined;
} {
  const searchClient = lazyClient(props.config);
  if (typeof window === 'undefined' || !props.routing) return { searchClient };
  const mapping = carsStateMapping(props.indexName, indexFor(props.config));
  const router = urlRouter();
  // InstantSearch reads the URL when it starts, before hydration: it gets the build's (empty)
  // state then, and the URL's once hydrated (restore), so server HTML and first render match.
  let hydrated = false;
  const stateMapping = {
    stateToRoute: mapping.stateToRoute,
    routeToState: (route: ReturnType<typeof mapping.stateToRoute>) =>
      hydrated ? mapping.routeToState(route) : { [props.indexName]: {} },
  };
  const restore = () => {
    hydrated = true;
    const state = mapping.routeToState(router.read())[props.indexName] ?? {};
    return Object.keys(state).length ? (state as IndexUiState) : undefined;
  };
  return { searchClient, routing: { router, stateMapping } as unknown as InstantSearchProps['routing'], restore };
}

export default function CarsSearch(props: Props) {
  const [{ searchClient, routing, restore }] = useState(() => setUp(props));
  const { config: _config, routing: _routing, serverState, ...settings } = props;
  return (
    <InstantSearchSSRProvider {...serverState}>
      {props.routing && props.sidebar && <SaveSearch idBase={props.idBase} filters={props.filters} />}
      <CarsApp {...settings} searchClient={searchClient} routing={routing} restore={restore} />
    </InstantSearchSSRProvider>
  );
}
