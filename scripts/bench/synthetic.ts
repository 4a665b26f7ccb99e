/**
 * Synthetic dealer snapshots for `npm run bench`: valid content (shared/content-format.md),
 * deterministic from a seed, and shaped like real dealers (AU/NZ suburbs, real makes).
 *
 * M (`pages`) is the number of routes each dealer gets, counted the way dealerRoutes counts them:
 * 5 fixed routes (saved cars, compare, terms, privacy, 404), then of the remaining R = M - 5: ⌊R/10⌋ model pages,
 * ⌊3R/20⌋ car pages, ⌊R/10⌋ staff profile pages, and the rest snapshot pages (home first).
 * M = 40 gives 24 snapshot pages, 3 models, 5 cars, 3 profiles and the 5 fixed routes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  PHOTO,
  colours,
  features,
  firstNames,
  int,
  lastNames,
  makes,
  modelNameSuffixes,
  pick,
  places,
  reviewTexts,
  seeded,
  slugify,
  staffRoles,
  variantNames,
  type Place,
  type Rand,
} from './bench-synthetic-data.ts';
import { syntheticPages } from './bench-synthetic-pages.ts';

export interface SyntheticOptions {
  dealers: number;
  /** Routes per dealer (M); at least 4. */
  pages: number;
  seed?: number;
}

export interface RoutePlan {
  snapshotPages: number;
  models: number;
  cars: number;
  profiles: number;
  fixed: 5;
}

export interface SyntheticDealer {
  slug: string;
  routes: number;
}

/** How M routes per dealer are made up. */
export function routePlan(pages: number): RoutePlan {
  if (!Number.isInteger(pages) || pages < 6)
    throw new RangeError(
      `pages must be a whole number of at least 6 (home, saved cars, compare, terms, privacy, 404), not ${pages}`,
    );
  const rest = pages - 5;
  const models = Math.floor(rest / 10);
  const cars = Math.floor((rest * 3) / 20);
  const profiles = Math.floor(rest / 10);
  return { snapshotPages: rest - models - cars - profiles, models, cars, profiles, fixed: 5 };
}

const areaCodes: Record<string, string> = {
  NSW: '02',
  ACT: '02',
  VIC: '03',
  TAS: '03',
  QLD: '07',
  WA: '08',
  SA: '08',
  NT: '08',
  Auckland: '09',
  Waikato: '07',
  'Bay of Plenty': '07',
  Wellington: '04',
  Canterbury: '03',
  Otago: '03',
  'Manawatu-Whanganui': '06',
};
const phone = (r: Rand, p: Place) => `(${areaCodes[p.state] ?? '02'}) ${int(r, 4000, 9899)} ${int(r, 1000, 9999)}`;
const streets = [
  'Church Street',
  'Parramatta Road',
  'Great Western Highway',
  'Main Road',
  'Victoria Street',
  'Station Road',
  'Pacific Highway',
];

/** Writes `<dir>/<slug>/…` for each dealer. Dealer i is the same whatever the dealer count. */
export async function writeSyntheticDealers(dir: string, options: SyntheticOptions): Promise<SyntheticDealer[]> {
  const plan = routePlan(options.pages);
  const seed = options.seed ?? 1;
  const taken = new Set<string>();
  const out: SyntheticDealer[] = [];
  for (let i = 0; i < options.dealers; i++) {
    const dealer = syntheticDealer(seeded(seed * 1_000_003 + i), i, plan, taken);
    const folder = path.join(dir, dealer.slug);
    await mkdir(path.join(folder, 'pages'), { recursive: true });
    for (const [file, value] of Object.entries(dealer.files)) {
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeFile(path.join(folder, file), JSON.stringify(value, null, 1));
    }
    out.push({ slug: dealer.slug, routes: options.pages });
  }
  return out;
}

