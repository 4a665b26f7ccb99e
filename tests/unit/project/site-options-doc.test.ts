import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { siteOptions } from '../../../src/content/site.ts';
import { codeIn, markdownTable } from '../../helpers/markdown-table.ts';

/** Wrappers that hold the option's own schema inside: defaults, optional/null, opt()'s pipe. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (;;) {
    const def = s._zod.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    if (
      def.innerType &&
      ['default', 'prefault', 'optional', 'nullable', 'nonoptional', 'readonly', 'catch'].includes(def.type)
    )
      s = def.innerType;
    else if (def.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
}

/** Every option of the schema: the dotted path of each field that is not itself a group of options. */
function optionPaths(schema: z.ZodType, prefix = ''): string[] {
  const s = unwrap(schema);
  const def = s._zod.def as { type: string; shape?: Record<string, z.ZodType> };
  if (def.type !== 'object' || !def.shape) return [prefix];
  return Object.entries(def.shape).flatMap(([key, child]) => optionPaths(child, prefix ? `${prefix}.${key}` : key));
}

const defaults: unknown = siteOptions.parse({});
function schemaDefault(path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], defaults);
}

/** The README's default cell: a JSON value in backticks, or "none" for an option with no default. */
function documentedDefault(cell: string): unknown {
  if (cell === 'none') return undefined;
  const code = codeIn(cell);
  if (code === undefined) throw new Error(`default "${cell}" is neither "none" nor a JSON value in backticks`);
  return JSON.parse(code);
}

const readme = readFileSync('dealers/README.md', 'utf8');
const rows = markdownTable(readme, 'Site options');
const documented = new Map(rows.map((r) => [codeIn(r.Option ?? '') ?? r.Option, r]));
const paths = optionPaths(siteOptions);

describe("dealers/README.md's options table", () => {
  it('finds the options in the schema', () => {
    expect(paths).toContain('forms.serviceBooking.vehicleStep');
    expect(paths).toContain('success.customMessages');
    expect(paths.length).toBeGreaterThan(15);
  });

  it('lists every option of the schema, and only those', () => {
    const missing = paths.filter((p) => !documented.has(p));
    const unknown = [...documented.keys()].filter((p) => !paths.includes(p as string));
    expect(missing, 'options in siteOptions but not in dealers/README.md').toEqual([]);
    expect(unknown, 'options in dealers/README.md but not in siteOptions').toEqual([]);
    expect(rows.length, 'an option listed twice').toBe(documented.size);
  });

  it("gives each option the schema's default", () => {
    const wrong = paths
      .filter((p) => documented.has(p))
      .flatMap((p) => {
        const doc = documentedDefault(documented.get(p)!.Default ?? '');
        const actual = schemaDefault(p);
        return JSON.stringify(doc) === JSON.stringify(actual)
          ? []
          : [`${p}: README says ${JSON.stringify(doc) ?? 'none'}, schema says ${JSON.stringify(actual) ?? 'none'}`];
      });
    expect(wrong).toEqual([]);
  });

  it('says what each option does and where the spec asks for it', () => {
    const bare = rows.filter((r) => !r.Effect?.trim() || !r.Spec?.trim()).map((r) => r.Option);
    expect(bare).toEqual([]);
  });
});
