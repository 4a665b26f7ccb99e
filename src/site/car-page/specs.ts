/**
 * The key facts of a car page, in the order a buyer scans them: what it is (condition, year, body),
 * how it drives (odometer, fuel, transmission, drive), what it looks like (colour, seats), and the
 * identifiers a dealer is asked for on the phone (rego, VIN, stock number, location).
 */
import type { Car } from '../../content/entities.ts';
import { driveOf, type Drive } from '../../seo/structured-data/vehicle.ts';
import { formatKm, trimmed } from '../../lib/text.ts';

export type SpecKey =
  | 'condition'
  | 'year'
  | 'odometer'
  | 'body'
  | 'fuel'
  | 'transmission'
  | 'drive'
  | 'colour'
  | 'seats'
  | 'rego'
  | 'vin'
  | 'stock'
  | 'location';

export interface SpecRow {
  key: SpecKey;
  label: string;
  value: string;
}

export const CONDITION_LABELS: Record<Car['car_type'], string> = { new: 'New', used: 'Used', demo: 'Demo' };

const DRIVE_LABELS: Record<Drive, string> = {
  awd: 'AWD',
  '4wd': '4WD',
  fwd: 'Front-wheel drive',
  rwd: 'Rear-wheel drive',
};

/** The rows the car has a value for; missing or blank facts are left out rather than shown empty. */
export function specRows(car: Car): SpecRow[] {
  const drive = driveOf(car);
  const rows: [SpecKey, string, string | undefined][] = [
    ['condition', 'Condition', CONDITION_LABELS[car.car_type]],
    ['year', 'Year', String(car.year)],
    // A new car's delivery kilometres say nothing a buyer needs.
    ['odometer', 'Odometer', car.car_type === 'new' && car.km < 100 ? undefined : formatKm(car.km)],
    ['body', 'Body', trimmed(car.simple_body)],
    ['fuel', 'Fuel', trimmed(car.simple_fuel)],
    ['transmission', 'Transmission', trimmed(car.transmission)],
    ['drive', 'Drive', drive && DRIVE_LABELS[drive]],
    ['colour', 'Colour', trimmed(car.colour)],
    ['seats', 'Seats', car.seats && car.seats > 0 ? String(car.seats) : undefined],
    ['rego', 'Registration', trimmed(car.rego)],
    ['vin', 'VIN', trimmed(car.vin)],
    ['stock', 'Stock number', trimmed(car.stock_number)],
    ['location', 'Location', trimmed(car.location_name)],
  ];
  return rows
    .filter((r): r is [SpecKey, string, string] => !!r[2])
    .map(([key, label, value]) => ({ key, label, value }));
}

/** Features shown before "Show all": two columns of five on a desktop, a phone's screenful. */
export const FEATURES_SHOWN = 10;

/** The car's equipment list, trimmed and without repeats, split into the first ones and the rest. */
export function featureLists(features: readonly string[], shown = FEATURES_SHOWN): { first: string[]; rest: string[] } {
  const seen = new Set<string>();
  const all: string[] = [];
  for (const f of features) {
    const text = f.trim();
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    all.push(text);
  }
  // A "Show all" that reveals one more item costs more than it saves.
  if (all.length <= shown + 1) return { first: all, rest: [] };
  return { first: all.slice(0, shown), rest: all.slice(shown) };
}
