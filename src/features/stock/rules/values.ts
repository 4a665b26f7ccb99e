/**
 * How each kind of stock feed value is read, from a CSV cell (text) or a JSON value. Blank means
 * absent; text is trimmed; a value that cannot be read gives a reason a dealer can act on.
 */
import { CONTROL_CHARACTERS } from '../../../lib/text.ts';
import type { ColumnKind } from './columns.ts';
import { repairMojibake } from './decode.ts';

/** A value read: absent (`value` undefined), or why it cannot be used. */
export type Read = { ok: true; value: unknown } | { ok: false; reason: string };

/** What a reading depends on: the current year, for the latest model year allowed. */
export interface ReadContext {
  year: number;
}

/** A stock number's longest length, in characters. */
export const STOCK_NUMBER_MAX = 64;
/** The earliest model year accepted. */
export const YEAR_MIN = 1900;
/** How many years past the current one a model year may be (next year's models arrive early). */
export const YEARS_AHEAD = 2;

const ok = (value: unknown): Read => ({ ok: true, value });
const bad = (reason: string): Read => ({ ok: false, reason });
const ABSENT = ok(undefined);

const BOOLEANS = new Map([
  ['yes', true],
  ['no', false],
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
  ['y', true],
  ['n', false],
]);
const STATUSES = ['available', 'sold', 'hidden'];
const CONDITIONS = ['new', 'used', 'demo'];
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Digits with optional comma thousands separators and decimals: 12345, 12,345, 32990.00. */
const AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
/** Comments may hold line breaks and tabs; every other value no control character at all. */
const COMMENT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const WRITE_OFF_TYPES = ['repairable', 'statutory', 'inspected'];
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A real calendar day as "YYYY-MM-DD", or undefined. */
function realDay(y: number, m: number, d: number): string | undefined {
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * When a history check was made: "2025-06-30" or "30/06/2025" (AU and NZ stock systems write days
 * first). "Yes" or "No" (a stock system that only says whether it checked) names no day: absent.
 */
function checkedOn(t: string): Read {
  if (BOOLEANS.has(t.toLowerCase())) return ABSENT;
  const iso = DATE.exec(t);
  const dmy = DAY_FIRST.exec(t);
  const day = iso
    ? realDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    : dmy
      ? realDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]))
      : undefined;
  return day ? ok(day) : bad('expected the day of the check, "YYYY-MM-DD" or "DD/MM/YYYY", such as "30/06/2025"');
}

/** A price of "POA" (any case): price on application (content format 1.3). */
export const POA = 'POA';

/** Why text cannot be stored as it is: a control character, a lone surrogate (not Unicode), or U+FFFD. */
function controlReason(text: string, allowed: RegExp = CONTROL_CHARACTERS): string | undefined {
  if (!text.isWellFormed()) return 'is not valid Unicode text (it holds half of a surrogate pair)';
  if (text.includes('\uFFFD'))
    return (
      'holds "\uFFFD", the mark of a letter lost when the text was converted between encodings: ' +
      'correct it in the stock system and send the feed again'
    );
  const found = allowed.exec(text);
  if (!found) return undefined;
  const code = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
  const but = allowed === COMMENT_CONTROLS ? ' (line breaks and tabs are fine here)' : '';
  return `contains a control character (U+${code}), which a stock feed value may not hold${but}`;
}

/** A JSON value or CSV cell as trimmed text: undefined when blank, a reason when it is not text. */
function textOf(raw: unknown): string | undefined | { reason: string } {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : { reason: 'is not a finite number' };
  if (typeof raw !== 'string') return { reason: `expected text or a number, not ${describe(raw)}` };
  const t = repairMojibake(raw.trim());
  return t === '' ? undefined : t;
}

/** What a JSON value is, for a message. */
export function describe(raw: unknown): string {
  if (Array.isArray(raw)) return 'a list';
  if (raw === null) return 'null';
  if (typeof raw === 'object') return 'an object';
  if (typeof raw === 'boolean') return String(raw);
  return typeof raw === 'string' ? 'text' : typeof raw;
}

