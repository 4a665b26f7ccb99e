/**
 * Copy mistakes across a fleet: a dealer made by copying another keeps, unless someone changes
 * them, the other's Google Tag Manager container, review profiles, listing accounts and the
 * website id its locations name. Each is a build warning (an error under `--strict`) naming both
 * dealers and the file and field. A fleet build reads its dealers a slice at a time, so a check
 * across dealers works on each dealer's small facts (`dealerFacts`), never the dealers themselves:
 * they travel between slices, batches and builds (the manifest keeps them for the dealers a build
 * does not read again).
 *
 * As with a website id used twice, the dealer read first keeps a value and each later one is
 * warned. The AU consent check needs no other dealer and stands here as one more copy mistake.
 */
import type { DealerContent } from './dealer.ts';
import type { ContentIssue } from './issues.ts';
import { jsonPath } from './issues.ts';

/** Where a value was found in a dealer's snapshot, for the message. */
export interface Place {
  /** The value as written. */
  value: string;
  file: string;
  path: string;
}

/** What the checks across a fleet need of one dealer (kept in the build manifest). */
export interface DealerFacts {
  slug: string;
  /** site.json's website id. */
  id: number;
  /** site.json's dealerCompanyId: dealers with the same one are a group. */
  company?: number;
  /** analytics.gtmId. */
  gtm?: Place;
  /** Every Google Business profile (reviewsGmbIds, reviews.json), first place of each. */
  reviews: Place[];
  /** Every listing account (stock.default_account, the cars'), first place of each. */
  accounts: Place[];
  /** The locations whose website_id is not the dealer's own, with their place in locations.json. */
  locations: { path: string; websiteId: number }[];
  /** Whether some location is the dealer's own website's (website_id its id, or none). */
  ownLocation: boolean;
  /** The website ids that brands.json names (a group's sites this fleet may not build). */
  websites: number[];
}

const norm = (v: string) => v.trim().toLowerCase();

/** Adds `value` at `file`/`path` unless an equal value (case and outer spaces aside) is there. */
function addPlace(list: Place[], value: string | undefined, file: string, path: string) {
  if (!value?.trim()) return;
  if (list.some((p) => norm(p.value) === norm(value))) return;
  list.push({ value: value.trim(), file, path });
}

/** The facts of one validated dealer. */
export function dealerFacts(d: DealerContent): DealerFacts {
  const reviews: Place[] = [];
  (d.site.integrations?.reviewsGmbIds ?? []).forEach((g, i) =>
    addPlace(reviews, g, 'site.json', `integrations.reviewsGmbIds[${i}]`),
  );
  for (const g of Object.keys(d.reviews)) addPlace(reviews, g, 'reviews.json', jsonPath([g]));
  const accounts: Place[] = [];
  addPlace(accounts, d.site.stock?.default_account, 'site.json', 'stock.default_account');
  d.cars.forEach((c, i) => addPlace(accounts, c.account, 'cars.json', `[${i}].account`));
  const gtm = d.site.analytics?.gtmId?.trim();
  return {
    slug: d.slug,
    id: d.site.id,
    ...(d.site.dealerCompanyId !== undefined ? { company: d.site.dealerCompanyId } : {}),
    ...(gtm ? { gtm: { value: gtm, file: 'site.json', path: 'analytics.gtmId' } } : {}),
    reviews,
    accounts,
    locations: d.locations.flatMap((l, i) =>
      l.website_id !== undefined && l.website_id !== d.site.id
        ? [{ path: `[${i}].website_id`, websiteId: l.website_id }]
        : [],
    ),
    ownLocation: d.locations.some((l) => l.website_id === undefined || l.website_id === d.site.id),
    websites: [...new Set(d.brands.flatMap((b) => b.websites.map((w) => Number(w.id))))].filter(Number.isFinite),
  };
}

/** AU privacy practice expects opt-in consent: a notice (tags load before any choice) is a warning. */
export function consentWarnings(d: DealerContent): ContentIssue[] {
  if (d.site.country !== 'AU' || d.site.consent?.mode !== 'notice') return [];
  return [
    {
      dealer: d.slug,
      file: 'site.json',
      path: 'consent.mode',
      message:
        'consent.mode "notice" on an AU dealer loads the tag manager and chat before the visitor agrees; ' +
        'Australian privacy practice expects opt-in consent for analytics and marketing: use "opt_in" (the default)',
    },
  ];
}

