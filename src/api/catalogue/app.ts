/**
 * Content the islands read at run time (spec §7):
 *
 * GET /api/manufacturer-locations
 *   200 { ok: true, websites: [{ id, name, url, dealership: { id, slug } | null, locations }] }
 *   The websites of the requesting dealer's own group, never another group's (several groups
 *   may share a deployment). The group's dealers are the requesting site and the deployed
 *   dealers with the same dealerCompanyId (a site without one is a group of its own). Listed:
 *   those dealers' sites, the deployed sites that their locations name (website_id), then, by
 *   id, the websites that their locations name and this deployment does not build, when a
 *   location gives the address (website_url; name from website_name, else the address's host).
 *   A website's locations are the locations of every dealer's locations.json whose website_id
 *   is that website (a location without website_id belongs to its file's site), each once, the
 *   website's own file winning: the same whoever asks. `dealership` is the primary location's
 *   (else the first location's) dealership, else `{ id: site.dealershipId, slug: site.slug }`,
 *   else null.
 *   404 when the request names no known site.
 *
 * GET /api/models/{modelSlug}   (slug or new_slug of one of the site's models)
 *   200 { slug, new_slug, name, manufacturer_name, status, from_price, short_description,
 *         brochure_url (null when the model has none), variants: [{ id, name, full_name, series,
 *         dap_min_price, dap_max_price }] }   — absent values are null
 *   404 unknown site or model
 */
import type { ApiDeps } from '../core/deps.ts';
import type { DealerContent } from '../../content/load.ts';
import type { Location, Model } from '../../content/entities.ts';
import { modelParams } from '../../contract/catalogue.ts';
import { ApiError } from '../core/errors.ts';
import { featureApp, routePath, site } from '../core/respond.ts';
import { validate } from '../core/validate.ts';
import { trimmed } from '../../lib/text.ts';

/** Content changes only with a deploy; an hour keeps a stale answer short-lived. */
const CONTENT_CACHE = 'public, max-age=3600';

export interface WebsiteLocations {
  id: number;
  name: string;
  url: string;
  dealership: { id: string | number; slug: string } | null;
  locations: Location[];
}

/** The deployed dealers of `requester`'s group: itself and those with its dealerCompanyId, in deployment order. */
function groupOf(dealers: readonly DealerContent[], requester: DealerContent): DealerContent[] {
  const company = requester.site.dealerCompanyId;
  return dealers.filter((d) => d === requester || (company !== undefined && d.site.dealerCompanyId === company));
}

/** The websites `requester` lists: see GET /api/manufacturer-locations above. */
export function websitesOf(dealers: readonly DealerContent[], requester: DealerContent): WebsiteLocations[] {
  const group = groupOf(dealers, requester);
  const named = new Set(group.flatMap((d) => d.locations.map((l) => l.website_id ?? d.site.id)));
  for (const d of group) named.add(d.site.id);
  const listed = dealers.filter((d) => named.has(d.site.id));
  const deployed = new Set(dealers.map((d) => d.site.id));

  const byWebsite = new Map<number, Map<string, Location>>();
  /** Name and address of websites known only from locations, by id. */
  const elsewhere = new Map<number, { name?: string; url?: string }>();
  // Every file, so that a website's locations are the same whoever asks.
  for (const dealer of dealers) {
    for (const location of dealer.locations) {
      const websiteId = location.website_id ?? dealer.site.id;
      if (!named.has(websiteId)) continue;
      let list = byWebsite.get(websiteId);
      if (!list) byWebsite.set(websiteId, (list = new Map<string, Location>()));
      const key = String(location.id);
      // The website's own file wins over another dealer's copy of the same location.
      if (!list.has(key) || websiteId === dealer.site.id) list.set(key, location);
      if (!deployed.has(websiteId)) {
        const known = elsewhere.get(websiteId) ?? {};
        elsewhere.set(websiteId, {
          name: known.name ?? trimmed(location.website_name),
          url: known.url ?? trimmed(location.website_url),
        });
      }
    }
  }
  const website = (
    id: number,
    name: string,
    url: string,
    fallback: WebsiteLocations['dealership'],
  ): WebsiteLocations => {
    const locations = [...(byWebsite.get(id)?.values() ?? [])];
    const lead = locations.find((l) => l.primary && l.dealership) ?? locations.find((l) => l.dealership);
    return { id, name, url, dealership: lead?.dealership ?? fallback, locations };
  };
  const own = listed.map(({ site }) =>
    website(
      site.id,
      site.name,
      site.url,
      site.dealershipId === undefined ? null : { id: site.dealershipId, slug: site.slug },
    ),
  );
  const others = [...elsewhere]
    .filter(([, w]) => w.url && /^https?:\/\//i.test(w.url))
    .sort(([a], [b]) => a - b)
    .map(([id, w]) => website(id, w.name ?? new URL(w.url!).host, w.url!, null));
  return [...own, ...others];
}

function modelDetails(model: Model) {
  return {
    slug: model.slug,
    new_slug: model.new_slug ?? null,
    name: model.name,
    manufacturer_name: model.manufacturer_name ?? null,
    status: model.status,
    from_price: model.from_price ?? null,
    short_description: model.short_description ?? null,
    brochure_url: model.brochure_url?.trim() || null,
    variants: model.model_variants.map((v) => ({
      id: v.id,
      name: v.name,
      full_name: v.full_name ?? null,
      series: v.series ?? null,
      dap_min_price: v.dap_min_price ?? null,
      dap_max_price: v.dap_max_price ?? null,
    })),
  };
}

/** GET /api/manufacturer-locations and GET /api/models/{modelSlug}. */
export function catalogueApp(deps: ApiDeps) {
  // Each dealer's list depends only on the deployment's content: built on its first request.
  const websitesByDealer = new Map<DealerContent, WebsiteLocations[]>();
  const notAModel = () => new ApiError(400, 'The model slug is not valid.', { modelSlug: 'is not a model slug' });

  return featureApp()
    .get(routePath('manufacturerLocations'), site(deps), (c) => {
      const dealer = c.get('dealer');
      let websites = websitesByDealer.get(dealer);
      if (!websites) websitesByDealer.set(dealer, (websites = websitesOf(deps.dealers, dealer)));
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json({ ok: true, websites });
    })
    .get(routePath('model'), site(deps), validate('param', modelParams, notAModel, ['modelSlug']), (c) => {
      const dealer = c.get('dealer');
      const slug = c.req.valid('param').modelSlug;
      const model = dealer.models.find((m) => m.slug.toLowerCase() === slug || m.new_slug?.toLowerCase() === slug);
      if (!model) throw new ApiError(404, `${dealer.site.name} has no model "${slug}".`);
      c.header('Cache-Control', CONTENT_CACHE);
      return c.json(modelDetails(model));
    });
}