function syntheticDealer(r: Rand, index: number, plan: RoutePlan, taken: Set<string>) {
  const place = pick(r, places);
  const make = pick(r, Object.keys(makes));
  const name = `${place.suburb} ${make}`;
  let slug = slugify(name);
  for (let n = 2; taken.has(slug); n++) slug = `${slugify(name)}-${n}`;
  taken.add(slug);
  const domain = `www.${slug.replace(/-/g, '')}.${place.country === 'NZ' ? 'co.nz' : 'com.au'}`;
  const id = 5000 + index;
  const gmb = `gmb-${slug}`;
  const site = {
    id,
    slug,
    name,
    url: `https://${domain}`,
    country: place.country,
    state: place.state,
    manufacturer: make,
    dealershipId: 700 + index,
    dealerCompanyId: 90 + (index % 7),
    logo: { url: PHOTO, width: 180, height: 60 },
    theme: {
      primaryColor: pick(r, ['#c8102e', '#003478', '#1a1a1a', '#00594f', '#b3001b']),
      secondaryColor: '#222222',
    },
    contact: { phone: phone(r, place), email: `sales@${domain.slice(4)}` },
    integrations: { reviewsGmbIds: [gmb] },
    options: { team: { profilePages: true } },
  };
  const locations = ['Sales', 'Service'].map((kind, n) => ({
    id: id * 10 + n,
    name: `${name} ${kind}`,
    location_type: kind.toLowerCase(),
    manufacturers: [make],
    primary: n === 0,
    address: {
      lat: place.lat + (r() - 0.5) / 100,
      long: place.long + (r() - 0.5) / 100,
      address: `${int(r, 1, 400)} ${pick(r, streets)}, ${place.suburb} ${place.state} ${place.postcode}`,
    },
    contact_detail: { phone: phone(r, place) },
    dealership: { id: 700 + index, slug },
    website_id: id,
    website_name: name,
    website_url: `https://${domain}`,
    opening_hours: [
      'Monday: 8:00 AM – 5:30 PM',
      'Tuesday: 8:00 AM – 5:30 PM',
      'Wednesday: 8:00 AM – 5:30 PM',
      'Thursday: 8:00 AM – 5:30 PM',
      'Friday: 8:00 AM – 5:30 PM',
      'Saturday: 8:00 AM – 12:00 PM',
      'Sunday: Closed',
    ],
  }));
  const models = syntheticModels(r, make, plan.models);
  const cars = syntheticCars(r, make, locations[0]!.name, plan.cars);
  const team = syntheticTeam(r, place, locations[0]!.id, plan.profiles);
  const offers = models.slice(0, 4).map((m, n) => ({
    id: id * 100 + n,
    name: `${m.name} drive-away offer`,
    category: 'new',
    description: `<p>Drive away the ${m.name} from <strong>$${m.from_price.toLocaleString('en-AU')}</strong>.</p>`,
    disclaimer: `Offer available at ${name} until the end of the month or while stocks last.`,
    image_or_model_image: { url: PHOTO },
    model: { slug: m.slug, name: m.name },
    manufacturer: make,
    excluded_website_ids: [],
    price: m.from_price,
    expires_at: '2026-12-31',
  }));
  const brands = [
    make,
    ...Object.keys(makes)
      .filter((m) => m !== make)
      .slice(index % 5, (index % 5) + 3),
  ].map((b, n) => ({
    id: n + 1,
    name: b,
    make: b,
    logo: { url: PHOTO },
    url: `https://www.${b.toLowerCase()}.com.au`,
    websites: [
      { id: id * 10 + n, name: `${place.suburb} ${b}`, url: `https://${domain}` },
      ...(n === 0
        ? [{ id: id * 10 + 9, name: `${place.suburb} Automotive Direct`, url: `https://${domain}/used` }]
        : []),
    ],
  }));
  const reviews = {
    [gmb]: {
      average_rating: 4 + int(r, 0, 9) / 10,
      count: int(r, 80, 900),
      reviews: reviewTexts.map((text, n) => ({
        text,
        review_date: `2025-0${1 + (n % 9)}-1${n}`,
        customer_name: `${pick(r, firstNames)} ${pick(r, lastNames)[0]}.`,
        rating: n === 5 ? 4 : 5,
      })),
    },
  };
  const content = { site, name, make, place, models, cars, team, offers, brands, gmb };
  const files: Record<string, unknown> = {
    'site.json': site,
    'models.json': models,
    'cars.json': cars,
    'team.json': team,
    'offers.json': offers,
    'locations.json': locations,
    'reviews.json': reviews,
    'brands.json': brands,
  };
  syntheticPages(r, content, plan.snapshotPages).forEach((page, n) => {
    files[`pages/${String(n).padStart(3, '0')}-${page.path === '/' ? 'home' : slugify(page.path)}.json`] = page;
  });
  return { slug, files };
}

