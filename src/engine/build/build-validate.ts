/**
 * The validation step of a build: reads and validates the chosen dealers a slice at a time,
 * applies the CMS's staff, checks website ids across the fleet (also against the dealers the
 * build keeps), and writes each valid dealer's content to the staging folder for the renderers
 * and the API. A fleet build holds no dealer after its slice is written, so the build process's
 * memory does not grow with the fleet; a small build keeps them to render in its own process.
 *
 * A dealer with an error is left out (`failed`, with its errors) and the others go on: one
 * editor's mistake never stops another dealer's publish. Only an error that is no one dealer's
 * (the dealers folder cannot be read) fails every dealer. Under `strict` a warning is an error.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { applyCmsStaff, cmsConfigFromEnv } from '../../content/cms.ts';
import type { ContentIssue } from '../../content/issues.ts';
import { duplicateIdIssue, loadDealers, type DealerContent } from '../../content/load.ts';
import { envSuffix, sharedSettingIssue } from '../../content/dealer-settings.ts';
import type { Car } from '../../content/entities.ts';
import { mapLimit } from '../../lib/concurrency.ts';
import { dealerRoutes } from '../../domain/routes.ts';
import { emptyListingWarnings } from '../../site/listing-filters.ts';
import { themeContrastWarnings } from '../../site/theme-contrast.ts';
import { menuLinkWarnings } from '../../site/menus.ts';
import { manifestEntry, type ManifestDealer } from './build-manifest.ts';
import { consentWarnings, dealerFacts, FleetIndex, type DealerFacts } from '../../content/fleet-checks.ts';
import { keptIndex, locationIssues } from './fleet-validate.ts';
import { stampSoldCars, type SoldSeen } from './sold-cars.ts';
import { carsWithMarketPrices, type KeptSnapshotEstimates } from '../../features/market-price/server/market-build.ts';

/** Dealers read and validated at once: enough to keep the loader's file limit busy. */
export const VALIDATE_SLICE = 50;

export interface Validated {
  /** Every error, of every failed dealer. */
  errors: ContentIssue[];
  /** The errors of each dealer left out, by slug. */
  failed: Record<string, ContentIssue[]>;
  warnings: ContentIssue[];
  /** The manifest entry of every valid dealer, by slug (without its stat signature). */
  entries: Record<string, ManifestDealer>;
  /** Pages of the valid dealers together. */
  pages: number;
  /** The dealers themselves, when asked to keep them. */
  dealers: DealerContent[];
  /** The website id of every dealer read (valid or not), in the order read: for checks across batches. */
  ids: [slug: string, id: number][];
  /** The facts of every dealer read, in the order read: for the copy-mistake checks across batches. */
  facts: DealerFacts[];
  /** Whether warnings counted as errors (`strict`): the merge counts its own the same way. */
  strict: boolean;
}

export async function validateDealers(o: {
  dealersDir: string;
  slugs: string[];
  /** Entries of the dealers the build keeps as they were: their website ids are taken. */
  kept: Record<string, ManifestDealer>;
  /** Where `<slug>.json` of each valid dealer goes. */
  contentDir: string;
  keep: boolean;
  builtAt: string;
  key: string;
  log: (line: string) => void;
  /** Dealers per slice (VALIDATE_SLICE). */
  slice?: number;
  /** Every warning is an error (`npm run build -- --strict`). */
  strict?: boolean;
  /** A `--preview` build: unknown blocks become visible stand-ins for editors. */
  preview?: boolean;
  /**
   * The imported stock of the dealers that import theirs (build-stock.ts): their cars replace the
   * snapshot's, and the stock's version goes into their manifest entry.
   */
  stock?: {
    cars: Record<string, Car[]>;
    versions: Record<string, string>;
    soldSeen?: Record<string, SoldSeen>;
    /** The kept market-price answers of the snapshot cars of the dealers that do not import. */
    marketPrices?: Record<string, KeptSnapshotEstimates>;
  };
  /** One batch of a fleet build (a render worker's): the websites locations name are checked by the merge. */
  batch?: boolean;
}): Promise<Validated> {
  const out: Validated = { ...emptyValidated(), strict: !!o.strict };
  const fleet = keptIndex(o.kept);
  const cms = cmsConfigFromEnv();
  const ids = new Map(Object.entries(o.kept).map(([slug, e]) => [e.id, slug]));
  const suffixes = new Map(Object.keys(o.kept).map((slug) => [envSuffix(slug), slug]));
  const size = o.slice ?? VALIDATE_SLICE;
  for (let i = 0; i < o.slugs.length; i += size) {
    const slice = o.slugs.slice(i, i + size);
    const loaded = await loadDealers(o.dealersDir, { only: slice, placeholders: !!o.preview });
    if (cms && loaded.dealers.length) loaded.errors.push(...(await applyCmsStaff(loaded.dealers, cms, { log: o.log })));
    const errors = o.strict ? [...loaded.errors, ...loaded.warnings] : loaded.errors;
    if (!o.strict) out.warnings.push(...loaded.warnings);
    // The loader checks ids within the slice; here against the other slices and the kept dealers.
    const inSlice = new Set(slice);
    for (const d of loaded.dealers) {
      const other = ids.get(d.site.id);
      if (other && other !== d.slug && !inSlice.has(other)) {
        errors.push(duplicateIdIssue(d.slug, d.site.id, other));
      }
      // Likewise the settings suffix made of its slug (src/content/dealer-settings.ts).
      const shares = suffixes.get(envSuffix(d.slug));
      if (shares && shares !== d.slug && !inSlice.has(shares)) errors.push(sharedSettingIssue(d.slug, shares));
    }
    for (const d of loaded.dealers) {
      if (!suffixes.has(envSuffix(d.slug))) suffixes.set(envSuffix(d.slug), d.slug);
      if (!ids.has(d.site.id)) ids.set(d.site.id, d.slug);
      out.ids.push([d.slug, d.site.id]);
    }
    // The stock a dealer is built with (its imported cars, when it imports them) is what its
    // listing blocks' filters must be able to match.
    const factsOf = new Map<string, DealerFacts>();
    for (const d of loaded.dealers) {
      const imported = o.stock?.cars[d.slug];
      if (imported) d.cars = imported;
      const facts = dealerFacts(d);
      const copied = [...fleet.check(facts), ...consentWarnings(d)];
      fleet.add(facts);
      out.facts.push(facts);
      factsOf.set(d.slug, facts);
      if (o.strict) errors.push(...copied);
      else out.warnings.push(...copied);
      const listing = [...emptyListingWarnings(d), ...menuLinkWarnings(d, Date.parse(o.builtAt))];
      listing.push(...themeContrastWarnings(d.slug, d.site));
      if (o.strict) errors.push(...listing);
      else out.warnings.push(...listing);
    }
    for (const e of errors) (out.failed[e.dealer] ??= []).push(e);
    out.errors.push(...errors);
    const valid = loaded.dealers.filter((d) => !out.failed[d.slug]);
    for (const d of valid) {
      const sold = stampSoldCars(d.cars, o.stock?.soldSeen?.[d.slug], o.builtAt);
      const kept = o.stock?.cars[d.slug] ? undefined : o.stock?.marketPrices?.[d.slug];
      d.cars = await carsWithMarketPrices(
        { ...d, cars: sold.cars },
        { asAt: o.builtAt.slice(0, 10), log: o.log, kept, now: new Date(o.builtAt) },
      );
      const pages = dealerRoutes(d, Date.parse(o.builtAt)).length;
      out.pages += pages;
      out.entries[d.slug] = {
        ...manifestEntry(d, loaded.fingerprints[d.slug]!, pages, o.builtAt, o.key, o.stock?.versions[d.slug], sold),
        fleet: factsOf.get(d.slug)!,
      };
    }
    await mapLimit(valid, 16, (d) => writeFile(path.join(o.contentDir, `${d.slug}.json`), JSON.stringify(d)));
    if (o.keep) out.dealers.push(...valid);
  }
  if (!o.batch) addIssues(out, locationIssues(out.facts, o.kept));
  return out;
}

