/**
 * New Zealand's Consumer Information Notice (CIN) on a used car's page: what the Consumer
 * Information Standards (Used Motor Vehicles) Regulations 2008 ask a motor vehicle trader to state,
 * from the car's 1.2 `nz_cin`, the car itself and the dealer's site (`legal.dealerLicence` is the
 * trader's registration number). What the content does not say is shown as "Not stated": a notice
 * never guesses a fact a buyer relies on.
 */
import type { Car } from '../../../content/entities.ts';
import type { DealerContent } from '../../../content/load.ts';
import { driveAwayPrice, isPriceOnApplication, PRICE_ON_APPLICATION } from '../../../domain/car-prices.ts';
import { carLocation } from '../../../seo/structured-data/places.ts';
import { locale } from '../../../lib/locale.ts';
import { formatDay, formatKm, formatMonth, formatPrice, trimmed } from '../../../lib/text.ts';
import { carPhone } from './links.ts';

/** The value of a fact the content does not give. */
export const NOT_STATED = 'Not stated';

export interface NoticeRow {
  label: string;
  value: string;
  /** False when the value is NOT_STATED (drawn quieter, and easy to find in a check). */
  known: boolean;
  /** A sentence that qualifies the value (what a price includes, what a security interest means). */
  note?: string;
}

export interface NoticeGroup {
  heading: string;
  rows: NoticeRow[];
}

/**
 * Whether the car's page shows a notice: the dealer's country has one (New Zealand), the car is
 * sold as used and the content carries its `nz_cin`. A demonstrator counts: the regulations call a
 * vehicle used once it has been registered or used as a demonstration model.
 */
export function showsConsumerNotice(dealer: Pick<DealerContent, 'site'>, car: Car): boolean {
  return locale(dealer.site.country).legal.usedVehicleNotice && car.car_type !== 'new' && car.nz_cin !== undefined;
}

const row = (label: string, value: string | undefined, note?: string): NoticeRow =>
  value === undefined
    ? { label, value: NOT_STATED, known: false }
    : { label, value, known: true, ...(note ? { note } : {}) };

const yesNo = (v: boolean | undefined): string | undefined => (v === undefined ? undefined : v ? 'Yes' : 'No');

const ccFormat = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 });

/** The cash price, and what it is known to include. */
function cashPrice(car: Car): NoticeRow {
  const label = 'Cash price';
  if (isPriceOnApplication(car)) return row(label, PRICE_ON_APPLICATION, 'Ask us for the cash price of this vehicle.');
  const total = driveAwayPrice(car);
  if (total !== undefined)
    return row(label, formatPrice(total), 'Drive-away price, including registration and licensing.');
  if (car.price_qualifier === 'excl_govt_charges')
    return row(label, formatPrice(car.price), 'Excludes government charges such as registration and licensing.');
  return row(label, formatPrice(car.price), 'Whether this includes registration and licensing is not stated.');
}

/** An electric car has no engine to measure; any other missing size is simply not stated. */
function engineSize(car: Car): string | undefined {
  const cc = car.nz_cin?.engine_cc;
  if (cc) return `${ccFormat.format(cc)} cc`;
  return trimmed(car.simple_fuel)?.toLowerCase() === 'electric' ? 'None (electric)' : undefined;
}

/** The fitness certificate: a Warrant of Fitness, or a heavy vehicle's Certificate of Fitness. */
function fitness(cin: NonNullable<Car['nz_cin']>): NoticeRow[] {
  const rows: NoticeRow[] = [];
  if (cin.wof_expiry) rows.push(row('Warrant of Fitness (WoF) expires', formatDay(cin.wof_expiry)));
  if (cin.cof_expiry) rows.push(row('Certificate of Fitness (CoF) expires', formatDay(cin.cof_expiry)));
  return rows.length ? rows : [row('WoF or CoF expires', undefined)];
}

/** The notice in the regulations' order: the trader, the sale, the vehicle. Undefined when the page shows none. */
export function consumerNotice(dealer: Pick<DealerContent, 'site' | 'locations'>, car: Car): NoticeGroup[] | undefined {
  if (!showsConsumerNotice(dealer, car)) return undefined;
  const cin = car.nz_cin!;
  const { site } = dealer;
  const place = carLocation(dealer, car.location_name);
  const phone = carPhone(dealer, car);
  const trader: NoticeRow[] = [
    row('Trader', site.name),
    row('Address', trimmed(place?.address.address)),
    ...(phone ? [row('Phone', phone)] : []),
    row('Motor vehicle trader registration number', trimmed(site.legal?.dealerLicence)),
  ];
  const security = yesNo(cin.security_interest);
  const sale: NoticeRow[] = [
    cashPrice(car),
    row(
      'Money owing: security interest registered on the PPSR',
      security,
      cin.security_interest
        ? 'The vehicle may be security for a loan and could be repossessed. Ask the trader about it before you buy.'
        : undefined,
    ),
  ];
  const vehicle: NoticeRow[] = [
    row(
      'Make and model',
      [car.make, car.model, car.badge]
        .map((p) => p?.trim())
        .filter(Boolean)
        .join(' '),
    ),
    row('Year', String(car.year)),
    row('Odometer reading', formatKm(car.km)),
    row('Odometer reading verified', yesNo(cin.odometer_verified)),
    row('VIN or chassis number', trimmed(car.vin)),
    row('Registration plate', trimmed(car.rego)),
    row('First registered in New Zealand', cin.first_registered_nz && formatMonth(cin.first_registered_nz)),
    row('Previously registered overseas', yesNo(cin.registered_overseas)),
    row('Imported as a damaged vehicle', yesNo(cin.imported_damaged)),
    ...fitness(cin),
    row('Registration (licence) expires', cin.rego_expiry && formatDay(cin.rego_expiry)),
    row('Engine size', engineSize(car)),
    row('Fuel type', trimmed(car.simple_fuel)),
  ];
  return [
    { heading: 'Motor vehicle trader', rows: trader },
    { heading: 'Sale', rows: sale },
    { heading: 'Vehicle', rows: vehicle },
  ];
}
