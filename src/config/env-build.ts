/**
 * The variables of the static-site build and the local preview: where the snapshot is, which
 * dealers to build, the CMS that lists staff and the Algolia search the islands may query.
 * Each is declared once, as an EnvVar (env-var.ts); env.ts gathers every group into ENV_VARS.
 */
import type { EnvVar } from './env-var.ts';

export const BUILD_VARS = {
  DEALERS_DIR: {
    type: 'text',
    default: 'dealers',
    usedBy: 'build, dev',
    description:
      'The snapshot folder the site build (npm start) and the local API read when no folder is named on the command line.',
  },
  ONLY_DEALERS: {
    type: 'list',
    usedBy: 'build, dev',
    description: 'Comma-separated slugs: only these dealers are built (or previewed); unset, every dealer.',
  },
  CMS_URL: {
    type: 'url',
    usedBy: 'build',
    description:
      'With CMS_TOKEN, staff lists come from the CMS (GET {CMS_URL}/websites/{id}/users.json) instead of team.json.',
  },
  CMS_TOKEN: {
    type: 'secret',
    usedBy: 'build',
    description: 'The bearer token of CMS_URL.',
  },
  CMS_CACHE_DIR: {
    type: 'text',
    default: '.cache/cms',
    usedBy: 'build',
    description: "Where the CMS's answers are cached; the last good copy is used while the CMS is down.",
  },
  ALGOLIA_APP_ID: {
    type: 'text',
    usedBy: 'build',
    description:
      "With ALGOLIA_SEARCH_KEY, the cars and offers search islands query Algolia instead of the API's own search.",
  },
  ALGOLIA_SEARCH_KEY: {
    type: 'text',
    usedBy: 'build',
    description: "Algolia's search-only key (public by design; shipped in the pages).",
  },
  ALGOLIA_INDEX_PREFIX: {
    type: 'text',
    default: '',
    usedBy: 'build',
    description: "Prefix of the Algolia index names; {site} in it becomes the dealer's slug.",
  },
} as const satisfies Record<string, EnvVar>;
