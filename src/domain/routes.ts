/**
 * Every URL of a dealer site, decided once from its content. The page route, the sitemap and
 * every link helper use this module, so a link is never made to a page that is not built.
 */
import type { DealerContent } from '../content/load.ts';
import type { Page } from '../content/page.ts';
import type { Car, Model, StaffMember } from '../content/entities.ts';
import type { Site } from '../content/site.ts';

export type Route =
  | { kind: 'page'; path: string; page: Page }
  | { kind: 'model'; path: string; model: Model }
  | { kind: 'car'; path: string; car: Car }
  | { kind: 'team'; path: string; member: StaffMember }
  | { kind: 'terms' | 'privacy' | 'notFound'; path: string }
  /** The visitor's saved cars and the side-by-side comparison: drawn in the browser, never indexed. */
  | { kind: 'saved' | 'compare'; path: string };

export const TERMS_PATH = '/terms-and-conditions';
export const PRIVACY_PATH = '/privacy-policy';
export const NOT_FOUND_PATH = '/404';
export const SAVED_CARS_PATH = '/saved-cars';
export const COMPARE_PATH = '/compare';

export function modelPath(model: Model): string {
  return '/' + (model.new_slug || model.slug).replace(/^\/+/, '');
}

/** Where a model tile links: its override_url when present, else its model page. */
export function modelHref(model: Model): string {
  return model.override_url || modelPath(model);
}

/** Sold and hidden cars are never listed or given a page. */
export function isListed(car: Car): boolean {
  return car.status !== 'sold' && car.status !== 'hidden';
}

export function carPath(car: Car): string {
  return `/cars/${car.slug}`;
}

/** The staff profile URL, or undefined when the site or the member has no profile page. */
export function profileHref(site: Site, member: StaffMember): string | undefined {
  if (!site.options.team.profilePages || member.remove_profile_page) return undefined;
  return `/team/${member.slug}`;
}

export function dealerRoutes(d: DealerContent): Route[] {
  const routes: Route[] = d.pages.map((page) => ({ kind: 'page', path: page.path, page }));
  const taken = new Set(routes.map((r) => r.path));
  const add = (r: Route) => {
    if (taken.has(r.path)) return;
    taken.add(r.path);
    routes.push(r);
  };
  for (const model of d.models) add({ kind: 'model', path: modelPath(model), model });
  for (const car of d.cars) if (isListed(car)) add({ kind: 'car', path: carPath(car), car });
  for (const member of d.team) {
    const href = profileHref(d.site, member);
    if (href) add({ kind: 'team', path: href, member });
  }
  add({ kind: 'saved', path: SAVED_CARS_PATH });
  add({ kind: 'compare', path: COMPARE_PATH });
  add({ kind: 'terms', path: TERMS_PATH });
  add({ kind: 'privacy', path: PRIVACY_PATH });
  add({ kind: 'notFound', path: NOT_FOUND_PATH });
  return routes;
}

/** Absolute URL on the dealer's production origin. */
export function absoluteUrl(site: Site, path: string): string {
  const origin = site.url.replace(/\/+$/, '');
  return path === '/' ? origin + '/' : origin + path;
}
