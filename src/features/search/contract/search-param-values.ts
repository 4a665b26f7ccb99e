/**
 * Reading one search parameter: Algolia's clients send the same parameter as a typed JSON value
 * (a params object, or flattened onto the entry) or as text (a URL-encoded params string, lists
 * JSON-encoded). Each reader takes both and throws a ParamError naming the parameter.
 */
import { CONTROL_CHARACTERS, RESERVED_KEYS } from '../../../contract/parse.ts';

export class ParamError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

/** A request for an index that does not exist: Algolia answers 404 "Index does not exist". */
export class UnknownIndexError extends ParamError {}

export type Params = Record<string, unknown>;

/** Parameters whose text reaches the database (as a pattern, a compared value or a key). */
const TEXT_PARAMS = [
  'query',
  'facetQuery',
  'facetFilters',
  'numericFilters',
  'filters',
  'facets',
  'facet',
  'attributesToRetrieve',
  'attributesToHighlight',
  'restrictSearchableAttributes',
];

/** Whether `value` (text, or lists of text) holds a control character. */
function hasControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value);
  return Array.isArray(value) && depth < 4 && value.some((v) => hasControl(v, depth + 1));
}

/**
 * The parameters of an entry (every field but `skip`) and of its `params` (a URL-encoded string
 * or an object) as one object without a prototype: a parameter named "__proto__" or
 * "constructor" is ignored, as Algolia ignores names it does not know. Values from a params
 * string stay strings. Control characters in a parameter that reaches the database are refused.
 */
export function rawParams(entry: Record<string, unknown>, skip: ReadonlySet<string>): Params {
  const out = Object.create(null) as Params;
  const put = (k: string, v: unknown) => {
    if (!RESERVED_KEYS.has(k) && v !== undefined) out[k] = v;
  };
  for (const [k, v] of Object.entries(entry)) if (!skip.has(k)) put(k, v);
  const p = entry.params;
  if (typeof p === 'string') {
    for (const [k, v] of new URLSearchParams(p)) put(k, v);
  } else if (p && typeof p === 'object' && !Array.isArray(p)) {
    for (const [k, v] of Object.entries(p)) put(k, v);
  }
  for (const name of TEXT_PARAMS) {
    if (hasControl(out[name])) throw new ParamError(name, `${name} holds a control character.`);
  }
  return out;
}

const absent = (v: unknown) => v === undefined || v === null || v === '';

export function integer(params: Params, name: string, fallback: number, min: number, max: number): number {
  const v = params[name];
  if (absent(v)) return fallback;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isInteger(n) || n < min) throw new ParamError(name, `${name} must be a whole number of at least ${min}.`);
  return Math.min(n, max);
}

/** An integer parameter that may be left out: undefined then. */
export function optionalInteger(params: Params, name: string, min: number, max: number): number | undefined {
  return absent(params[name]) ? undefined : integer(params, name, min, min, max);
}

export function text(params: Params, name: string, fallback: string): string {
  const v = params[name];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string') throw new ParamError(name, `${name} must be a string.`);
  return v;
}

/** true/false, also as the text "true"/"false" (a params string) or 1/0. */
export function boolean(params: Params, name: string, fallback: boolean): boolean {
  const v = params[name];
  if (absent(v)) return fallback;
  if (v === true || v === 'true' || v === 1 || v === '1') return true;
  if (v === false || v === 'false' || v === 0 || v === '0') return false;
  throw new ParamError(name, `${name} must be true or false.`);
}

/** One of `values`, also when booleans travel as text. */
export function oneOf<T extends string | boolean>(params: Params, name: string, values: readonly T[], fallback: T): T {
  const v = params[name];
  if (absent(v)) return fallback;
  const found = values.find((x) => x === v || String(x) === v);
  if (found === undefined)
    throw new ParamError(name, `${name} must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}.`);
  return found;
}

/** A list parameter: a list of strings, a JSON list in a string, or a comma-separated string. */
export function stringList(params: Params, name: string): string[] {
  let v = params[name];
  if (absent(v)) return [];
  if (typeof v === 'string') {
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        v = JSON.parse(t);
      } catch {
        throw new ParamError(name, `${name} is not a valid JSON list.`);
      }
    } else
      return t
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  }
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new ParamError(name, `${name} must be a list of strings.`);
  return v;
}

/** A list parameter that may be left out (undefined), unlike an empty list. */
export function optionalList(params: Params, name: string): string[] | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  if (v === '' || (typeof v === 'string' && v.trim() === '[]')) return [];
  return stringList(params, name);
}

/** The parameters as Algolia echoes them in `params`: URL-encoded, non-text values as JSON. */
export function serialize(params: Params): string {
  return Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&');
}
