/**
 * The key facts of a car page, in the order a buyer scans them: what it is (condition, year,
 * series, body, doors), how it drives (odometer, fuel, engine, transmission, drive), what it looks
 * like (colour, seats), how old it is (build and compliance months), and the identifiers a dealer is
 * asked for on the phone (rego, VIN, stock number, location). The NVIC and Redbook code are the
 * trade's own identity codes: they go to search engines (the JSON-LD), not into this list.
 */
import type { Car } from '../../../content/entities.ts';
import { driveOf, type Drive } from '../../../seo/structured-data/vehicle.ts';
import { formatKm, formatMonth, trimmed } from '../../../lib/text.ts';

export type SpecKey =
  | 'condition'
  | 'year'
  | 'series'
  | 'odometer'
  | 'body'
  | 'doors'
  | 'fuel'
  | 'engine'
  | 'transmission'
  | 'drive'
  | 'colour'
  | 'seats'
  | 'build'
  | 'compliance'
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

/**
 * The driven wheels as a shopper reads them: one of the four drives in plain words, else the
 * stock's own `drive` as written ("2WD", "4x2").
 */
export function driveLabel(car: Car): string | undefined {
  const drive = driveOf(car);
  return drive ? DRIVE_LABELS[drive] : trimmed(car.drive);
}

/** The rows the car has a value for; missing or blank facts are left out rather than shown empty. */
export function specRows(car: Car): SpecRow[] {
  const rows: [SpecKey, string, string | undefined][] = [
    ['condition', 'Condition', CONDITION_LABELS[car.car_type]],
    ['year', 'Year', String(car.year)],
    ['series', 'Series', trimmed(car.series)],
    // A new car's delivery kilometres say nothing a buyer needs.
    ['odometer', 'Odometer', car.car_type === 'new' && car.km < 100 ? undefined : formatKm(car.km)],
    ['body', 'Body', trimmed(car.simple_body)],
    ['doors', 'Doors', car.doors ? String(car.doors) : undefined],
    ['fuel', 'Fuel', trimmed(car.simple_fuel)],
    ['engine', 'Engine', trimmed(car.engine)],
    ['transmission', 'Transmission', trimmed(car.transmission)],
    ['drive', 'Drive', driveLabel(car)],
    ['colour', 'Colour', trimmed(car.colour)],
    ['seats', 'Seats', car.seats && car.seats > 0 ? String(car.seats) : undefined],
    ['build', 'Build date', car.build_date && formatMonth(car.build_date)],
    ['compliance', 'Compliance date', car.compliance_date && formatMonth(car.compliance_date)],
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
