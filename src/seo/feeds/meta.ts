/**
 * Meta automotive inventory (vehicle catalogue) feed, as CSV. Nested fields (the address, the
 * images) are written as flattened columns named by JSON path, such as `address.city` and
 * `image[1].url`, which Meta reads as the nested value. Enum values are Meta's.
 */
import { truncate } from '../../lib/text.ts';
import type { CatalogueVehicle } from './catalogue.ts';
import { feedPrice, type FeedRow, type FeedSpec } from './table.ts';

const COLUMNS = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'trim',
  'mileage.value',
  'mileage.unit',
  'vin',
  'body_style',
  'exterior_color',
  'transmission',
  'fuel_type',
  'drivetrain',
  'state_of_vehicle',
  'price',
  'availability',
  'date_first_on_lot',
  'dealer_id',
  'dealer_name',
  'dealer_phone',
  'address.addr1',
  'address.city',
  'address.region',
  'address.postal_code',
  'address.country',
  'latitude',
  'longitude',
];

const REQUIRED = [
  'vehicle_id',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'mileage.value',
  'mileage.unit',
  'vin',
  'body_style',
  'exterior_color',
  'state_of_vehicle',
  'price',
  'availability',
  'image[0].url',
  'address.addr1',
  'address.city',
  'address.region',
  'address.postal_code',
  'address.country',
];

/** Meta takes up to 20 images per vehicle. */
const MAX_IMAGES = 20;

const BODY_STYLES: [RegExp, string][] = [
  [/\bsuv\b|4x4 wagon/i, 'SUV'],
  [/\bcrossover\b/i, 'CROSSOVER'],
  [/\bsedan\b/i, 'SEDAN'],
  [/\bhatch/i, 'HATCHBACK'],
  [/\bute\b|cab chassis|pick-?up|\btruck\b/i, 'TRUCK'],
  [/convertible|cabriolet|roadster/i, 'CONVERTIBLE'],
  [/\bcoupe\b/i, 'COUPE'],
  [/\bwagon\b|\bestate\b/i, 'WAGON'],
  [/people mover|minivan|\bmpv\b/i, 'MINIVAN'],
  [/\bvan\b/i, 'VAN'],
];

function bodyStyle(body: string | undefined): string {
  return (body && BODY_STYLES.find(([re]) => re.test(body))?.[1]) || 'OTHER';
}

function transmission(value: string | undefined): string {
  if (!value) return '';
  return /manual/i.test(value) ? 'MANUAL' : 'AUTOMATIC';
}

function fuelType(value: string | undefined): string {
  if (!value) return '';
  if (/plug-?in/i.test(value)) return 'PLUGIN_HYBRID';
  if (/hybrid/i.test(value)) return 'HYBRID';
  if (/electric/i.test(value)) return 'ELECTRIC';
  if (/diesel/i.test(value)) return 'DIESEL';
  if (/petrol|unleaded/i.test(value)) return 'PETROL';
  return 'OTHER';
}

const DRIVETRAINS = { awd: 'AWD', '4wd': '4X4', fwd: 'FWD', rwd: 'RWD' } as const;

function row(v: CatalogueVehicle): FeedRow {
  const store = v.store;
  const out: FeedRow = {
    vehicle_id: v.id,
    title: truncate(v.title, 500),
    description: truncate(v.description, 5000),
    url: v.url,
    make: v.make,
    model: v.model,
    year: String(v.year),
    trim: v.trim ?? '',
    'mileage.value': String(Math.round(v.km)),
    'mileage.unit': 'KM',
    vin: v.vin ?? '',
    body_style: bodyStyle(v.body),
    exterior_color: v.colour ?? '',
    transmission: transmission(v.transmission),
    fuel_type: fuelType(v.fuel),
    drivetrain: v.drive ? DRIVETRAINS[v.drive] : '',
    state_of_vehicle: v.condition === 'new' ? 'NEW' : v.certified ? 'CPO' : 'USED',
    price: feedPrice(v.price, v.currency),
    availability: 'AVAILABLE',
    date_first_on_lot: v.dateInStock,
    dealer_id: store?.code ?? '',
    dealer_name: store?.name ?? '',
    dealer_phone: store?.phone ?? '',
    'address.addr1': store?.address.street ?? '',
    'address.city': store?.address.locality ?? '',
    'address.region': store?.address.region ?? '',
    'address.postal_code': store?.address.postcode ?? '',
    'address.country': store?.address.country ?? '',
    latitude: store ? String(store.latitude) : '',
    longitude: store ? String(store.longitude) : '',
  };
  v.images.slice(0, MAX_IMAGES).forEach((url, i) => {
    out[`image[${i}].url`] = url;
  });
  return out;
}

export const metaVehicles: FeedSpec = {
  // As many image columns as the vehicle with the most photos needs.
  columns: (vehicles) => {
    const images = Math.min(MAX_IMAGES, Math.max(1, ...vehicles.map((v) => v.images.length)));
    return [...COLUMNS, ...Array.from({ length: images }, (_, i) => `image[${i}].url`)];
  },
  required: REQUIRED,
  row,
};
