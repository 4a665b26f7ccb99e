/** The dealer's entity files: models, offers, team, locations, brands, slides, reviews, cars. */
import { z, opt, id, urlRef, amount } from './zod.ts';
import { cssColour } from './colour.ts';

export const colourOption = z.object({
  id,
  name: z.string(),
  photo_url: z.string(),
  hexCode: cssColour,
  /** For example a body type code; drives the body-type tab row. */
  oem_id: opt(z.union([z.string(), z.number()])),
  model_variant_name: opt(z.string()),
});

export const modelVariant = z.object({
  id,
  full_name: opt(z.string()),
  series: opt(z.string()),
  name: z.string(),
  model_variant_name: opt(z.string()),
  /** CMS HTML, sanitised at build time. */
  features: opt(z.array(z.string())).default([]),
  image: opt(urlRef),
  dap_min_price: opt(amount),
  dap_max_price: opt(amount),
});

export const model = z.object({
  id: opt(z.number()),
  slug: z.string().min(1),
  new_slug: opt(z.string()),
  name: z.string(),
  manufacturer_name: opt(z.string()),
  manufacturer_body: opt(z.string()),
  manufacturer_body2: opt(z.string()),
  manufacturer_body3: opt(z.string()),
  body: opt(z.array(z.string())).default([]),
  status: opt(z.enum(['available', 'coming_soon'])).default('available'),
  colours: opt(z.array(colourOption)).default([]),
  banner: opt(urlRef),
  brochure_url: opt(z.string()),
  image: opt(urlRef),
  cloudfront_new_image_url: opt(z.string()),
  short_description: opt(z.string()),
  from_price: opt(amount),
  override_url: opt(z.string()),
  model_variants: opt(z.array(modelVariant)).default([]),
});

export const offer = z.object({
  id,
  name: z.string(),
  description: opt(z.string()),
  sanitized_description: opt(z.string()),
  disclaimer: opt(z.string()),
  category: opt(z.string()),
  image_url: opt(z.string()),
  image_or_model_image: opt(urlRef),
  model: opt(z.object({ slug: z.string(), override_url: opt(z.string()), name: z.string() })),
  manufacturer: opt(z.string()),
  excluded_website_ids: opt(z.array(z.number())).default([]),
  price: opt(amount),
  expires_at: opt(z.string()),
});

const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month "YYYY-MM", such as "2024-03"');
const isoDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected a date "YYYY-MM-DD", such as "2025-06-30"');

/** (1.2) What an NZ used car's Consumer Information Notice needs beyond the car and the dealer. */
export const nzCin = z.object({
  first_registered_nz: opt(yearMonth),
  registered_overseas: opt(z.boolean()),
  imported_damaged: opt(z.boolean()),
  odometer_verified: opt(z.boolean()),
  engine_cc: opt(z.number().int().positive()),
  /** Warrant of Fitness expiry; a heavy vehicle has a Certificate of Fitness (`cof_expiry`) instead. */
  wof_expiry: opt(isoDate),
  cof_expiry: opt(isoDate),
  rego_expiry: opt(isoDate),
  /** Money owing under a security interest registered on the PPSR. */
  security_interest: opt(z.boolean()),
});
export type NzCin = z.output<typeof nzCin>;

/**
 * (1.3 extension) The car's history check (AU: a PPSR search; NZ: the same facts beside the
 * Consumer Information Notice), from the stock feed or a history provider. Each answer is as at
 * `checked_on`; an answer the check did not give is absent. Without `checked_on` nothing is shown.
 */
export const vehicleHistory = z.object({
  /** When the check was made, "YYYY-MM-DD". */
  checked_on: opt(isoDate),
  /** Who made it, e.g. "PPSR" or a provider's name. */
  source: opt(z.string().trim().min(1).max(80)),
  /** Money owing: a security interest registered against the car. */
  finance_owing: opt(z.boolean()),
  /** Reported stolen. */
  stolen: opt(z.boolean()),
  /** Recorded on a written-off vehicle register. */
  written_off: opt(z.boolean()),
  /** The kind of write-off, where known. */
  write_off_type: opt(z.enum(['repairable', 'statutory', 'inspected'])),
});
type HistoryFields = z.output<typeof vehicleHistory>;
/** A history as content holds it and as the feed and providers make it (each fact optional). */
export type VehicleHistory = { [K in keyof HistoryFields]?: HistoryFields[K] };

