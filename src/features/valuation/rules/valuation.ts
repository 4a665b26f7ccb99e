/**
 * The valuation widget's pure side (spec §2, valuation thank-you page): which vehicle to ask the
 * API about, from the values a valuation or trade-in form kept, and the words and figures it shows.
 * Shared with the API's contract (src/features/valuation/contract/valuation.ts), which reads the same numbers and
 * checks each field of the request this module builds.
 */
import { MONTHS } from '../../../lib/calendar.ts';

export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AuState = (typeof AU_STATES)[number];

export const VEHICLE_CONDITIONS = ['excellent', 'good', 'fair', 'poor'] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];

export const DEFAULT_DISCLAIMER =
  'An estimate only, from the details you gave and typical market figures. It is subject to an inspection of the vehicle and is not an offer to buy it.';

/**
 * The default disclaimer's place when the dealer makes a conditional offer beside the range: the
 * range is still only an estimate, but "not an offer to buy it" would contradict the offer shown.
 */
export const OFFER_DISCLAIMER =
  'The range is an estimate only, from the details you gave and typical market figures. Our offer is conditional: it stands until the day shown, on the terms with it.';

/** What the thank-you page posts to POST /api/valuation (the contract's schema reads exactly these fields). */
export interface ValuationRequest {
  site?: string;
  rego?: string;
  state?: string;
  vin?: string;
  make?: string;
  model?: string;
  year?: number | string;
  km?: number | string;
  condition?: string;
}

/** A trade-in range: what a dealer might offer, before seeing the vehicle. */
export interface TradeInRange {
  low: number;
  high: number;
  currency: 'AUD' | 'NZD';
  /** The day the estimate is for, YYYY-MM-DD. */
  asAt: string;
  /** Who made the estimate, e.g. "Dealer estimate" (the local model) or the service's name. */
  source: string;
  disclaimer: string;
}

/** The vehicle that was valued, as the provider identified it. */
export interface ValuedVehicle {
  year?: number;
  make?: string;
  model?: string;
  variant?: string;
  km?: number;
  condition?: VehicleCondition;
}

const KM_PER_MILE = 1.609344;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const REGO = /^[A-Z0-9]{1,9}$/;

/** A value a form may hold as text or a number, as a whole number ("85,000 km" → 85000); NaN when it is not one. */
export function wholeNumberOf(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const digits = value
    .trim()
    .replace(/\s*(km|kms|kilometres|kilometers)$/i, '')
    .replace(/[\s,]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/** The submitted value of the first key whose letters match one of `names` ("Vehicle Make" ~ vehicle_make). */
export function submittedValue(values: Record<string, unknown> | undefined, ...names: string[]): string | undefined {
  if (!values) return undefined;
  for (const name of names) {
    const want = name.toLowerCase().replace(/[^a-z]/g, '');
    for (const [key, value] of Object.entries(values)) {
      if (key.toLowerCase().replace(/[^a-z]/g, '') !== want) continue;
      if (typeof value === 'string' && value.trim()) return value.trim();
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    }
  }
  return undefined;
}

/** What the widget asks about and how it names the vehicle before the answer comes. */
export interface ValuationSubject {
  request: ValuationRequest;
  /** "2019 Toyota Corolla, 85,000 km" */
  vehicle: string;
}

/**
 * The vehicle of a valuation, sell-my-car or trade-in form: make, model, year, kilometres
 * (odometer_miles made km), condition, and the plate or VIN of RegoOrVin. Values the route would
 * refuse are left out rather than sent. Undefined when nothing names a vehicle: no make and year,
 * no rego, no VIN.
 */
export function valuationSubject(values: Record<string, unknown> | undefined): ValuationSubject | undefined {
  if (!values) return undefined;
  const request: ValuationRequest = {};
  const make = submittedValue(values, 'make', 'Vehicle Make');
  const model = submittedValue(values, 'model', 'Vehicle Model');
  if (make && make.length <= 50) request.make = make;
  if (model && model.length <= 80) request.model = model;
  const year = wholeNumberOf(submittedValue(values, 'year', 'Vehicle Year'));
  if (Number.isInteger(year) && year >= 1950 && year <= new Date().getFullYear() + 1) request.year = year;
  const km = wholeNumberOf(submittedValue(values, 'kms', 'Vehicle Kilometers', 'odometer', 'km'));
  const miles = wholeNumberOf(submittedValue(values, 'odometer_miles'));
  const kilometres = Number.isInteger(km) ? km : Number.isInteger(miles) ? Math.round(miles * KM_PER_MILE) : Number.NaN;
  if (Number.isInteger(kilometres) && kilometres <= 1_500_000) request.km = kilometres;
  const condition = submittedValue(values, 'condition', 'Overall Condition')?.toLowerCase();
  if (condition && (VEHICLE_CONDITIONS as readonly string[]).includes(condition)) request.condition = condition;
  const plate = submittedValue(values, 'RegoOrVin', 'rego', 'Vehicle Rego', 'vin')
    ?.replace(/[\s-]+/g, '')
    .toUpperCase();
  if (plate && VIN.test(plate)) request.vin = plate;
  else if (plate && REGO.test(plate)) request.rego = plate;
  const state = submittedValue(values, 'Vehicle State', 'state')?.toUpperCase();
  if (request.rego && state && (AU_STATES as readonly string[]).includes(state)) request.state = state;

  if (!(request.make && request.year !== undefined) && !request.rego && !request.vin) return undefined;
  const { year: y, make: mk, model: md, km: k, condition: c, rego, vin } = request;
  return {
    request,
    vehicle: vehicleText({
      year: y,
      make: mk,
      model: md,
      km: k,
      condition: c as VehicleCondition | undefined,
      rego,
      vin,
    }),
  };
}

const wholeNumber = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

/** A vehicle as the widget names it; any part may be missing. */
export interface VehicleParts extends Omit<ValuedVehicle, 'year' | 'km'> {
  year?: number | string;
  km?: number | string;
  rego?: string;
  vin?: string;
}

/** "2019 Toyota Corolla Ascent Sport, 85,000 km, good condition"; "Your vehicle" when nothing names it. */
export function vehicleText(vehicle: VehicleParts): string {
  const name =
    [vehicle.year, vehicle.make, vehicle.model, vehicle.variant].filter((p) => p !== undefined && p !== '').join(' ') ||
    (vehicle.rego ? `Rego ${vehicle.rego}` : vehicle.vin ? `VIN ${vehicle.vin}` : '');
  const parts = [name];
  if (typeof vehicle.km === 'number') parts.push(`${wholeNumber.format(vehicle.km)} km`);
  if (vehicle.condition) parts.push(`${vehicle.condition} condition`);
  return parts.filter(Boolean).join(', ') || 'Your vehicle';
}

/** "$14,900 – $16,500" (both currencies read as dollars to the dealer's own visitors). */
export function rangeText(range: Pick<TradeInRange, 'low' | 'high'>): string {
  return `$${wholeNumber.format(range.low)} – $${wholeNumber.format(range.high)}`;
}

/** "2025-06-15" → "15 June 2025" (the date as given: no time zone moves it). */
export function asAtText(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${Number(m[3])} ${month} ${m[1]}` : date;
}
