/** Text rules with numbers from the spec. */
import { locale } from './locale.ts';

/** "1 lead", "3 leads"; `many` for words that do not take an s. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Staff bio preview length (spec §9). */
export const BIO_PREVIEW_CHARS = 60;
/** Model tile short description length (spec §9). */
export const MODEL_DESCRIPTION_CHARS = 200;

/**
 * At most `max` characters of `text`, cut on the last word boundary when one is close, with an
 * ellipsis when anything was cut. Text of `max` characters or fewer is returned unchanged.
 */
export function truncate(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  let cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  return cut.replace(/[\s,.;:–-]+$/, '') + '…';
}

/**
 * What a car's price includes, as its label (content format 1.1 `price_qualifier`). A car without
 * a qualifier gets no label: the page must not call that price drive-away.
 */
export function priceQualifierLabel(qualifier: 'drive_away' | 'excl_govt_charges' | undefined): string | undefined {
  if (qualifier === 'drive_away') return 'Drive away';
  if (qualifier === 'excl_govt_charges') return 'Excl. government charges';
  return undefined;
}

/** "Harbour City Toyota | Service" → "Harbour City Toyota" style splits for short labels. */
export function shortTitle(title: string): string {
  return title.split(/\s+[|–—-]\s+/)[0]!.trim();
}

/** The currency of a dealer's prices: Australian or New Zealand dollars. */
export function currencyOf(country: 'AU' | 'NZ'): 'AUD' | 'NZD' {
  return locale(country).currency.code;
}

/** Money in whole dollars for AU and NZ: "$45,990". */
const wholeNumber = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

export function formatPrice(value: number): string {
  return '$' + wholeNumber.format(Math.round(value));
}

export function formatKm(km: number): string {
  return wholeNumber.format(Math.round(km)) + ' km';
}

/**
 * A month as AU and NZ dealers write build, compliance and registration months: "2024-03" →
 * "03/2024". Text that is not a "YYYY-MM" month is returned as it is, so nothing is made up.
 */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month.trim());
  return m ? `${m[2]}/${m[1]}` : month.trim();
}

/** A day, day first as in AU and NZ: "2025-06-30" → "30/06/2025"; other text as it is. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day.trim();
}

/** A value as trimmed text; undefined unless it is a string with something in it. */
export function trimmed(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** As trimmed, and a finite number as its digits (ids and years may come either way). */
export function trimmedOrNumber(v: unknown): string | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : trimmed(v);
}

/** C0 control characters and DEL; tab, line feed and carriage return are allowed only where said. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
