/**
 * A new dealer made from a sample's snapshot (`npm run new-dealer`): the sample's pages, blocks,
 * models, theme and options are kept as the template, and everything that identifies the sample
 * dealer or is its own account somewhere else is changed or removed, so that the copy neither
 * reports into the sample's Google Tag Manager container, nor shows its reviews, nor lists its
 * yard, nor takes its website id. Pure: the command reads and writes the files (scripts/new-dealer.ts).
 */
import { scaffoldEntities } from './scaffold-entities.ts';
import { isObject, longestFirst, replaceText, type Json, type Replacement } from './scaffold-clean.ts';
import { scaffoldSite } from './scaffold-site.ts';
import {
  freshId,
  placeholderPhone,
  placeholderUrl,
  PLACEHOLDER_EMAIL,
  type NewDealer,
  type ScaffoldContext,
  type TakenIds,
} from './scaffold-context.ts';

export type { Json, JsonObject } from './scaffold-clean.ts';
export type { NewDealer, TakenIds } from './scaffold-context.ts';

/** A slug a dealer folder may have (site.json's slug): lowercase letters, digits and hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface Scaffold {
  /** The new dealer's files, by path relative to its folder. */
  files: Record<string, Json>;
  /** What was changed from the sample, one line each. */
  changed: string[];
  /** What the dealer must fill in or check before the site goes live, one line each. */
  todo: string[];
}

/** The website, dealership and company ids used anywhere in one dealer's site, locations and brands. */
export function idsOf(site: Json | undefined, locations: Json | undefined, brands: Json | undefined): TakenIds {
  const num = (v: Json | undefined) => (typeof v === 'number' ? [v] : []);
  const list = (v: Json | undefined) => (Array.isArray(v) ? v.filter(isObject) : []);
  const s = isObject(site) ? site : {};
  return {
    websites: [
      ...num(s.id),
      ...list(locations).flatMap((l) => num(l.website_id)),
      ...list(brands).flatMap((b) => list(b.websites).flatMap((w) => num(w.id))),
    ],
    dealerships: [
      ...num(s.dealershipId),
      ...list(locations).flatMap((l) => (isObject(l.dealership) ? num(l.dealership.id) : [])),
    ],
    companies: num(s.dealerCompanyId),
  };
}

/**
 * The new dealer's files from the sample's (`files`: path → parsed JSON). Throws when the sample
 * has no usable site.json.
 */
export function scaffoldDealer(sampleFiles: Record<string, Json>, dealer: NewDealer, taken: TakenIds): Scaffold {
  const sample = sampleFiles['site.json'];
  if (!isObject(sample)) throw new Error('site.json is missing or is not a JSON object');
  const country = dealer.country ?? (sample.country === 'NZ' ? 'NZ' : 'AU');
  const full: Required<NewDealer> = { ...dealer, country, url: dealer.url ?? placeholderUrl(dealer.slug) };
  let nextDealership = freshId([...taken.dealerships, ...taken.websites]);
  const dealerships = new Map<string, number>();
  const ctx: ScaffoldContext = {
    dealer: full,
    sample,
    id: freshId(taken.websites),
    dealership: (sampleId) => {
      const key = JSON.stringify(sampleId ?? null);
      if (!dealerships.has(key)) dealerships.set(key, nextDealership++);
      return dealerships.get(key)!;
    },
    phone: placeholderPhone(country),
    changed: [],
    todo: [],
  };
  const files: Record<string, Json> = { ...sampleFiles };
  files['site.json'] = scaffoldSite(ctx, freshId(taken.companies));
  Object.assign(files, scaffoldEntities(ctx, sampleFiles));
  if ('reviews.json' in files) {
    delete files['reviews.json'];
    ctx.changed.push("reviews.json: left out (the sample's Google reviews)");
  }
  // The sample's own words in every text of the template: its name, phone, email and address.
  const words: Replacement[] = longestFirst([
    { from: str(sample.name), to: full.name },
    { from: str(sample.url), to: full.url },
    { from: hostOf(str(sample.url)), to: hostOf(full.url) },
    { from: str(isObject(sample.contact) ? sample.contact.phone : undefined), to: ctx.phone },
    { from: str(isObject(sample.contact) ? sample.contact.email : undefined), to: PLACEHOLDER_EMAIL },
  ]);
  const count = { n: 0 };
  for (const [file, json] of Object.entries(files)) files[file] = replaceText(json, words, count);
  if (count.n)
    ctx.changed.push(
      `${count.n} texts: "${str(sample.name)}", its address, phone and email replaced with the new dealer's`,
    );
  return { files, changed: ctx.changed, todo: ctx.todo };
}

const str = (v: Json | undefined): string => (typeof v === 'string' ? v : '');
const hostOf = (url: string): string => (URL.canParse(url) ? new URL(url).host : '');
