/**
 * What a content schema allows at one JSON path, read from the schema itself, so that an error
 * message can say it: a number's bounds and whether it must be whole, an object's fields. The
 * issues of a failed parse say only the bound that was crossed ("too big: <= 6"); the schema
 * knows the whole range ("a whole number from 1 to 6").
 */
import type { z } from './zod.ts';

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  in?: Schema;
  getter?: () => Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  valueType?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  checks?: { _zod: { def: CheckDef } }[];
}
interface CheckDef {
  check: string;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
}

const defOf = (s: Schema) => s._zod.def as unknown as Def;

/** Wrappers that allow what their inner schema allows (and, for a pipe, what goes in). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The schema under its wrappers, pipes (their input side) and lazy getters. */
function unwrap(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 32; i++) {
    const def = defOf(s);
    if (WRAPPERS.has(def.type) && def.innerType) s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else if (def.type === 'lazy' && def.getter) s = def.getter();
    else break;
  }
  return s;
}

/** The schemas a value at `key` of `schema` may be checked against (several under a union). */
function childrenAt(schema: Schema, key: PropertyKey): Schema[] {
  const s = unwrap(schema);
  const def = defOf(s);
  switch (def.type) {
    case 'object':
      return typeof key === 'string' && def.shape && Object.hasOwn(def.shape, key) ? [def.shape[key]!] : [];
    case 'array':
      return def.element ? [def.element] : [];
    case 'record':
      return def.valueType ? [def.valueType] : [];
    case 'tuple': {
      const item = typeof key === 'number' ? def.items?.[key] : undefined;
      return item ? [item] : def.rest ? [def.rest] : [];
    }
    case 'union':
      return (def.options ?? []).flatMap((o) => childrenAt(o, key));
    case 'intersection':
      return [def.left, def.right].flatMap((o) => (o ? childrenAt(o, key) : []));
    default:
      return [];
  }
}

/** The schemas that check the value at `path` of `schema` (none when the path leaves it). */
export function schemasAt(schema: Schema, path: ReadonlyArray<PropertyKey>): Schema[] {
  let found = [schema];
  for (const key of path) found = found.flatMap((s) => childrenAt(s, key));
  return found.flatMap((s) => {
    const inner = unwrap(s);
    const def = defOf(inner);
    return def.type === 'union' ? (def.options ?? []).map(unwrap) : [inner];
  });
}

/** A number's allowed range. */
export interface NumberRange {
  whole: boolean;
  min?: { value: number; inclusive: boolean };
  max?: { value: number; inclusive: boolean };
}

/** The range of the first number schema at `path`, when there is one. */
export function numberRangeAt(schema: Schema, path: ReadonlyArray<PropertyKey>): NumberRange | undefined {
  const number = schemasAt(schema, path).find((s) => defOf(s).type === 'number');
  if (!number) return undefined;
  const range: NumberRange = { whole: false };
  for (const check of defOf(number).checks ?? []) {
    const c = check._zod.def;
    const value = Number(c.value);
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) range.whole = true;
    if (c.check === 'greater_than' && (!range.min || value > range.min.value))
      range.min = { value, inclusive: !!c.inclusive };
    if (c.check === 'less_than' && (!range.max || value < range.max.value))
      range.max = { value, inclusive: !!c.inclusive };
  }
  // A whole number above 0 is one of at least 1.
  if (range.whole && range.min && !range.min.inclusive)
    range.min = { value: Math.floor(range.min.value) + 1, inclusive: true };
  if (range.whole && range.max && !range.max.inclusive)
    range.max = { value: Math.ceil(range.max.value) - 1, inclusive: true };
  return range;
}

/** The fields an object schema at `path` knows, sorted; undefined when it is no object. */
export function fieldsAt(schema: Schema, path: ReadonlyArray<PropertyKey>): string[] | undefined {
  const object = schemasAt(schema, path).find((s) => defOf(s).type === 'object');
  const shape = object && defOf(object).shape;
  return shape ? Object.keys(shape).sort() : undefined;
}
