/**
 * Which dealership websites service a make (the simple service booking, spec §4, and
 * src/forms/forms/simple-service.ts): the island asks this after the make step, with the
 * websites of GET /api/manufacturer-locations.
 */

/** The key of the make step; leaving it is where the island matches websites. */
export const MAKE_STEP_KEY = 'make';

/** One website of GET /api/manufacturer-locations (fields the match reads; others are ignored). */
export interface ManufacturerWebsite {
  id: number | string;
  name: string;
  url: string;
  dealership?: { id: number | string; slug: string } | null;
  locations: {
    id?: number | string;
    name?: string;
    manufacturers?: string[] | null;
    location_type?: string | null;
  }[];
}

export interface ServiceSiteOption {
  label: string;
  value: string;
  url: string;
  websiteId: string;
  /** The website the visitor is on: choosing it opens the form instead of leaving. */
  current: boolean;
}

export type ServiceSiteMatch =
  { kind: 'redirect'; url: string } | { kind: 'choose'; options: ServiceSiteOption[] } | { kind: 'form' };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Which websites service `make`: those with a service location whose manufacturers include the
 * make (case-insensitive). One website → redirect to it (unless it is the current site, which
 * simply shows its form); several → choose among their matching locations; none → form.
 */
export function matchServiceSites(
  make: string,
  websites: readonly ManufacturerWebsite[],
  opts: { currentSiteId?: number | string } = {},
): ServiceSiteMatch {
  if (!make.trim()) return { kind: 'form' };
  const current = opts.currentSiteId === undefined ? undefined : String(opts.currentSiteId);
  const matches = new Map<string, ServiceSiteOption[]>();
  for (const site of websites) {
    if (!site.url) continue;
    const id = String(site.id);
    for (const loc of site.locations ?? []) {
      const services = same(loc.location_type ?? '', 'service');
      if (!services || !(loc.manufacturers ?? []).some((m) => same(m, make))) continue;
      const list = matches.get(id) ?? [];
      list.push({
        label: loc.name || site.name,
        value: String(loc.id ?? `${id}-${list.length}`),
        url: site.url,
        websiteId: id,
        current: id === current,
      });
      matches.set(id, list);
    }
  }
  if (matches.size === 0) return { kind: 'form' };
  if (matches.size === 1) {
    const [id, options] = [...matches][0]!;
    return id === current ? { kind: 'form' } : { kind: 'redirect', url: options[0]!.url };
  }
  return { kind: 'choose', options: [...matches.values()].flat() };
}