const issue = (f: DealerFacts, at: Place, message: string): ContentIssue => ({
  dealer: f.slug,
  file: at.file,
  path: at.path,
  message,
});

/**
 * The values the dealers read so far hold, the first dealer of each kept: what a later dealer's
 * facts are checked against. `add` a dealer after checking it.
 */
export class FleetIndex {
  private readonly gtm = new Map<string, [string, Place]>();
  private readonly reviews = new Map<string, [string, Place]>();
  private readonly accounts = new Map<string, [string, Place]>();

  /** Records the dealer's values (those not held already). */
  add(f: DealerFacts): void {
    const keep = (map: Map<string, [string, Place]>, p: Place) => {
      if (!map.has(norm(p.value))) map.set(norm(p.value), [f.slug, p]);
    };
    if (f.gtm) keep(this.gtm, f.gtm);
    for (const p of f.reviews) keep(this.reviews, p);
    for (const p of f.accounts) keep(this.accounts, p);
  }

  /** One warning per value of `f` that another dealer read earlier holds. */
  check(f: DealerFacts): ContentIssue[] {
    const out: ContentIssue[] = [];
    const other = (map: Map<string, [string, Place]>, p: Place) => {
      const held = map.get(norm(p.value));
      return held && held[0] !== f.slug ? held : undefined;
    };
    const where = ([slug, p]: [string, Place]) => `used by dealer "${slug}" (${p.file} ${p.path})`;
    const gtm = f.gtm && other(this.gtm, f.gtm);
    if (f.gtm && gtm)
      out.push(
        issue(
          f,
          f.gtm,
          `Google Tag Manager container "${f.gtm.value}" is also ${where(gtm)}: each dealer's site needs its own container, or one dealer's visits are counted as the other's`,
        ),
      );
    for (const p of f.reviews) {
      const held = other(this.reviews, p);
      if (held)
        out.push(
          issue(
            f,
            p,
            `review profile "${p.value}" is also ${where(held)}: this site would show the other dealer's Google reviews`,
          ),
        );
    }
    for (const p of f.accounts) {
      const held = other(this.accounts, p);
      if (held)
        out.push(
          issue(
            f,
            p,
            `listing account "${p.value}" is also ${where(held)}: listing blocks filtering on it would list the other dealer's yard`,
          ),
        );
    }
    return out;
  }
}

/** A website of the fleet: its dealer and that dealer's group. */
export type FleetSite = { slug: string; company?: number };

/**
 * Locations of `f` that name a website that is another dealer's outside its group (or any other
 * dealer's, when `f` lists no location of its own: a copied locations.json), or no website of the
 * fleet nor of its brands.json. `sites` is every website of the fleet, by id (needs the whole fleet).
 */
export function locationWarnings(f: DealerFacts, sites: ReadonlyMap<number, FleetSite>): ContentIssue[] {
  const out: ContentIssue[] = [];
  for (const l of f.locations) {
    const at: Place = { value: String(l.websiteId), file: 'locations.json', path: l.path };
    const owner = sites.get(l.websiteId);
    if (owner && owner.slug !== f.slug) {
      const group = f.company !== undefined && owner.company === f.company;
      if (group && f.ownLocation) continue;
      const why = group
        ? `and no location of this dealer is its own website's (${f.id}), as when locations.json was copied`
        : `a dealer outside this one's group (dealerCompanyId)`;
      out.push(
        issue(
          f,
          at,
          `website_id ${l.websiteId} is dealer "${owner.slug}"'s website id, ${why}: set it to ${f.id}, this site's id`,
        ),
      );
    } else if (!owner && !f.websites.includes(l.websiteId)) {
      out.push(
        issue(
          f,
          at,
          `website_id ${l.websiteId} is no dealer's website id in this build and no website of brands.json: set it to ${f.id}, this site's id`,
        ),
      );
    }
  }
  return out;
}
