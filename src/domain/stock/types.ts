/** The shapes a stock feed is read into (content format 1.2 "Stock feed"). */
import type { NzCin } from '../../content/entities.ts';

/** A car of a feed, read and checked: blank values absent, text trimmed, defaults applied. */
export interface FeedCar {
  /** Trimmed, 1 to 64 characters: the car's identity across feeds. */
  stock_number: string;
  /** Default "available". */
  status: 'available' | 'sold' | 'hidden';
  /** The Car's car_type; default "used". */
  condition: 'new' | 'used' | 'demo';
  make: string;
  model: string;
  year: number;
  /** As given, else price_drive_away, else price_egc. */
  price: number;
  /** Kilometres; given for every used and demo car. */
  odometer?: number;
  vin?: string;
  rego?: string;
  badge?: string;
  series?: string;
  /** "YYYY-MM". */
  build_date?: string;
  compliance_date?: string;
  body?: string;
  fuel?: string;
  transmission?: string;
  drive?: string;
  colour?: string;
  seats?: number;
  doors?: number;
  engine?: string;
  price_drive_away?: number;
  price_egc?: number;
  redbook_code?: string;
  nvic?: string;
  /** http(s) image URLs in display order; may be empty. */
  photos: string[];
  video_url?: string;
  /** Plain text; line breaks are "\n". */
  comments?: string;
  features: string[];
  /** A location's name or id, as the feed gives it. */
  location?: string;
  certified?: boolean;
  /** The NZ Consumer Information Notice's facts, when the feed gives any. */
  nz_cin?: NzCin;
}

/**
 * A value that kept a row (CSV) or car (JSON) out of the import. A row with several bad values has
 * one error for each.
 */
export interface RowError {
  /** CSV: the physical line (1-based) the row starts on. */
  line?: number;
  /** JSON: the car's index in `cars`. */
  index?: number;
  /** The column as the header writes it (CSV) or the key (JSON, "nz_cin.wof_expiry"); empty when the whole car is wrong. */
  column: string;
  /** The value as given, for display: control characters as \uXXXX, cut after 200 characters. */
  value: string;
  /** What is wrong, and what is expected. */
  reason: string;
}

export interface FeedParse {
  /** JSON only: "full" or "delta" as the feed says; absent means full. */
  mode?: 'full' | 'delta';
  /** JSON only: the feed's `feed_id`. */
  feedId?: string;
  /** The good rows, in the feed's order. */
  cars: FeedCar[];
  /** The bad rows' errors, in the feed's order. */
  errors: RowError[];
  /** Columns the feed has that no field reads, as written. */
  ignoredColumns: string[];
  /** Why the whole feed cannot be read; then `cars` is empty and nothing may be imported. */
  fileError?: string;
}

export interface FeedOptions {
  /** The time now in milliseconds (Date.now()): the latest model year allowed follows from it. */
  now?: number;
}
