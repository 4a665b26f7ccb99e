/**
 * Google vehicle ads (Merchant Center) primary feed, as tab-separated text, the format Google
 * recommends. It also carries the dealership columns of Google's vehicle listings feed (`make`,
 * `dealership_name`, `dealership_address`), so one file serves both programs.
 */
import { truncate } from '../../lib/text.ts';
import type { CatalogueVehicle } from './catalogue.ts';
import { feedPrice, type FeedSpec } from './table.ts';

const COLUMNS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'price',
  'condition',
  'certified_pre-owned',
  'vin',
  'brand',
  'make',
  'model',
  'trim',
  'year',
  'mileage',
  'color',
  'store_code',
  'vehicle_fulfillment',
  'dealership_name',
  'dealership_address',
  'google_product_category',
] as const;

type Column = (typeof COLUMNS)[number];

const REQUIRED: readonly Column[] = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'price',
  'condition',
  'vin',
  'brand',
  'make',
  'model',
  'year',
  'mileage',
  'store_code',
  'vehicle_fulfillment',
  'dealership_name',
  'dealership_address',
  'google_product_category',
];

/** Google's product category 916: Vehicles & Parts > Vehicles > Motor Vehicles > Cars, Trucks & Vans. */
const CARS_TRUCKS_VANS = '916';

/** Google takes up to 10 additional images. */
const MAX_ADDITIONAL_IMAGES = 10;

function row(v: CatalogueVehicle): Record<Column, string> {
  const store = v.store;
  return {
    id: v.id,
    title: truncate(v.title, 150),
    description: truncate(v.description, 5000),
    link: v.url,
    image_link: v.images[0] ?? '',
    additional_image_link: v.images.slice(1, 1 + MAX_ADDITIONAL_IMAGES).join(','),
    price: feedPrice(v.price, v.currency),
    condition: v.condition,
    'certified_pre-owned': v.condition === 'used' ? (v.certified ? 'yes' : 'no') : '',
    vin: v.vin ?? '',
    brand: v.make,
    make: v.make,
    model: v.model,
    trim: v.trim ?? '',
    year: String(v.year),
    mileage: `${Math.round(v.km)} km`,
    color: v.colour ?? '',
    store_code: store?.code ?? '',
    vehicle_fulfillment: store ? `in_store:${store.code}` : '',
    dealership_name: store?.name ?? '',
    // An address without a street or postcode cannot be matched to a map location.
    dealership_address: store?.address.street && store.address.postcode ? store.addressLine : '',
    google_product_category: CARS_TRUCKS_VANS,
  };
}

export const googleVehicleAds: FeedSpec = {
  columns: () => [...COLUMNS],
  required: REQUIRED,
  row,
};