function isWebAddress(s: string): boolean {
  return /^https?:\/\/[^\s/?#]+\S*$/i.test(s) && URL.canParse(s);
}

/** A photo: a web address, or a path on the dealer's own site ("/images/car.jpg"), as cars.json has them. */
function isPhotoAddress(s: string): boolean {
  return isWebAddress(s) || /^\/(?![/\\])\S+$/.test(s);
}

/** A non-negative amount: a JSON number, or text of digits after `strip` took off a unit. */
function amount(raw: unknown, t: string, example: string, strip: (s: string) => string): Read {
  const tooBig = 'is too large';
  if (typeof raw === 'number') {
    if (raw < 0) return bad('must not be negative');
    return raw > Number.MAX_SAFE_INTEGER ? bad(tooBig) : ok(raw);
  }
  const s = strip(t);
  if (/^-/.test(s)) return bad('must not be negative');
  if (!AMOUNT.test(s)) return bad(`expected ${example}`);
  const n = Number(s.replace(/,/g, ''));
  return n > Number.MAX_SAFE_INTEGER ? bad(tooBig) : ok(n);
}

function list(raw: unknown): string[] | { reason: string } {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split('|') : undefined;
  if (!items) return { reason: `expected a list, or items separated by "|", not ${describe(raw)}` };
  const out: string[] = [];
  for (const [n, item] of items.entries()) {
    if (item === null || item === undefined) continue;
    if (typeof item !== 'string') return { reason: `item ${n + 1} is ${describe(item)}, expected text` };
    const t = repairMojibake(item.trim());
    const control = controlReason(t);
    if (control) return { reason: `item ${n + 1} ${control}` };
    if (t) out.push(t);
  }
  return out;
}

/** Reads one value of the given kind. */
export function readValue(kind: ColumnKind, raw: unknown, ctx: ReadContext): Read {
  if (kind === 'photos' || kind === 'list') {
    if (raw === undefined || raw === null) return ABSENT;
    const items = list(raw);
    if (!Array.isArray(items)) return bad(items.reason);
    if (kind === 'photos') {
      const wrong = items.flatMap((p, n) => (isPhotoAddress(p) ? [] : [n + 1]));
      if (wrong.length) {
        const which = wrong.length === 1 ? `photo ${wrong[0]} is` : `photos ${wrong.join(', ')} are`;
        return bad(`${which} neither a web address starting with http:// or https:// nor a path starting with /`);
      }
    }
    return ok(items.length ? items : undefined);
  }
  if (kind === 'boolean') {
    if (typeof raw === 'boolean') return ok(raw);
    if (raw === 1 || raw === 0) return ok(raw === 1);
  }
  const t = textOf(raw);
  if (t === undefined) return ABSENT;
  if (typeof t !== 'string') return bad(t.reason);
  const control = controlReason(t, kind === 'comments' ? COMMENT_CONTROLS : CONTROL_CHARACTERS);
  if (control) return bad(control);
  switch (kind) {
    case 'stock':
      return [...t].length > STOCK_NUMBER_MAX ? bad(`is longer than ${STOCK_NUMBER_MAX} characters`) : ok(t);
    case 'text':
      return ok(t);
    case 'comments':
      return ok(t.replace(/\r\n?/g, '\n'));
    case 'status':
    case 'condition': {
      const allowed = kind === 'status' ? STATUSES : CONDITIONS;
      const v = t.toLowerCase();
      return allowed.includes(v) ? ok(v) : bad(`expected one of ${allowed.join(', ')}`);
    }
    case 'year': {
      const last = ctx.year + YEARS_AHEAD;
      const n = /^\d{1,6}$/.test(t) ? Number(t) : NaN;
      return n >= YEAR_MIN && n <= last ? ok(n) : bad(`expected a year from ${YEAR_MIN} to ${last}`);
    }
    case 'month':
      return MONTH.test(t) ? ok(t) : bad('expected a month "YYYY-MM", such as "2024-03"');
    case 'date': {
      const m = DATE.exec(t);
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
      const real = d && m && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
      return real ? ok(t) : bad('expected a date "YYYY-MM-DD", such as "2025-06-30"');
    }
    case 'odometer':
      return amount(raw, t, 'kilometres such as 12345, 12,345 or 12345 km', (s) => s.replace(/\s*kms?$/i, ''));
    case 'money':
      if (t.toUpperCase() === POA) return ok(POA);
      return amount(raw, t, 'a price such as 32990, 32990.00 or $32,990, or POA', (s) => s.replace(/^\$\s*/, ''));
    case 'count': {
      if (typeof raw === 'number' && !Number.isInteger(raw)) return bad('expected a whole number above 0');
      if (!/^\d+$/.test(t)) return bad('expected a whole number above 0');
      const n = Number(t);
      if (n > Number.MAX_SAFE_INTEGER) return bad('is too large');
      return n > 0 ? ok(n) : bad('expected a whole number above 0');
    }
    case 'boolean': {
      const v = BOOLEANS.get(t.toLowerCase());
      return v === undefined ? bad('expected yes or no (also true/false, 1/0, y/n)') : ok(v);
    }
    case 'checked':
      return checkedOn(t);
    case 'writeoff': {
      const v = t.toLowerCase().replace(/\s*write[\s-]*off$/, '');
      if (WRITE_OFF_TYPES.includes(v)) return ok(v);
      const yes = BOOLEANS.get(v);
      return yes === undefined
        ? bad('expected yes or no, or the kind of write-off: repairable, statutory or inspected')
        : ok(yes);
    }
    case 'url':
      return isWebAddress(t) ? ok(t) : bad('expected a web address starting with http:// or https://');
  }
}
