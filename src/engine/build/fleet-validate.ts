/**
 * The build's checks across a fleet for copy mistakes (src/content/fleet-checks.ts), over the
 * dealers' facts: those of the dealers the build keeps (from their manifest entries), then each
 * slice and batch in the order read. The values one dealer should not share with another are
 * checked as they are read (the later dealer warned); the websites locations name need the whole
 * fleet, so they are checked once every dealer is read (`locationIssues`).
 */
import type { ContentIssue } from '../../content/issues.ts';
import { FleetIndex, locationWarnings, type DealerFacts, type FleetSite } from '../../content/fleet-checks.ts';
import type { ManifestDealer } from './build-manifest.ts';

/** The index of the values the kept dealers hold (those whose entry has facts). */
export function keptIndex(kept: Record<string, ManifestDealer>): FleetIndex {
  const index = new FleetIndex();
  for (const entry of Object.values(kept)) if (entry.fleet) index.add(entry.fleet);
  return index;
}

/**
 * The warnings of each location naming a website no dealer of the fleet (the kept dealers and
 * `read`) has, or another dealer's outside its group: for the dealers of `read` only.
 */
export function locationIssues(read: DealerFacts[], kept: Record<string, ManifestDealer>): ContentIssue[] {
  const sites = new Map<number, FleetSite>();
  const addSite = (id: number, site: FleetSite) => {
    if (!sites.has(id)) sites.set(id, site);
  };
  for (const [slug, e] of Object.entries(kept))
    addSite(e.id, { slug, ...(e.fleet?.company !== undefined ? { company: e.fleet.company } : {}) });
  for (const f of read) addSite(f.id, { slug: f.slug, ...(f.company !== undefined ? { company: f.company } : {}) });
  return read.flatMap((f) => locationWarnings(f, sites));
}
