/**
 * Stands in for the `qs` query-string package in the site's bundles (astro.config.mjs aliases it).
 * Its one importer there is InstantSearch's default history router, which the cars search never
 * uses: it routes with src/features/search/ui/url-router.ts, whose flat parameters URLSearchParams handles.
 * Bundled, `qs` and its dependencies were about 17 KB gzipped of every used-cars page. Anything
 * that calls it is a mistake, and says so.
 */
function notBundled(): never {
  throw new Error(
    'The qs package is not bundled into the site (astro.config.mjs): route searches with src/features/search/ui/url-router.ts.',
  );
}

export default { parse: notBundled, stringify: notBundled };
