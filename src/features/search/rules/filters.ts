/**
 * Algolia's three filter parameters as one expression tree:
 * - facetFilters: "attr:value", "attr:-value" (negation; "attr:\-value" for a value that starts
 *   with "-"), a list (AND) of strings or lists (OR);
 * - numericFilters: "attr op n" with op one of = != < <= > >=, or "attr:lo TO hi", a list (AND)
 *   of strings or lists (OR);
 * - filters: a subset of the filter syntax: `attr:value`, `attr:"quoted value"`, `attr:lo TO hi`,
 *   `attr op n`, NOT, AND, OR and parentheses. Tags, scores (<score=…>) and the rest are refused.
 * Every problem is a FilterError naming the parameter, which the route answers with 400.
 */
import { CONTROL_CHARACTERS } from '../../../lib/text.ts';

export type Op = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type Filter =
  | { kind: 'facet'; attr: string; value: string }
  | { kind: 'num'; attr: string; op: Op; value: number }
  | { kind: 'range'; attr: string; lo: number; hi: number }
  | { kind: 'and' | 'or'; items: Filter[] }
  | { kind: 'not'; item: Filter };

/** Most filters in one parameter, and deepest nesting of `filters` (parentheses and NOT). */
export const MAX_FILTER_ITEMS = 200;
export const MAX_FILTER_DEPTH = 20;
const MAX_FILTER_TOKENS = 2000;

export class FilterError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(`${param}: ${message}`);
  }
}

/**
 * A filter holding a control character is refused, as the parameters themselves are: one written
 * as a JSON escape ("make:\u0000" in a JSON list) is only a NUL once the list is read, and a NUL
 * cannot be part of any stored value (PostgreSQL's text cannot hold it: SQLSTATE 22021).
 */
function refuseControl(param: string, text: string): void {
  if (CONTROL_CHARACTERS.test(text)) throw new FilterError(param, 'holds a control character.');
}

function number(param: string, text: string): number {
  const n = Number(text.trim());
  if (!text.trim() || !Number.isFinite(n)) throw new FilterError(param, `"${text}" is not a number.`);
  return n;
}

/**
 * A facet filter string: "attr:value", or "attr:-value" for every record but those with the
 * value, as Algolia reads it; "attr:\-value" is the value "-value". The value may hold ":".
 */
function facetFilter(param: string, text: string): Filter {
  refuseControl(param, text);
  const s = text.trim();
  const colon = s.indexOf(':');
  if (colon <= 0) throw new FilterError(param, `"${text}" is not "attribute:value".`);
  const attr = s.slice(0, colon).trim();
  let value = s.slice(colon + 1).trim();
  // Algolia takes "-" before the value only: "-make:Kia" would name an attribute "-make".
  if (attr.startsWith('-'))
    throw new FilterError(param, `"${text}": to leave a value out write "${attr.slice(1)}:-${value}".`);
  const negate = value.startsWith('-');
  if (negate) value = value.slice(1);
  else if (value.startsWith('\\-')) value = value.slice(1);
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  const f: Filter = { kind: 'facet', attr, value };
  return negate ? { kind: 'not', item: f } : f;
}

const NUMERIC = /^\s*([^\s<>=!:]+)\s*(<=|>=|!=|=|<|>)\s*(\S+)\s*$/;
const RANGE = /^\s*([^\s<>=!:]+)\s*:\s*(\S+)\s+TO\s+(\S+)\s*$/;

function numericFilter(param: string, text: string): Filter {
  refuseControl(param, text);
  const range = RANGE.exec(text);
  if (range) return { kind: 'range', attr: range[1]!, lo: number(param, range[2]!), hi: number(param, range[3]!) };
  const m = NUMERIC.exec(text);
  if (!m) throw new FilterError(param, `"${text}" is not "attribute operator number" (operators: = != < <= > >=).`);
  return { kind: 'num', attr: m[1]!, op: m[2] as Op, value: number(param, m[3]!) };
}

