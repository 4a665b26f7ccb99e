/**
 * Decap CMS fields from the content format's zod schemas: one field per schema field, with the
 * field's JSDoc as its hint, whether it is required, its choices, bounds and default, so that the
 * CMS asks for exactly what the build accepts. The walk fails on a schema it cannot show, so a
 * new kind of field cannot silently go missing from the CMS (tests/unit/engine/cms-config.test.ts).
 *
 * A field kept raw for nested blocks (`z.array(z.unknown())` under a block's child list) becomes
 * a block list again, down to `maxDepth`; other free-form values (a record, an unknown value, a
 * union of objects) get the `json` widget that the admin page registers.
 */
import type { z } from '../../content/zod.ts';
import { cssColour, optionalCssColour } from '../../content/colour.ts';
import type { FieldDocs } from './field-docs.ts';

/** One field of a Decap CMS collection (the subset of the config format used here). */
export interface DecapField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  fields?: DecapField[];
  field?: DecapField;
  types?: DecapField[];
  typeKey?: string;
  options?: (string | { label: string; value: string | number | boolean })[];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  collapsed?: boolean;
  summary?: string;
  allowInput?: boolean;
  read_only?: boolean;
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
}

interface Def {
  type: string;
  [key: string]: unknown;
}

export interface FieldContext {
  docs: FieldDocs;
  /** The docs path of the value being shown (segments; `[]` for list items). */
  at: string[];
  /** The fields of a block list at this path: a column's blocks, an faq answer. */
  blockList?: (at: string[]) => DecapField | undefined;
  /**
   * Inside an optional object that may be absent. Decap checks the fields of every object it
   * shows, so a field the format requires only once its object exists is not required here: the
   * build's validation names it, with its path, when the object is there without it.
   */
  inOptional?: boolean;
}

const def = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** "avatar_url" → "Avatar url", "primaryColor" → "Primary color". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface Unwrapped {
  schema: z.ZodType;
  optional: boolean;
  default?: unknown;
}

/** Optional, nullable, default and `opt()`'s pipe taken off: the value's own schema. */
export function unwrap(schema: z.ZodType): Unwrapped {
  let optional = false;
  let fallback: unknown;
  for (;;) {
    const d = def(schema);
    if (d.type === 'optional' || d.type === 'nullable') {
      optional = true;
      schema = d.innerType as z.ZodType;
    } else if (d.type === 'default' || d.type === 'prefault') {
      optional = true;
      fallback = typeof d.defaultValue === 'function' ? undefined : d.defaultValue;
      schema = d.innerType as z.ZodType;
    } else if (d.type === 'pipe' && def(d.out as z.ZodType).type === 'transform') {
      schema = d.in as z.ZodType;
    } else if (d.type === 'readonly' || d.type === 'catch') {
      schema = d.innerType as z.ZodType;
    } else return { schema, optional, default: fallback };
  }
}

/** The fields of an object schema. */
export function objectFields(schema: z.ZodType, ctx: FieldContext): DecapField[] {
  const { schema: inner } = unwrap(schema);
  const d = def(inner);
  if (d.type !== 'object') throw new Error(`${where(ctx)}: expected an object schema, found ${d.type}`);
  const shape = d.shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, field]) => fieldOf(name, field, { ...ctx, at: [...ctx.at, name] }));
}

/** The Decap field for one schema field. */
export function fieldOf(name: string, schema: z.ZodType, ctx: FieldContext): DecapField {
  const isColour = schema === (optionalCssColour as z.ZodType) || schema === (cssColour as z.ZodType);
  const { schema: inner, optional, default: fallback } = unwrap(schema);
  const base: DecapField = { name, label: labelOf(name), widget: 'string' };
  const hint = ctx.docs.get(ctx.at.join('.'));
  if (hint) base.hint = hint;
  if (optional || ctx.inOptional || schema === (optionalCssColour as z.ZodType)) base.required = false;
  if (fallback !== undefined && !(Array.isArray(fallback) && fallback.length === 0)) base.default = fallback;
  if (isColour) return { ...base, widget: 'color', allowInput: true };
  const innerCtx = optional ? { ...ctx, inOptional: true } : ctx;
  const field = { ...base, ...widgetOf(name, inner, innerCtx, hint) };
  // A switch the format requires is written as false when left off (an optional one keeps its
  // absence, which may mean on: `team.profilePages`).
  if (field.widget === 'boolean' && !optional && field.default === undefined)
    return { ...field, default: false, required: false };
  return field;
}