export const car = z.object({
  id,
  name: z.string(),
  slug: z.string().min(1),
  make: z.string(),
  model: z.string(),
  badge: opt(z.string()),
  year: z.number().int(),
  km: amount,
  price: amount,
  dealercomments: opt(z.string()),
  photos: opt(z.array(z.string())).default([]),
  photos_count: z.number().int().nonnegative(),
  car_type: z.enum(['new', 'used', 'demo']),
  tag: opt(z.string()),
  simple_body: opt(z.string()),
  simple_fuel: opt(z.string()),
  seats: opt(z.number()),
  certified: opt(z.boolean()),
  status: opt(z.enum(['available', 'sold', 'hidden'])).default('available'),
  location_name: opt(z.string()),
  account: opt(z.string()),
  vin: opt(z.string()),
  stock_number: opt(z.string()),
  rego: opt(z.string()),
  transmission: opt(z.string()),
  colour: opt(z.string()),
  created_at_timestamp: z.number(),
  /** (1.1) Equipment list for the car page. */
  features: opt(z.array(z.string())).default([]),
  /** (1.1) What the price includes; absent, the page must not call the price drive-away. */
  price_qualifier: opt(z.enum(['drive_away', 'excl_govt_charges'])),
  /** (1.2) The drive-away price, where the dealer has it; shown labelled beside `price_egc`. */
  price_drive_away: opt(amount),
  /** (1.2) The price excluding government charges, where the dealer has it. */
  price_egc: opt(amount),
  /** (1.2) Key details: e.g. "MY24", "AWD", "2.5L 4cyl", 5. */
  series: opt(z.string()),
  drive: opt(z.string()),
  engine: opt(z.string()),
  doors: opt(z.number().int().positive()),
  /** (1.2) "YYYY-MM". */
  build_date: opt(yearMonth),
  compliance_date: opt(yearMonth),
  /** (1.2) Vehicle identity codes (AU). */
  redbook_code: opt(z.string()),
  nvic: opt(z.string()),
  /** (1.2) A YouTube, Vimeo or .mp4 walk-around. */
  video_url: opt(z.string()),
  /** (1.2) NZ used cars: the Consumer Information Notice's own facts. */
  nz_cin: opt(nzCin),
  /**
   * (1.3) Price on application: a feed's price "POA". The car is listed and searchable, shows
   * "Price on application" wherever a price would be (src/domain/car-prices.ts), sorts after priced
   * cars and offers no finance estimate or reservation; its `price` is 0 and is never shown.
   */
  price_on_application: opt(z.boolean()),
  /**
   * (1.3) When the car was sold (ISO date-time): a sold car keeps its page for 30 days after it.
   * Set by the stock import; a snapshot car marked sold without it counts from the build that first
   * saw it sold.
   */
  sold_at: opt(z.string()),
  /** (1.3 extension) The history check: docs/vehicle-history.md. */
  history: opt(vehicleHistory),
});

export const staffMember = z.object({
  id,
  slug: z.string().min(1),
  name: z.string(),
  position: opt(z.string()),
  rating: opt(z.number().min(0).max(5)),
  reviews_count: opt(z.number().int().nonnegative()),
  phone: opt(z.string()),
  avatar_url: opt(z.string()),
  bio: opt(z.string()),
  category: opt(z.string()),
  location_id: opt(id),
  location_ids: opt(z.array(id)),
  exclude_from_google_reviews: opt(z.boolean()),
  remove_profile_page: opt(z.boolean()),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a 24-hour time "HH:MM", such as "08:30"');

export const openingHours = z
  .object({
    department: opt(z.enum(['sales', 'service', 'parts'])),
    days: z.array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).min(1),
    opens: hhmm,
    closes: hhmm,
  })
  .refine((h) => h.opens < h.closes, { message: 'expected "opens" to be earlier than "closes"', path: ['closes'] });
export type OpeningHours = z.output<typeof openingHours>;

export const location = z.object({
  id,
  name: z.string(),
  /** Compared lowercased: sales, service, parts. */
  location_type: z.string(),
  manufacturers: opt(z.array(z.string())).default([]),
  primary: opt(z.boolean()),
  address: z.object({ lat: z.number(), long: z.number(), address: z.string() }),
  contact_detail: opt(z.object({ phone: opt(z.string()) })),
  dealership: opt(z.object({ id, slug: z.string() })),
  website_id: opt(z.number()),
  website_name: opt(z.string()),
  website_url: opt(z.string()),
  opening_hours: opt(z.array(z.string())).default([]),
  /** (1.1) Machine-readable opening hours; an entry without a department holds for all of them. */
  hours: opt(z.array(openingHours)).default([]),
});

export const brand = z.object({
  id,
  name: z.string(),
  make: opt(z.string()),
  logo: opt(urlRef),
  url: opt(z.string()),
  websites: opt(z.array(z.object({ id, name: z.string(), url: z.string() }))).default([]),
});

export const slide = z.object({
  name: opt(z.string()),
  url: opt(z.string()),
  image: opt(z.object({ key: z.string(), width: opt(z.number()), height: opt(z.number()), url: opt(z.string()) })),
  video: opt(z.object({ url: z.string(), width: opt(z.number()), height: opt(z.number()) })),
  hide_overlay: opt(z.boolean()),
  custom_overlay: opt(z.string()),
});

export const reviewsSummary = z.object({
  average_rating: z.number().min(0).max(5),
  count: z.number().int().nonnegative(),
  reviews: z.array(
    z.object({
      text: z.string(),
      review_date: z.string(),
      customer_name: z.string(),
      rating: z.number().min(0).max(5),
    }),
  ),
});

/** Optional entity files of a dealer folder, and the schema of each. A missing file is `[]`. */
export const entityFiles = {
  models: { file: 'models.json', schema: z.array(model) },
  offers: { file: 'offers.json', schema: z.array(offer) },
  team: { file: 'team.json', schema: z.array(staffMember) },
  locations: { file: 'locations.json', schema: z.array(location) },
  brands: { file: 'brands.json', schema: z.array(brand) },
  slides: { file: 'slides.json', schema: z.array(slide) },
  cars: { file: 'cars.json', schema: z.array(car) },
  reviews: { file: 'reviews.json', schema: z.record(z.string(), reviewsSummary) },
} as const;

export type Model = z.output<typeof model>;
export type ModelVariant = z.output<typeof modelVariant>;
export type ColourOption = z.output<typeof colourOption>;
export type Offer = z.output<typeof offer>;
export type Car = z.output<typeof car>;
export type StaffMember = z.output<typeof staffMember>;
export type Location = z.output<typeof location>;
export type Brand = z.output<typeof brand>;
export type Slide = z.output<typeof slide>;
export type ReviewsSummary = z.output<typeof reviewsSummary>;
