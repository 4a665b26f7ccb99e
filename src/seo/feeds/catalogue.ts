/**
 * One catalogue of a dealer's stock, from which every ad-platform feed is written: each feed only
 * renames and formats these fields, so the feeds cannot disagree with one another or with the
 * car pages (same URLs, prices, photos and locations).
 */
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import { absoluteUrl, carPath, isListed } from '../../domain/routes.ts';
import { addressParts, formatAddress, type AddressParts } from '../structured-data/address.ts';
import { currencyOf } from '../../lib/text.ts';
import { carLocation } from '../structured-data/places.ts';
import { carTitle, commentsText, driveOf, photoUrls, type Drive } from '../structured-data/vehicle.ts';
import { formatKm } from '../../lib/text.ts';
import { headlinePrice, type PriceKind } from '../../domain/car-prices.ts';

export interface CatalogueStore {
  /** Location id: unique per dealership, stable across builds. */
  code: string;
  name: string;
  phone?: string;
  address: AddressParts;
  /** The whole address on one line, ending with the country code. */
  addressLine: string;
  latitude: number;
  longitude: number;
}

export interface CatalogueVehicle {
  id: string;
  title: string;
  /** Never empty: the dealer comments, or a sentence made from the car's details. */
  description: string;
  url: string;
  images: string[];
  /**
   * The car page's headline price (src/domain/car-prices.ts); none for a price on application
   * car, which Google and Meta (both requiring a price) then leave out, named in the build's note.
   */
  price?: number;
  currency: 'AUD' | 'NZD';
  /** What the price includes, when the stock says. */
  priceQualifier?: Car['price_qualifier'];
  /** Demonstrators are registered and driven, so the platforms take them as used. */
  condition: 'new' | 'used';
  certified: boolean;
  /** A 17-character VIN in capitals; chassis numbers and malformed values are left out. */
  vin?: string;
  stockNumber?: string;
  make: string;
  model: string;
  trim?: string;
  year: number;
  km: number;
  body?: string;
  fuel?: string;
  transmission?: string;
  colour?: string;
  drive?: Drive;
  seats?: number;
  /** The day the car was added to stock, YYYY-MM-DD ('' when the timestamp is unusable). */
  dateInStock: string;
  store?: CatalogueStore;
}

/** ISO 3779 VIN: 17 letters and digits, never I, O or Q. */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

function vinOf(car: Car): string | undefined {
  const vin = car.vin?.trim().toUpperCase();
  return vin && VIN.test(vin) ? vin : undefined;
}

const PRICE_NOTES: Record<NonNullable<Car['price_qualifier']>, string> = {
  drive_away: 'Price is drive-away.',
  excl_govt_charges: 'Price excludes government charges.',
};

function describe(car: Car, kind: PriceKind | undefined, storeName: string | undefined): string {
  const comments = commentsText(car);
  const condition = { new: 'New', used: 'Used', demo: 'Demonstrator' }[car.car_type];
  const facts = [car.simple_body, car.transmission, car.simple_fuel].filter(Boolean).join(', ');
  const intro = `${condition} ${carTitle(car)}${facts ? `, ${facts}` : ''}, ${formatKm(car.km)}${storeName ? `, at ${storeName}` : ''}.`;
  // The price is shown in the ad without the page's label, so the label travels in the text.
  const note = kind ? ` ${PRICE_NOTES[kind]}` : '';
  return `${comments || intro}${note}`;
}

/** YYYY-MM-DD of a Unix time; a value too large for seconds is read as milliseconds. */
function stockDate(timestamp: number): string {
  const ms = timestamp > 1e11 ? timestamp : timestamp * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** Cars on the dealer's site, as the feeds list them; sold and hidden cars are left out. */
export function vehicleCatalogue(dealer: DealerContent): CatalogueVehicle[] {
  const { site } = dealer;
  const stores = new Map<string, CatalogueStore>();
  const storeOf = (car: Car): CatalogueStore | undefined => {
    const location = carLocation(dealer, car.location_name);
    if (!location) return undefined;
    const code = String(location.id);
    let store = stores.get(code);
    if (!store) {
      const address = addressParts(location.address.address, site.country, site.state);
      store = {
        code,
        name: location.name,
        phone: location.contact_detail?.phone ?? site.contact?.phone,
        address,
        addressLine: formatAddress(address),
        latitude: location.address.lat,
        longitude: location.address.long,
      };
      stores.set(code, store);
    }
    return store;
  };
  return dealer.cars.filter(isListed).map((car) => {
    const store = storeOf(car);
    const head = headlinePrice(car);
    return {
      id: String(car.id),
      title: car.name.trim() || carTitle(car),
      description: describe(car, head?.kind, store?.name),
      url: absoluteUrl(site, carPath(car)),
      images: photoUrls(site.url, car),
      price: head?.amount,
      currency: currencyOf(site.country),
      priceQualifier: head?.kind,
      condition: car.car_type === 'new' ? 'new' : 'used',
      certified: !!car.certified && car.car_type !== 'new',
      vin: vinOf(car),
      stockNumber: car.stock_number,
      make: car.make,
      model: car.model,
      trim: car.badge,
      year: car.year,
      km: car.km,
      body: car.simple_body,
      fuel: car.simple_fuel,
      transmission: car.transmission,
      colour: car.colour,
      drive: driveOf(car),
      seats: car.seats,
      dateInStock: stockDate(car.created_at_timestamp),
      store,
    };
  });
}