function emptyValidated(): Validated {
  return {
    errors: [],
    failed: {},
    warnings: [],
    entries: {},
    pages: 0,
    dealers: [],
    ids: [],
    facts: [],
    strict: false,
  };
}

/** Issues found once the dealers are read: warnings, or under `strict` errors that refuse their dealer. */
function addIssues(out: Validated, issues: ContentIssue[]): void {
  if (!out.strict) return void out.warnings.push(...issues);
  for (const e of issues) {
    (out.failed[e.dealer] ??= []).push(e);
    out.errors.push(e);
    const entry = out.entries[e.dealer];
    if (entry) out.pages -= entry.pages;
    delete out.entries[e.dealer];
  }
  out.dealers = out.dealers.filter((d) => !out.failed[d.slug]);
}

/**
 * One fleet's validation from its batches' (each validated on its own, in order, by a render
 * worker): the same result as validating the whole fleet in one pass. The checks that span
 * batches, a website id used twice and the copy mistakes (fleet-validate.ts), are made here: as
 * within a batch, the dealer read first keeps the id and each later one is refused. Ids taken by
 * the kept dealers were checked by each batch.
 */
export function mergeValidated(batches: Omit<Validated, 'dealers'>[], kept: Record<string, ManifestDealer>): Validated {
  const out: Validated = { ...emptyValidated(), strict: batches.some((b) => b.strict) };
  const fleet = new FleetIndex();
  const keptSlugs = new Set(Object.keys(kept));
  const first = new Map(Object.entries(kept).map(([slug, e]) => [e.id, slug]));
  const firstSuffix = new Map(Object.keys(kept).map((slug) => [envSuffix(slug), slug]));
  for (const b of batches) {
    const errors = [...b.errors];
    for (const [slug, id] of b.ids) {
      const other = first.get(id);
      if (other && other !== slug && !keptSlugs.has(other)) {
        errors.push(duplicateIdIssue(slug, id, other));
      }
      const shares = firstSuffix.get(envSuffix(slug));
      if (shares && shares !== slug && !keptSlugs.has(shares)) errors.push(sharedSettingIssue(slug, shares));
    }
    // Each batch checked its dealers against the kept ones; here against the earlier batches.
    for (const f of b.facts) {
      (out.strict ? errors : out.warnings).push(...fleet.check(f));
      fleet.add(f);
    }
    for (const [slug, id] of b.ids) {
      if (!first.has(id)) first.set(id, slug);
      if (!firstSuffix.has(envSuffix(slug))) firstSuffix.set(envSuffix(slug), slug);
    }
    for (const e of errors) (out.failed[e.dealer] ??= []).push(e);
    out.errors.push(...errors);
    out.warnings.push(...b.warnings);
    out.ids.push(...b.ids);
    out.facts.push(...b.facts);
  }
  addIssues(out, locationIssues(out.facts, kept));
  for (const b of batches) {
    for (const [slug, entry] of Object.entries(b.entries)) {
      if (out.failed[slug]) continue;
      out.entries[slug] = entry;
      out.pages += entry.pages;
    }
  }
  return out;
}
