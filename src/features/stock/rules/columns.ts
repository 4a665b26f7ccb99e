/**
 * The stock feed's columns (content format 1.2 "Stock feed"): their names, the aliases stock
 * systems use, and what kind of value each holds. CSV headers and JSON keys are matched the same way.
 */

/** How a column's value is read (see values.ts). */
export type ColumnKind =
  | 'stock'
  | 'text'
  | 'comments'
  | 'status'
  | 'condition'
  | 'year'
  | 'month'
  | 'date'
  | 'odometer'
  | 'money'
  | 'count'
  | 'boolean'
  | 'photos'
  | 'url'
  | 'list'
  | 'checked'
  | 'writeoff';

/** Every column of the feed, by its name in the content format, with its kind. */
export const COLUMNS = {
  stock_number: 'stock',
  vin: 'text',
  rego: 'text',
  status: 'status',
  condition: 'condition',
  make: 'text',
  model: 'text',
  badge: 'text',
  series: 'text',
  year: 'year',
  build_date: 'month',
  compliance_date: 'month',
  odometer: 'odometer',
  body: 'text',
  fuel: 'text',
  transmission: 'text',
  drive: 'text',
  colour: 'text',
  seats: 'count',
  doors: 'count',
  engine: 'text',
  price: 'money',
  price_drive_away: 'money',
  price_egc: 'money',
  redbook_code: 'text',
  nvic: 'text',
  photos: 'photos',
  video_url: 'url',
  comments: 'comments',
  features: 'list',
  location: 'text',
  account: 'text',
  certified: 'boolean',
  first_registered_nz: 'month',
  registered_overseas: 'boolean',
  imported_damaged: 'boolean',
  odometer_verified: 'boolean',
  engine_cc: 'count',
  wof_expiry: 'date',
  cof_expiry: 'date',
  rego_expiry: 'date',
  security_interest: 'boolean',
  ppsr_date: 'checked',
  finance_owing: 'boolean',
  stolen: 'boolean',
  written_off: 'writeoff',
} as const satisfies Record<string, ColumnKind>;

export type Column = keyof typeof COLUMNS;

/** The columns of the NZ Consumer Information Notice, which a Car holds under `nz_cin`. */
export const NZ_CIN_COLUMNS = [
  'first_registered_nz',
  'registered_overseas',
  'imported_damaged',
  'odometer_verified',
  'engine_cc',
  'wof_expiry',
  'cof_expiry',
  'rego_expiry',
  'security_interest',
] as const satisfies readonly Column[];

/** The columns of the car's history check (1.3 extension), which a Car holds under `history`. */
export const HISTORY_COLUMNS = [
  'ppsr_date',
  'finance_owing',
  'stolen',
  'written_off',
] as const satisfies readonly Column[];

/** Other names for columns (content format 1.3), as normalised by `headerKey`. */
const ALIASES = new Map<string, Column>([
  ['stock_no', 'stock_number'],
  ['stockno', 'stock_number'],
  ['stock_#', 'stock_number'],
  ['stock_id', 'stock_number'],
  ['registration', 'rego'],
  ['rego_no', 'rego'],
  ['plate', 'rego'],
  ['variant', 'badge'],
  ['km', 'odometer'],
  ['kms', 'odometer'],
  ['kilometres', 'odometer'],
  ['mileage', 'odometer'],
  ['color', 'colour'],
  ['drive_away_price', 'price_drive_away'],
  ['driveaway_price', 'price_drive_away'],
  ['dap', 'price_drive_away'],
  ['price_excl_govt_charges', 'price_egc'],
  ['egc_price', 'price_egc'],
  ['images', 'photos'],
  ['description', 'comments'],
  ['dealer_comments', 'comments'],
  ['yard', 'account'],
  ['ppsr_checked', 'ppsr_date'],
  ['ppsr_checked_on', 'ppsr_date'],
  ['ppsr_check_date', 'ppsr_date'],
  ['history_checked', 'ppsr_date'],
  ['money_owing', 'finance_owing'],
  ['encumbered', 'finance_owing'],
  ['reported_stolen', 'stolen'],
  ['write_off', 'written_off'],
  ['writeoff', 'written_off'],
  ['wovr', 'written_off'],
]);

/** The names a column is also known by, as a message lists them ("Stock No", "StockNo", …). */
export function aliasesOf(column: Column): string[] {
  return [...ALIASES].filter(([, c]) => c === column).map(([alias]) => alias.replace(/_/g, ' '));
}

/** A header as compared: trimmed, lowercased, runs of spaces, hyphens and underscores as one "_". */
export function headerKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
}

/** The column a CSV header or JSON key names, or undefined for a column the feed ignores. */
export function columnOf(header: string): Column | undefined {
  const key = headerKey(header);
  if (Object.hasOwn(COLUMNS, key)) return key as Column;
  return ALIASES.get(key);
}

/** A header or value for a message: control characters shown as \uXXXX, cut after `max` characters. */
export function shown(text: string, max = 200): string {
  const visible = text.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return visible.length > max ? `${visible.slice(0, max)}… (${visible.length} characters)` : visible;
}
