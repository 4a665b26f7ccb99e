/** A fed car as the dealer's Car (content format 1.2: the Car entity, and "Stock feed"). */
import type { Car } from '../../content/entities.ts';
import { carIdOf, carNameOf, carSlugOf } from './identity.ts';
import type { FeedCar } from './types.ts';

export interface CarOptions {
  /** The time of the import in milliseconds (Date.now()); the Car's created_at_timestamp is in seconds. */
  now: number;
  /** The dealer's locations: a feed's `location` that is one's id or name (any case) becomes its name. */
  locations?: readonly { id: string | number; name: string }[];
}

function locationName(given: string | undefined, locations: CarOptions['locations']): string | undefined {
  if (given === undefined || !locations) return given;
  const lower = given.toLowerCase();
  const found =
    locations.find((l) => String(l.id).trim() === given) ??
    locations.find((l) => l.name.trim().toLowerCase() === lower);
  return found ? found.name : given;
}

/**
 * What the price includes: drive-away or excluding government charges when it is the feed's price of
 * that name; otherwise nothing, so the page never calls a price drive-away that may not be.
 */
function qualifierOf(f: FeedCar): Car['price_qualifier'] {
  if (f.price_drive_away !== undefined && f.price === f.price_drive_away) return 'drive_away';
  if (f.price_egc !== undefined && f.price === f.price_egc) return 'excl_govt_charges';
  return undefined;
}

/** The Car for a fed car: id and slug from its stock number (identity.ts), the rest as the feed says. */
export function feedCarToCar(f: FeedCar, o: CarOptions): Car {
  const car: Car = {
    id: carIdOf(f.stock_number),
    name: carNameOf(f),
    slug: carSlugOf(f),
    make: f.make,
    model: f.model,
    badge: f.badge,
    year: f.year,
    km: f.odometer ?? 0,
    price: f.price,
    dealercomments: f.comments,
    photos: f.photos,
    photos_count: f.photos.length,
    car_type: f.condition,
    simple_body: f.body,
    simple_fuel: f.fuel,
    seats: f.seats,
    certified: f.certified,
    status: f.status,
    location_name: locationName(f.location, o.locations),
    vin: f.vin,
    stock_number: f.stock_number,
    rego: f.rego,
    transmission: f.transmission,
    colour: f.colour,
    created_at_timestamp: Math.floor(o.now / 1000),
    features: f.features,
    price_qualifier: qualifierOf(f),
    price_drive_away: f.price_drive_away,
    price_egc: f.price_egc,
    series: f.series,
    drive: f.drive,
    engine: f.engine,
    doors: f.doors,
    build_date: f.build_date,
    compliance_date: f.compliance_date,
    redbook_code: f.redbook_code,
    nvic: f.nvic,
    video_url: f.video_url,
    nz_cin: f.nz_cin ? { ...f.nz_cin } : undefined,
    // Not in a feed: a tag is the dealer's own, an account the listing platform's.
    tag: undefined,
    account: undefined,
    price_on_application: undefined,
    sold_at: undefined,
  };
  // Absent fields are left out rather than written as undefined.
  return Object.fromEntries(Object.entries(car).filter(([, v]) => v !== undefined)) as Car;
}
