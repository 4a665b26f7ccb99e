/**
 * schema.org JSON-LD of a car detail page. Google's vehicle listing guidance types a car for sale
 * as both Product and Car: Car brings the vehicle properties, Product makes the offer eligible
 * for the listing and merchant features. Both of those require an image, so a car without photos
 * is typed Car alone; it is still described fully, but no placeholder picture is passed off as it.
 */
import type {
  CarLeaf,
  DriveWheelConfigurationValue,
  EngineSpecificationLeaf,
  MergeLeafTypes,
  OfferItemCondition,
  OfferLeaf,
  ProductLeaf,
  PropertyValueLeaf,
  WithContext,
} from 'schema-dts';
import type { Car } from '../../content/entities.ts';
import type { DealerContent } from '../../content/load.ts';
import { absoluteUrl, carPath } from '../../domain/routes.ts';
import { headlinePrice } from '../../domain/car-prices.ts';
import { plainText } from '../../lib/sanitize.ts';
import { currencyOf, trimmed } from '../../lib/text.ts';
import { sellerJsonLd } from './dealer.ts';
import { carLocation } from './places.ts';
import { commentsText, driveOf, photoUrls, type Drive } from './vehicle.ts';

export type CarJsonLd = WithContext<MergeLeafTypes<[ProductLeaf, CarLeaf]>> | WithContext<CarLeaf>;

const CONDITIONS: Record<Car['car_type'], OfferItemCondition> = {
  new: 'https://schema.org/NewCondition',
  // A demonstrator has been registered and driven: it is sold as used.
  demo: 'https://schema.org/UsedCondition',
  used: 'https://schema.org/UsedCondition',
};

const DRIVE_CONFIGURATIONS: Record<Drive, DriveWheelConfigurationValue> = {
  awd: 'https://schema.org/AllWheelDriveConfiguration',
  '4wd': 'https://schema.org/FourWheelDriveConfiguration',
  fwd: 'https://schema.org/FrontWheelDriveConfiguration',
  rwd: 'https://schema.org/RearWheelDriveConfiguration',
};

/** Every property the car's data supports; absent data is left out, never guessed. */
function carProperties(dealer: DealerContent, car: Car): Omit<CarLeaf, '@type'> {
  const { site } = dealer;
  const url = absoluteUrl(site, carPath(car));
  const out: Omit<CarLeaf, '@type'> = { name: car.name, url };
  const description = commentsText(car);
  if (description) out.description = description;
  if (car.stock_number) out.sku = car.stock_number;
  if (car.vin) out.vehicleIdentificationNumber = car.vin;
  const images = photoUrls(site.url, car);
  if (images.length) out.image = images;
  out.brand = { '@type': 'Brand', name: car.make };
  out.manufacturer = { '@type': 'Organization', name: car.make };
  out.model = car.model;
  if (car.badge) out.vehicleConfiguration = car.badge;
  out.vehicleModelDate = String(car.year);
  out.itemCondition = CONDITIONS[car.car_type];
  if (car.simple_body) out.bodyType = car.simple_body;
  const engine = engineOf(car);
  if (engine) out.vehicleEngine = engine;
  if (car.transmission) out.vehicleTransmission = car.transmission;
  const drive = driveOf(car);
  const driveText = trimmed(car.drive);
  if (drive) out.driveWheelConfiguration = DRIVE_CONFIGURATIONS[drive];
  else if (driveText) out.driveWheelConfiguration = driveText;
  if (car.doors) out.numberOfDoors = car.doors;
  if (car.build_date) out.productionDate = car.build_date;
  // The first registration anywhere: the New Zealand one is that only for a car never registered
  // abroad. (An Australian compliance date is not a registration, so it has no property here.)
  const cin = car.nz_cin;
  if (cin?.first_registered_nz && cin.registered_overseas === false)
    out.dateVehicleFirstRegistered = cin.first_registered_nz;
  const identifiers = identityCodes(car);
  if (identifiers.length) out.identifier = identifiers;
  if (car.colour) out.color = car.colour;
  if (car.seats) out.vehicleSeatingCapacity = car.seats;
  out.mileageFromOdometer = { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' };
  const features = car.features.map(plainText).filter(Boolean);
  if (features.length) {
    out.additionalProperty = features.map((value) => ({ '@type': 'PropertyValue', name: 'Feature', value }));
  }
  // The price the page shows first; a price on application car's offer states none (its `price`
  // of 0 would read as free).
  const price = headlinePrice(car)?.amount;
  const offer: OfferLeaf = {
    '@type': 'Offer',
    ...(price !== undefined ? { price, priceCurrency: currencyOf(site.country) } : {}),
    // A sold car keeps its page for a while (content format 1.3): its offer is over.
    availability: car.status === 'sold' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    itemCondition: CONDITIONS[car.car_type],
    url,
    seller: sellerJsonLd(dealer, carLocation(dealer, car.location_name)),
  };
  out.offers = offer;
  return out;
}

/** The engine as the stock describes it: its name ("2.5L 4cyl"), fuel and, in New Zealand, size. */
function engineOf(car: Car): EngineSpecificationLeaf | undefined {
  const engine: EngineSpecificationLeaf = { '@type': 'EngineSpecification' };
  const name = trimmed(car.engine);
  if (name) engine.name = name;
  if (car.simple_fuel) engine.fuelType = car.simple_fuel;
  const cc = car.nz_cin?.engine_cc;
  // UN/CEFACT common code CMQ: cubic centimetre.
  if (cc) engine.engineDisplacement = { '@type': 'QuantitativeValue', value: cc, unitCode: 'CMQ' };
  return Object.keys(engine).length > 1 ? engine : undefined;
}

/**
 * The car's Australian identity codes (NVIC, Redbook code): not shown to shoppers, but given to
 * search engines as identifiers named by their scheme. `vehicleIdentificationNumber` is the VIN's.
 */
function identityCodes(car: Car): PropertyValueLeaf[] {
  const codes: [string, string | undefined][] = [
    ['NVIC', trimmed(car.nvic)],
    ['Redbook code', trimmed(car.redbook_code)],
  ];
  return codes
    .filter((c): c is [string, string] => c[1] !== undefined)
    .map(([propertyID, value]) => ({ '@type': 'PropertyValue', propertyID, value }));
}

export function carJsonLd(dealer: DealerContent, car: Car): CarJsonLd {
  const properties = carProperties(dealer, car);
  if (properties.image) return { '@context': 'https://schema.org', '@type': ['Product', 'Car'], ...properties };
  return { '@context': 'https://schema.org', '@type': 'Car', ...properties };
}
