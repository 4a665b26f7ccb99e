/** The shapes a stock feed is read into (content format 1.2 "Stock feed"). */
import type { NzCin, VehicleHistory } from '../../../content/entities.ts';
import type { Column } from './columns.ts';

/**
 * A car of a feed, read and checked: blank values absent, text trimmed. A row of a full feed is a
 * whole listing (make, model, year and a price always there, and the defaults applied); a row of
 * a delta feed holds only the values it gives, which change only those of a car the dealer has.
 */
export interface FeedCar {
  /** Trimmed, 1 to 64 characters: the car's identity across feeds. */
  stock_number: string;
  /** Full feeds: default "available". */
  status?: 'available' | 'sold' | 'hidden';
  /** The Car's car_type; full feeds: default "used". */
  condition?: 'new' | 'used' | 'demo';
  make?: string;
  model?: string;
  year?: number;
  /** As given, else (full feeds) price_drive_away, else price_egc; "POA": price on application. */
  price?: number | 'POA';
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
  price_drive_away?: number | 'POA';
  price_egc?: number | 'POA';
  redbook_code?: string;
  nvic?: string;
  /** http(s) image URLs in display order; full feeds: may be empty. */
  photos?: string[];
  video_url?: string;
  /** Plain text; line breaks are "\n". */
  comments?: string;
  features?: string[];
  /** A location's name or id, as the feed gives it. */
  location?: string;
  /** The listing account cars blocks filter on (content format 1.3). */
  account?: string;
  certified?: boolean;
  /** The NZ Consumer Information Notice's facts, when the feed gives any. */
  nz_cin?: NzCin;
  /** The history check's facts (1.3 extension), when the feed gives any. */
  history?: VehicleHistory;
  /** Where the row is in its feed, for a message about it: its line (CSV) or index (JSON). */
  where?: { line: number } | { index: number };
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
  /** The row's stock number, when it could be read: a full feed leaves that car as it was. */
  stock_number?: string;
}

export interface FeedParse {
  /** "full" or "delta": as asked (FeedOptions.mode), else as a JSON feed says; absent means full. */
  mode?: 'full' | 'delta';
  /**
   * The columns the feed has (a CSV file's header; every column for JSON): a full CSV feed without
   * a column leaves that value of every car as it was.
   */
  columns: Column[];
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
  /** How to read the rows, whatever a JSON feed says (a command's --delta). */
  mode?: 'full' | 'delta';
}