/** facetFilters / numericFilters: a string (maybe a JSON list), or a list of strings and lists. */
function listFilter(param: string, value: unknown, one: (param: string, text: string) => Filter): Filter | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') {
    const t = value.trim();
    if (t.startsWith('[')) {
      try {
        return listFilter(param, JSON.parse(t), one);
      } catch (e) {
        if (e instanceof FilterError) throw e;
        throw new FilterError(param, 'is not a valid JSON list.');
      }
    }
    return one(param, value);
  }
  if (!Array.isArray(value))
    throw new FilterError(param, 'must be a string or a list of strings and lists of strings.');
  if (value.length > MAX_FILTER_ITEMS) throw new FilterError(param, `holds more than ${MAX_FILTER_ITEMS} filters.`);
  const items = value.flatMap((item): Filter[] => {
    if (typeof item === 'string') return [one(param, item)];
    if (Array.isArray(item) && item.every((x) => typeof x === 'string')) {
      if (item.length > MAX_FILTER_ITEMS) throw new FilterError(param, `holds more than ${MAX_FILTER_ITEMS} filters.`);
      // An empty OR group constrains nothing, as in Algolia.
      return item.length ? [{ kind: 'or', items: item.map((x) => one(param, x)) }] : [];
    }
    throw new FilterError(param, 'must be a list of strings and lists of strings.');
  });
  return items.length ? { kind: 'and', items } : undefined;
}

export const parseFacetFilters = (value: unknown) => listFilter('facetFilters', value, facetFilter);
export const parseNumericFilters = (value: unknown) => listFilter('numericFilters', value, numericFilter);

/** Tokens of the `filters` syntax. */
function tokenize(text: string): string[] {
  const out: string[] = [];
  const re = /\s*(\(|\)|"(?:[^"\\]|\\.)*"|<=|>=|!=|=|<|>|:|[^\s()"<>=!:]+)/gy;
  let at = 0;
  while (at < text.length) {
    if (!text.slice(at).trim()) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new FilterError('filters', `cannot read "${text.slice(at).trim()}".`);
    out.push(m[1]!);
    at = re.lastIndex;
  }
  return out;
}

const unquote = (t: string) => (t.startsWith('"') ? t.slice(1, -1).replace(/\\(.)/g, '$1') : t);

/** The supported subset of Algolia's `filters` string. */
export function parseFilters(value: unknown): Filter | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new FilterError('filters', 'must be a string.');
  if (!value.trim()) return undefined;
  const tokens = tokenize(value);
  if (tokens.length > MAX_FILTER_TOKENS)
    throw new FilterError('filters', `is longer than ${MAX_FILTER_TOKENS} words and signs.`);
  let i = 0;
  let depth = 0;
  const peek = () => tokens[i];
  const next = () => {
    const t = tokens[i++];
    if (t === undefined) throw new FilterError('filters', 'ends too early.');
    return t;
  };
  const expr = (): Filter => {
    const items = [term()];
    while (peek()?.toUpperCase() === 'OR') {
      i++;
      items.push(term());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  };
  const term = (): Filter => {
    const items = [factor()];
    while (peek()?.toUpperCase() === 'AND') {
      i++;
      items.push(factor());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  };
  const nested = <T>(inner: () => T): T => {
    if (++depth > MAX_FILTER_DEPTH)
      throw new FilterError('filters', `nests parentheses and NOT more than ${MAX_FILTER_DEPTH} deep.`);
    const result = inner();
    depth--;
    return result;
  };
  const factor = (): Filter => {
    const t = next();
    if (t.toUpperCase() === 'NOT') return nested(() => ({ kind: 'not', item: factor() }));
    if (t === '(') {
      return nested(() => {
        const inner = expr();
        if (next() !== ')') throw new FilterError('filters', 'a "(" is not closed.');
        return inner;
      });
    }
    if (t === ')' || (t.startsWith('"') && peek() !== ':')) throw new FilterError('filters', `unexpected "${t}".`);
    const attr = unquote(t);
    if (attr === '_tags' || attr.startsWith('<'))
      throw new FilterError('filters', `${attr} filters are not supported.`);
    const op = next();
    if (op === ':') {
      const v = unquote(next());
      if (peek()?.toUpperCase() === 'TO') {
        i++;
        return { kind: 'range', attr, lo: number('filters', v), hi: number('filters', unquote(next())) };
      }
      return { kind: 'facet', attr, value: v };
    }
    if (['=', '!=', '<', '<=', '>', '>='].includes(op))
      return { kind: 'num', attr, op: op as Op, value: number('filters', unquote(next())) };
    throw new FilterError('filters', `expected ":" or an operator after "${attr}", found "${op}".`);
  };
  const tree = expr();
  if (i < tokens.length) throw new FilterError('filters', `unexpected "${tokens[i]}".`);
  return tree;
}
