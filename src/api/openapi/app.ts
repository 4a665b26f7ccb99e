/**
 * GET /api/openapi.json: the OpenAPI document (document.ts) of the request's site, its server the
 * site's own origin: the local `http://<slug>.localhost:<port>` it was asked on under npm start,
 * else the origin of the dealer's site.url (never a host the request merely names).
 */
import type { ApiDeps } from '../core/deps.ts';
import type { DealerContent } from '../../content/load.ts';
import { featureApp, routePath, site } from '../core/respond.ts';
import { openApiDocument } from './document.ts';

/** Changes only with a deploy, as the catalogue's answers. */
const DOCUMENT_CACHE = 'public, max-age=3600';

/** The origin the document's server names for `dealer`, asked at `url`. */
export function siteOrigin(url: URL, dealer: DealerContent): string {
  return url.hostname === `${dealer.slug}.localhost` ? url.origin : new URL(dealer.site.url).origin;
}

export function openApiApp(deps: ApiDeps) {
  // One document per dealer at its site.url, built on its first request; a local host's port
  // varies with the request, so its document is built each time (npm start only).
  const built = new Map<DealerContent, string>();
  return featureApp().get(routePath('openapi'), site(deps), (c) => {
    const dealer = c.get('dealer');
    const url = new URL(c.req.url);
    const host = c.req.header('host');
    if (host) url.host = host;
    const origin = siteOrigin(url, dealer);
    const local = origin !== new URL(dealer.site.url).origin;
    let text = local ? undefined : built.get(dealer);
    if (!text) {
      text = JSON.stringify(openApiDocument(origin, dealer.site.name));
      if (!local) built.set(dealer, text);
    }
    return c.body(text, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': DOCUMENT_CACHE });
  });
}