function widgetOf(name: string, schema: z.ZodType, ctx: FieldContext, hint?: string): Partial<DecapField> {
  const d = def(schema);
  switch (d.type) {
    case 'string':
      if (isImageField(name, hint)) return { widget: 'image', choose_url: true };
      return { widget: /\b(HTML|rich text)\b/i.test(hint ?? '') ? 'text' : 'string' };
    case 'number': {
      const n = schema as z.ZodNumber;
      const out: Partial<DecapField> = { widget: 'number', value_type: n.isInt ? 'int' : 'float' };
      if (Number.isFinite(n.minValue)) out.min = n.minValue as number;
      if (Number.isFinite(n.maxValue)) out.max = n.maxValue as number;
      return out;
    }
    case 'boolean':
      return { widget: 'boolean' };
    case 'enum':
      return { widget: 'select', options: Object.values(d.entries as Record<string, string>) };
    case 'literal':
      return { widget: 'select', options: (d.values as string[]).map(String) };
    case 'object':
      // A file's own sections open; objects inside them start folded.
      return { widget: 'object', collapsed: ctx.at.length > 1, fields: objectFields(schema, ctx) };
    case 'array':
      return listOf(d.element as z.ZodType, ctx);
    case 'union':
      return unionWidget(d.options as z.ZodType[], name, ctx, hint);
    case 'record':
    case 'unknown':
    case 'any':
      return { widget: 'json' };
    default:
      throw new Error(`${where(ctx)}: the CMS has no field for a zod "${d.type}" schema`);
  }
}

function listOf(element: z.ZodType, ctx: FieldContext): Partial<DecapField> {
  const at = [...ctx.at, '[]'];
  const { schema: item } = unwrap(element);
  const d = def(item);
  if (d.type === 'unknown') {
    const blocks = ctx.blockList?.(ctx.at);
    return blocks
      ? { widget: 'list', types: blocks.types, typeKey: blocks.typeKey, summary: '{{type}}' }
      : { widget: 'json' };
  }
  // A list's item exists once added: what it requires is required again.
  if (d.type === 'object') {
    return { widget: 'list', collapsed: true, fields: objectFields(item, { ...ctx, at, inOptional: false }) };
  }
  const one = fieldOf('item', element, { ...ctx, at, inOptional: false });
  if (one.widget === 'json') return { widget: 'json' };
  return { widget: 'list', field: { ...one, label: 'Item' } };
}

function unionWidget(options: z.ZodType[], name: string, ctx: FieldContext, hint?: string): Partial<DecapField> {
  const kinds = options.map((o) => def(unwrap(o).schema).type);
  // An id is a string or a number; the CMS writes what the editor types, which the format accepts.
  if (kinds.every((k) => k === 'string' || k === 'number')) return widgetOf(name, options[0]!, ctx, hint);
  if (kinds.every((k) => k === 'literal' || k === 'enum')) {
    const values = options.flatMap((o) => {
      const d = def(unwrap(o).schema);
      return d.type === 'enum' ? Object.values(d.entries as Record<string, string>) : (d.values as string[]);
    });
    return { widget: 'select', options: values.map(String) };
  }
  return { widget: 'json' };
}

/** A URL field that holds an image (a photo, logo or picture): the CMS's media library picks it. */
function isImageField(name: string, hint?: string): boolean {
  if (/(^|_)(photo|avatar|logo|image|picture)(_url)?$/i.test(name)) return true;
  return /url$/i.test(name) && /\b(image|photo|picture|logo)\b/i.test(hint ?? '');
}

function where(ctx: FieldContext): string {
  return ctx.at.length > 0 ? ctx.at.join('.') : '(root)';
}
