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
  | { kind: 'saved' | 'compare'; path: string }
  /** The shopper's online deal (src/features/online-deal/): drawn in the browser, never indexed; only where deals are on. */
  | { kind: 'deal'; path: string };

export const TERMS_PATH = '/terms-and-conditions';
export const PRIVACY_PATH = '/privacy-policy';
export const NOT_FOUND_PATH = '/404';
export const SAVED_CARS_PATH = '/saved-cars';
export const COMPARE_PATH = '/compare';
export const DEAL_PATH = '/deal';

export function modelPath(model: Model): string {
  return '/' + (model.new_slug || model.slug).replace(/^\/+/, '');
}

/** Where a model tile links: its override_url when present, else its model page. */
export function modelHref(model: Model): string {
  return model.override_url || modelPath(model);
}

/** Sold and hidden cars are never listed. */
export function isListed(car: Car): boolean {
  return car.status !== 'sold' && car.status !== 'hidden';
}

/** Content format 1.3: how long a sold car keeps its page, counted from `sold_at`. */
export const SOLD_PAGE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a sold car's page goes (its address then answers the site's 404), in ms since the epoch.
 * A sold car without a readable `sold_at` counts from `now`: the build that sees it sold first
 * (the build stamps `sold_at` from its manifest, src/engine/build/sold-cars.ts, so later builds
 * count from that first one).
 */
export function soldPageEnds(car: Car, now: number): number {
  const at = car.sold_at ? Date.parse(car.sold_at) : NaN;
  return (Number.isFinite(at) ? at : now) + SOLD_PAGE_DAYS * DAY_MS;
}

/**
 * Whether a car has a page at `now`: a listed car always, a sold car for SOLD_PAGE_DAYS after it
 * was sold (the page says so and offers nothing), a hidden car never.
 */
export function hasCarPage(car: Car, now: number = Date.now()): boolean {
  if (car.status === 'hidden') return false;
  if (car.status !== 'sold') return true;
  return now < soldPageEnds(car, now);
}

export function carPath(car: Car): string {
  return `/cars/${car.slug}`;
}

/** The staff profile URL, or undefined when the site or the member has no profile page. */
export function profileHref(site: Site, member: StaffMember): string | undefined {
  if (!site.options.team.profilePages || member.remove_profile_page) return undefined;
  return `/team/${member.slug}`;
}

/** `now` decides which sold cars still have their page (hasCarPage); a build passes its own time. */
export function dealerRoutes(d: DealerContent, now: number = Date.now()): Route[] {
  const routes: Route[] = d.pages.map((page) => ({ kind: 'page', path: page.path, page }));
  const taken = new Set(routes.map((r) => r.path));
  const add = (r: Route) => {
    if (taken.has(r.path)) return;
    taken.add(r.path);
    routes.push(r);
  };
  for (const model of d.models) add({ kind: 'model', path: modelPath(model), model });
  for (const car of d.cars) if (hasCarPage(car, now)) add({ kind: 'car', path: carPath(car), car });
  for (const member of d.team) {
    const href = profileHref(d.site, member);
    if (href) add({ kind: 'team', path: href, member });
  }
  add({ kind: 'saved', path: SAVED_CARS_PATH });
  add({ kind: 'compare', path: COMPARE_PATH });
  if (d.site.online_deal?.enabled) add({ kind: 'deal', path: DEAL_PATH });
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
