/**
 * The CMS configuration is generated from the content schemas: every schema field has its CMS
 * field (at the same path, in the same order), every block type can be added, block fields carry
 * their JSDoc as the hint, and a sample dealer's files open with no required field missing (a
 * field the CMS wrongly requires would stop an editor saving a page the build accepts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockDefinitions } from '../../../src/content/blocks.ts';
import { entityFiles } from '../../../src/content/entities.ts';
import { pageSchema } from '../../../src/content/page.ts';
import { siteSchema } from '../../../src/content/site.ts';
import type { z } from '../../../src/content/zod.ts';
import {
  decapConfig,
  editorBlockTypes,
  readSchemaDocs,
  type DecapConfig,
} from '../../../src/engine/cms/decap-config.ts';
import { fieldOf, unwrap, type DecapField } from '../../../src/engine/cms/decap-fields.ts';

let config: DecapConfig;
beforeAll(() => {
  config = decapConfig({
    dealers: [{ slug: 'tasman-motors', name: 'Tasman Motors' }],
    dealersDir: 'dealers',
    backend: { name: 'proxy', proxy_url: 'http://127.0.0.1:8081/api/v1' },
    editorialWorkflow: true,
    docs: readSchemaDocs(process.cwd()),
  });
}, 60_000);

const collection = (suffix: string) => config.collections.find((c) => c.name === `tasman-motors_${suffix}`)!;
const pageFields = () => collection('pages').fields!;
const blockTypes = () => pageFields().find((f) => f.name === 'blocks')!.types!;
const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;

/** Every key path of a zod schema, as the CMS should show it (`a.b`, `list.[].c`). */
function schemaPaths(schema: z.ZodType, at = ''): string[] {
  const inner = unwrap(schema).schema;
  const d = def(inner);
  if (d.type === 'object') {
    return Object.entries(d.shape as Record<string, z.ZodType>).flatMap(([k, v]) => [
      `${at}${k}`,
      ...schemaPaths(v, `${at}${k}.`),
    ]);
  }
  if (d.type === 'array') return schemaPaths(d.element as z.ZodType, `${at}[].`);
  return [];
}

/** Every field path of a CMS field list, in the same notation; block lists are not entered. */
function cmsPaths(fields: DecapField[], at = ''): string[] {
  return fields.flatMap((f) => {
    const here = `${at}${f.name}`;
    if (f.widget === 'list' && f.fields) return [here, ...cmsPaths(f.fields, `${here}.[].`)];
    if (f.widget === 'list' && f.field) return [here, ...cmsPaths([f.field], `${here}.[].`).slice(1)];
    if (f.fields) return [here, ...cmsPaths(f.fields, `${here}.`)];
    return [here];
  });
}

