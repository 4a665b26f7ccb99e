/**
 * A car looked up by its registration (AU: rego and state; NZ: plate): what the lookup gives, and
 * how the trade-in and valuation forms take it. Pure: the route, the stand-in and the form share it.
 */
export const AU_PLATE_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type PlateState = (typeof AU_PLATE_STATES)[number];

/** What a lookup found. Make and model always; the rest where the register has them. */
export interface RegoVehicle {
  make: string;
  model: string;
  variant?: string;
  year?: number;
  vin?: string;
  body?: string;
  colour?: string;
}

export type RegoAnswer =
  | { status: 'found'; vehicle: RegoVehicle }
  /** No car is registered under the plate (in that state). */
  | { status: 'not_found'; message: string }
  /** The site has no lookup, or it failed: the shopper enters the car by hand. */
  | { status: 'unavailable'; message: string };

export const NOT_FOUND_MESSAGE =
  'We could not find a car registered under that plate. Please check it, or enter your car’s details below.';
export const UNAVAILABLE_MESSAGE =
  'Finding your car by its rego is not available right now. Please enter your car’s details below.';

/** A plate as compared: no spaces or hyphens, capitals. */
export function plateKey(plate: string): string {
  return plate.replace(/[\s-]+/g, '').toUpperCase();
}

/** The form fields a found car fills, by field name: make, model, variant and year (as text). */
export function prefillOf(vehicle: RegoVehicle): Record<string, string> {
  return {
    make: vehicle.make,
    model: vehicle.model,
    ...(vehicle.variant ? { variant: vehicle.variant } : {}),
    ...(vehicle.year !== undefined ? { year: String(vehicle.year) } : {}),
  };
}

/** "2019 Toyota Corolla Ascent Sport": what the form says it found. */
export function foundText(vehicle: RegoVehicle): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.variant].filter(Boolean).join(' ');
}
