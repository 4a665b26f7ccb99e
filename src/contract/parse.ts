/**
 * What crosses the network to and from the API: one zod schema per route in this folder, and the
 * pieces they share. The API parses every request body and query with them; browser code imports
 * only their types (`import type`), so no schema code reaches a page.
 *
 * A schema's messages may hold `{field}`, replaced by the path of the value that broke it
 * ("values.email", "requests[2].indexName"), so every 400 names its field.
 */
import { z } from 'astro/zod';
import { CONTROL_CHARACTERS } from '../lib/text.ts';

/** Names that JavaScript objects inherit: a key so named is refused wherever it appears in a body. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);

/** C0 control characters and DEL; tab, line feed and carriage return are allowed only where said. */
export { CONTROL_CHARACTERS };

/** "values.email", "requests[2].indexName" */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

export interface ParseProblem {
  /** The first problem, in words, naming its field. */
  message: string;
  /** Field path → its first problem, in the schema's own words (without the path in front). */
  fields: Record<string, string>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: ParseProblem };

/** One problem as a validator reports it (a zod issue, or a Standard Schema issue). */
export interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** The problems of `issues` in words, each naming its field under `root`. */
export function problemOf(issues: readonly Issue[], root = ''): ParseProblem {
  const fields: Record<string, string> = {};
  let message = '';
  for (const issue of issues) {
    const at = (issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p));
    const path = fieldPath(root ? [root, ...at] : at);
    const own = issue.message.replaceAll('{field}', path || 'the request');
    const named = path.split(/[.[]/)[0]!;
    // The one-line message names its field, unless the schema's words already do.
    message ||= !path || own.startsWith(named) ? own : `${path}: ${own}`;
    if (!(path in fields)) fields[path] = own;
  }
  return { message, fields };
}

/** `input` parsed by `schema`, or the problems in words. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, root = ''): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: problemOf(result.error.issues, root) };
}

/** Text of at most `max` characters without control characters (tab and new lines allowed when `lines`). */
export function plainText(max: number, error: string, options: { lines?: boolean } = {}) {
  const control = options.lines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : CONTROL_CHARACTERS;
  return z
    .string({ error })
    .max(max, { error })
    .refine((s) => !control.test(s), { error });
}

/** A non-empty id as text: a string, or a finite number made text. */
export function idText(error: string, max = 200) {
  return z.union(
    [
      z
        .string()
        .trim()
        .min(1)
        .max(max)
        .refine((s) => !CONTROL_CHARACTERS.test(s)),
      z.number().finite().transform(String),
    ],
    { error },
  );
}

/** A dealer site slug, naming the site when the Host does not. */
export const siteSlug = z
  .string({ error: '{field} must be a dealer site slug.' })
  .max(100, { error: '{field} must be a dealer site slug.' });
