/** What a new dealer's scaffold is made from, shared by its steps (scaffold.ts). */
import type { Json, JsonObject } from './scaffold-clean.ts';

/** What the new dealer is to be. */
export interface NewDealer {
  slug: string;
  name: string;
  /** Production origin; default a placeholder under example.com. */
  url?: string;
  country?: 'AU' | 'NZ';
}

/** The ids the dealers of the folder already use: the new dealer takes none of them. */
export interface TakenIds {
  websites: number[];
  dealerships: number[];
  companies: number[];
}

/** A placeholder phone number of the country's ranges kept for drama and examples. */
export function placeholderPhone(country: 'AU' | 'NZ'): string {
  return country === 'NZ' ? '09 555 0100' : '(02) 5550 0100';
}

/** A placeholder address: example.com is reserved for examples (RFC 2606). */
export const placeholderUrl = (slug: string) => `https://${slug}.example.com`;
export const PLACEHOLDER_EMAIL = 'enquiries@example.com';

/** The smallest whole number above every one of `ids` (1 when there is none). */
export const freshId = (ids: number[]): number => Math.max(0, ...ids.filter(Number.isFinite)) + 1;

/** What the new dealer becomes, with the ids it takes: shared by the site and entity steps. */
export interface ScaffoldContext {
  dealer: Required<NewDealer>;
  /** The sample's site.json. */
  sample: JsonObject;
  id: number;
  /** The sample's dealership id → the new dealer's (fresh ids). */
  dealership: (sampleId: Json | undefined) => number;
  /** The new dealer's placeholder phone. */
  phone: string;
  changed: string[];
  todo: string[];
}