function syntheticModels(r: Rand, make: string, count: number) {
  const range = makes[make]!;
  return Array.from({ length: count }, (_, n) => {
    const [base, body] = range[n % range.length]!;
    const suffix = modelNameSuffixes[Math.floor(n / range.length) % modelNameSuffixes.length]!;
    const round = Math.floor(n / (range.length * modelNameSuffixes.length));
    const name = `${base}${suffix}${round ? ` ${round + 1}` : ''}`;
    const price = int(r, 22, 75) * 1000 - 10;
    return {
      id: n + 1,
      slug: slugify(name),
      name,
      manufacturer_name: make,
      body: [body],
      status: n === 3 ? 'coming_soon' : 'available',
      banner: { url: PHOTO },
      image: { url: PHOTO },
      short_description: `The ${make} ${name} combines everyday comfort with the latest safety technology.`,
      from_price: price,
      colours: colours
        .slice(0, 3 + (n % 3))
        .map(([colour, hexCode], c) => ({ id: n * 10 + c, name: colour, photo_url: PHOTO, hexCode })),
      model_variants: variantNames.slice(n % 4, (n % 4) + 3).map((variant, v) => ({
        id: n * 10 + v,
        name: variant,
        full_name: `${name} ${variant}`,
        image: { url: PHOTO },
        features: features.slice(v * 3, v * 3 + 5).map((f, k) => (k === 0 ? `<strong>${f}</strong>` : f)),
        dap_min_price: price + v * 4000,
        dap_max_price: price + v * 4000 + 2500,
      })),
    };
  });
}

function syntheticCars(r: Rand, make: string, location: string, listed: number) {
  // One more car than pages: a car sold long ago (past its 30 days of sold page) is in the stock
  // file but never listed or given a page.
  return Array.from({ length: listed + 1 }, (_, n) => {
    const carMake = r() < 0.6 ? make : pick(r, Object.keys(makes));
    const [model, body] = pick(r, makes[carMake]!);
    const year = int(r, 2016, 2025);
    const id = int(r, 100000, 999999) * 10 + n;
    const badge = pick(r, variantNames);
    return {
      id,
      name: `${year} ${carMake} ${model} ${badge}`,
      slug: slugify(`${year} ${carMake} ${model} ${id}`),
      make: carMake,
      model,
      badge,
      year,
      km: year >= 2025 ? int(r, 10, 3000) : int(r, 8000, 140000),
      price: int(r, 12, 70) * 1000 - 10,
      car_type: year >= 2025 ? 'demo' : 'used',
      dealercomments: `One owner with full service history.\n\nInspected by our workshop and ready to drive away.`,
      photos: [PHOTO, PHOTO, PHOTO],
      photos_count: 3,
      simple_body: body,
      simple_fuel: pick(r, ['Petrol', 'Diesel', 'Hybrid']),
      seats: body === 'People Mover' ? 8 : 5,
      transmission: pick(r, ['Automatic', 'Manual']),
      colour: pick(r, colours)[0],
      status: n === listed ? 'sold' : 'available',
      ...(n === listed ? { sold_at: '2024-01-15T00:00:00.000Z' } : {}),
      location_name: location,
      stock_number: `U${id}`,
      vin: `JT${id}`.padEnd(17, 'X').slice(0, 17),
      rego: `${pick(r, ['ABC', 'XYZ', 'DEF'])}${int(r, 100, 999)}`,
      created_at_timestamp: 1_700_000_000 + n * 86_400,
    };
  });
}

function syntheticTeam(r: Rand, place: Place, locationId: number, profiles: number) {
  const used = new Set<string>();
  // Two more members than profile pages: staff who asked for no profile page still show in the team block.
  return Array.from({ length: profiles + 2 }, (_, n) => {
    const name = `${pick(r, firstNames)} ${pick(r, lastNames)}`;
    let slug = slugify(name);
    for (let k = 2; used.has(slug); k++) slug = `${slugify(name)}-${k}`;
    used.add(slug);
    const [category, positions] = staffRoles[n % staffRoles.length]!;
    return {
      id: n + 1,
      slug,
      name,
      position: pick(r, positions),
      category,
      rating: 4 + int(r, 0, 10) / 10,
      reviews_count: int(r, 3, 120),
      phone: phone(r, place),
      avatar_url: PHOTO,
      location_id: locationId,
      bio: `<p>${name.split(' ')[0]} has worked in the motor trade in ${place.suburb} for ${int(r, 2, 25)} years and loves helping customers find the right car.</p>`,
      remove_profile_page: n >= profiles ? true : undefined,
    };
  });
}
