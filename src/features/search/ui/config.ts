/**
 * Which search backend the cars and offers islands use, decided at BUILD time and passed to each
 * island as a serialisable prop:
 * - `ALGOLIA_APP_ID` and `ALGOLIA_SEARCH_KEY` set: Algolia (its search-only key is public by
 *   design). Index names are `ALGOLIA_INDEX_PREFIX` + the route's names (cars, cars_price_asc, …,
 *   offers); "{site}" in the prefix is replaced by the dealer's slug, e.g. "prod_{site}_".
 * - otherwise: the API's own route (/api/search), backed by PostgreSQL.
 * The island calls `loadSearchClient(config)`: only Algolia mode imports `algoliasearch/lite`,
 * so sites without Algolia ship none of it.
 */
import { API_BASE } from '../../../contract/routes.ts';
import { createSearchClient, type ApiSearchClient } from './client.ts';
import { envDefault, processEnv, readEnv, type Env } from '../../../config/env.ts';

export const SEARCH_INDEXES = [
  'cars',
  'cars_newest',
  'cars_price_asc',
  'cars_price_desc',
  'cars_year_desc',
  'cars_km_asc',
  'offers',
] as const;
export type SearchIndexName = (typeof SEARCH_INDEXES)[number];

export type SearchConfig =
  { backend: 'api'; apiBase: string } | { backend: 'algolia'; appId: string; searchKey: string; indexPrefix: string };

/** The island prop for one dealer, from the build's environment. */
export function searchConfigFromEnv(siteSlug: string, env: Env = processEnv()): SearchConfig {
  const appId = readEnv(env, 'ALGOLIA_APP_ID')?.trim();
  const searchKey = readEnv(env, 'ALGOLIA_SEARCH_KEY')?.trim();
  if (appId && searchKey) {
    return {
      backend: 'algolia',
      appId,
      searchKey,
      indexPrefix: (readEnv(env, 'ALGOLIA_INDEX_PREFIX') ?? envDefault('ALGOLIA_INDEX_PREFIX')).replaceAll(
        '{site}',
        siteSlug,
      ),
    };
  }
  return { backend: 'api', apiBase: API_BASE };
}

/** The backend's name for one of the route's indexes. */
export function indexNameFor(config: SearchConfig, name: SearchIndexName): string {
  return config.backend === 'algolia' ? `${config.indexPrefix}${name}` : name;
}

/** Structurally what InstantSearch needs of a search client (both backends' clients fit). */
export type IslandSearchClient = Pick<ApiSearchClient, 'search'>;

/** The client of the configured backend; Algolia's library is loaded only in Algolia mode. */
export async function loadSearchClient(config: SearchConfig): Promise<IslandSearchClient> {
  if (config.backend === 'algolia') {
    const { liteClient } = await import('algoliasearch/lite');
    return liteClient(config.appId, config.searchKey) as unknown as IslandSearchClient;
  }
  return createSearchClient({ apiBase: config.apiBase });
}
