/**
 * The new dealer's entity files and pages from the sample's (scaffold.ts): locations that are the
 * new website's, cars and listing blocks without the sample's listing accounts, reviews blocks
 * without its review profiles, brands and offers pointing at the new website id, and nothing
 * that names a secret. Pages and blocks are otherwise kept: they are the template.
 */
import {
  isObject,
  isReviewProfileName,
  isSecretName,
  withoutFields,
  type Json,
  type JsonObject,
} from './scaffold-clean.ts';
import type { ScaffoldContext } from './scaffold-context.ts';
import { ALL_REVIEWS } from '../../src/domain/reviews.ts';

const objects = (v: Json | undefined): JsonObject[] => (Array.isArray(v) ? v.filter(isObject) : []);

function locations(ctx: ScaffoldContext, list: JsonObject[]): Json {
  const { dealer } = ctx;
  const removed: string[] = [];
  const out = list.map((l, i) => {
    const loc = withoutFields(structuredClone(l), isReviewProfileName, `[${i}]`, removed) as JsonObject;
    loc.website_id = ctx.id;
    if ('website_name' in loc) loc.website_name = dealer.name;
    if ('website_url' in loc) loc.website_url = dealer.url;
    if (isObject(loc.dealership)) loc.dealership = { id: ctx.dealership(loc.dealership.id), slug: dealer.slug };
    if (isObject(loc.contact_detail) && 'phone' in loc.contact_detail) loc.contact_detail.phone = ctx.phone;
    return loc;
  });
  ctx.changed.push(
    `locations.json: ${out.length} locations given website_id ${ctx.id}, the new name, url and dealership ids, placeholder phones` +
      (removed.length ? `; removed ${removed.join(', ')}` : ''),
  );
  ctx.todo.push(
    "locations.json: each location's name, address (with lat and long), phone, opening_hours and hours, manufacturers, dealership",
  );
  return out;
}

/** A page's blocks: cars filters without `account`, reviews blocks without a `gmbProfile`. */
function blocks(value: Json, at: string, removed: string[]): Json {
  if (Array.isArray(value)) return value.map((v, i) => blocks(v, `${at}[${i}]`, removed));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = blocks(v, `${at}.${k}`, removed);
  const data = out.data;
  if (typeof out.type === 'string' && isObject(data)) {
    if (out.type === 'cars' && isObject(data.filters) && 'account' in data.filters) {
      delete data.filters.account;
      removed.push(`${at}.data.filters.account`);
    }
    const profile = data.gmbProfile;
    if (
      out.type === 'reviews' &&
      typeof profile === 'string' &&
      profile.trim().toLowerCase() !== ALL_REVIEWS.toLowerCase()
    ) {
      delete data.gmbProfile;
      removed.push(`${at}.data.gmbProfile`);
    }
  }
  return out;
}

/** Every file but site.json and reviews.json, as the new dealer's. */
export function scaffoldEntities(ctx: ScaffoldContext, files: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  const sampleId = ctx.sample.id;
  for (const [file, json] of Object.entries(files)) {
    if (file === 'site.json' || file === 'reviews.json') continue;
    const secrets: string[] = [];
    let v = withoutFields(structuredClone(json), isSecretName, '', secrets);
    if (secrets.length) ctx.changed.push(`${file}: removed ${secrets.join(', ')}`);
    if (file === 'locations.json') v = locations(ctx, objects(v));
    else if (file === 'cars.json') {
      const cars = objects(v);
      const accounts = cars.filter((c) => 'account' in c).length;
      for (const c of cars) delete c.account;
      if (accounts)
        ctx.changed.push(`cars.json: the account of ${accounts} cars removed (the sample's listing accounts)`);
    } else if (file === 'brands.json') {
      for (const b of objects(v))
        if (Array.isArray(b.websites))
          b.websites = objects(b.websites)
            .filter((w) => w.id === sampleId)
            .map((w) => ({ ...w, id: ctx.id, name: ctx.dealer.name, url: ctx.dealer.url }));
      ctx.changed.push("brands.json: the sample's websites left out, its own now the new dealer's");
    } else if (file === 'offers.json') {
      for (const o of objects(v))
        if (Array.isArray(o.excluded_website_ids))
          o.excluded_website_ids = o.excluded_website_ids.map((id) => (id === sampleId ? ctx.id : id));
    } else if (file.startsWith('pages/')) {
      const removed: string[] = [];
      v = blocks(v, '', removed);
      if (removed.length) ctx.changed.push(`${file}: removed ${removed.map((p) => p.slice(1)).join(', ')}`);
    }
    out[file] = v;
  }
  ctx.todo.push(
    "team.json: the dealer's staff (names, positions, phones, photos); the sample's are there now",
    "cars.json: the dealer's stock, or import its feed (npm run stock -- import); the sample's cars are there now",
    "pages/: every page is the sample's template: check its texts, images, forms and listing filters",
    "reviews.json and integrations.reviewsGmbIds: the dealer's Google Business profiles, if any",
    'models.json, offers.json, brands.json, slides.json: the makes, models and offers the dealer sells',
  );
  return out;
}
