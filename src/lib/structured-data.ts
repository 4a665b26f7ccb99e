/** schema.org JSON-LD for car detail pages. */
import type { Car, Location } from '../content/entities.ts';
import type { Site } from '../content/site.ts';
import { absoluteUrl, carPath } from './routes.ts';

const conditions = {
  new: 'https://schema.org/NewCondition',
  demo: 'https://schema.org/UsedCondition',
  used: 'https://schema.org/UsedCondition',
} as const;

export function carJsonLd(site: Site, car: Car, location?: Location): Record<string, unknown> {
  const url = absoluteUrl(site, carPath(car));
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.name,
    url,
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    vehicleModelDate: String(car.year),
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' },
    itemCondition: conditions[car.car_type],
  };
  if (car.vin) data.vehicleIdentificationNumber = car.vin;
  if (car.badge) data.vehicleConfiguration = car.badge;
  if (car.simple_body) data.bodyType = car.simple_body;
  if (car.simple_fuel) data.fuelType = car.simple_fuel;
  if (car.transmission) data.vehicleTransmission = car.transmission;
  if (car.colour) data.color = car.colour;
  if (car.seats) data.seatingCapacity = car.seats;
  if (car.photos.length) data.image = car.photos.map((p) => new URL(p, site.url).href);
  const seller: Record<string, unknown> = { '@type': 'AutoDealer', name: site.name, url: absoluteUrl(site, '/') };
  const phone = location?.contact_detail?.phone ?? site.contact?.phone;
  if (phone) seller.telephone = phone;
  if (location) seller.address = location.address.address;
  data.offers = {
    '@type': 'Offer',
    price: car.price,
    priceCurrency: site.country === 'NZ' ? 'NZD' : 'AUD',
    availability: 'https://schema.org/InStock',
    url,
    seller,
  };
  return data;
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no tag can close early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