describe('the CMS configuration generated from the content schemas', () => {
  it('has a field for every field of the site, a page and each entity file, in schema order', () => {
    const site = collection('site').files![0]!.fields;
    expect(cmsPaths(site)).toEqual(schemaPaths(siteSchema));
    const page = cmsPaths(pageFields()).filter((p) => !p.startsWith('blocks.'));
    expect(page).toEqual(schemaPaths(pageSchema).filter((p) => !p.startsWith('blocks.')));
    const lists = collection('lists').files!;
    for (const [name, entity] of Object.entries(entityFiles)) {
      if (name === 'reviews') continue;
      const file = lists.find((f) => f.name === name);
      expect(file?.file, name).toBe(`dealers/tasman-motors/${entity.file}`);
      expect(cmsPaths(file!.fields[0]!.fields ?? []), name).toEqual(
        schemaPaths(entity.schema, '').map((p) => p.replace(/^\[\]\./, '')),
      );
    }
  });

  it('offers every block type of the format, each with every field of its data', () => {
    expect(blockTypes().map((t) => t.name)).toEqual(editorBlockTypes);
    expect(editorBlockTypes).toEqual(Object.keys(blockDefinitions).filter((t) => t !== 'unknownBlock'));
    for (const type of blockTypes()) {
      const data = type.fields!.find((f) => f.name === 'data')!;
      const schema = blockDefinitions[type.name as keyof typeof blockDefinitions].data;
      // A child block list is `z.array(z.unknown())`: one path in both, a block list in the CMS.
      const shown = data.widget === 'hidden' ? [] : cmsPaths(data.fields!);
      expect(shown, type.name).toEqual(schemaPaths(schema));
      expect(
        type.fields!.map((f) => f.name),
        type.name,
      ).toEqual(['id', 'data', 'tunes']);
      expect(type.fields![0]!.widget).toBe('uuid');
    }
  });

  it("shows each block field's JSDoc as its hint", () => {
    const heading = blockTypes()
      .find((t) => t.name === 'heading')!
      .fields!.find((f) => f.name === 'data')!.fields!;
    expect(heading.find((f) => f.name === 'level')!.hint).toMatch(/^The heading level, 1 to 6/);
    const missing: string[] = [];
    for (const type of blockTypes()) {
      const data = type.fields!.find((f) => f.name === 'data')!;
      for (const f of data.fields ?? []) if (!f.hint) missing.push(`${type.name}.${f.name}`);
    }
    expect(missing).toEqual([]);
  });

  it('nests child block lists (a column, an faq answer) as block lists, and asks for free-form values as JSON', () => {
    const columns = blockTypes()
      .find((t) => t.name === 'columns')!
      .fields!.find((f) => f.name === 'data')!;
    const blocks = columns.fields![0]!.fields!.find((f) => f.name === 'blocks')!;
    expect(blocks.typeKey).toBe('type');
    expect(blocks.types!.map((t) => t.name)).toEqual(editorBlockTypes);
    const deeper = blocks
      .types!.find((t) => t.name === 'columns')!
      .fields![1]!.fields![0]!.fields!.find((f) => f.name === 'blocks')!;
    expect(deeper.widget).toBe('json');
    expect(
      fieldOf('props', (blockDefinitions.customComponent.data as z.ZodObject).shape.props as z.ZodType, {
        docs: new Map(),
        at: [],
      }).widget,
    ).toBe('json');
  });

  it('asks for a colour with the colour picker, an image with the media library, choices as a select', () => {
    const theme = collection('site').files![0]!.fields.find((f) => f.name === 'theme')!;
    expect(theme.fields!.find((f) => f.name === 'primaryColor')).toMatchObject({ widget: 'color', required: false });
    const team = collection('lists').files!.find((f) => f.name === 'team')!.fields[0]!;
    expect(team.fields!.find((f) => f.name === 'avatar_url')).toMatchObject({ widget: 'image', required: false });
    const country = collection('site').files![0]!.fields.find((f) => f.name === 'country')!;
    expect(country).toMatchObject({ widget: 'select', options: ['AU', 'NZ'] });
    expect(config.publish_mode).toBe('editorial_workflow');
  });

  it("opens every sample dealer's pages and lists with no required field missing", () => {
    const missing: string[] = [];
    const check = (fields: DecapField[], data: Record<string, unknown> | undefined, at: string) => {
      for (const f of fields) {
        const v = data?.[f.name];
        const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
        if (f.required !== false && empty && f.widget !== 'hidden' && f.default === undefined)
          missing.push(`${at}.${f.name}`);
        if (v === undefined || v === null) continue;
        if (f.widget === 'object' && f.fields) check(f.fields, v as Record<string, unknown>, `${at}.${f.name}`);
        if (f.widget === 'list' && Array.isArray(v)) {
          v.forEach((item: Record<string, unknown>, i) => {
            const fieldsOf = f.types ? f.types.find((t) => t.name === item.type)?.fields : f.fields;
            if (fieldsOf) check(fieldsOf, item, `${at}.${f.name}[${i}]`);
          });
        }
      }
    };
    for (const slug of readdirSync('dealers', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)) {
      const dir = path.join('dealers', slug);
      const files = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? files(path.join(d, e.name)) : [path.join(d, e.name)],
        );
      for (const file of files(path.join(dir, 'pages')))
        check(pageFields(), JSON.parse(readFileSync(file, 'utf8')), file);
      for (const list of collection('lists').files!) {
        const file = path.join(dir, path.basename(list.file));
        const items = (() => {
          try {
            return JSON.parse(readFileSync(file, 'utf8')) as unknown;
          } catch {
            return [];
          }
        })();
        check(list.fields, { items }, file);
      }
    }
    // A text the sample leaves empty on purpose (a heading with no text renders nothing).
    expect(missing.filter((m) => !m.endsWith('.data.text'))).toEqual([]);
  });
});
