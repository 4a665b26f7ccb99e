/**
 * Content errors say what is allowed and what was found, with the file and JSON path: a number's
 * whole range, an option's options, the expected type in plain words, "required" for a missing
 * field, an object's known fields.
 */
import { describe, expect, it } from 'vitest';
import { z } from '../../../src/content/zod.ts';
import { formatIssue, fromZod, type ContentIssue } from '../../../src/content/issues.ts';
import { validateBlocks } from '../../../src/content/validate-blocks.ts';
import { numberRangeAt } from '../../../src/content/schema-at.ts';

/** The errors of one page's blocks, as the loader reports them. */
function blockErrors(blocks: unknown[]): string[] {
  const check = { errors: [] as ContentIssue[], warnings: [] as ContentIssue[] };
  validateBlocks(blocks, { dealer: 'acme', file: 'pages/home.json', page: '/', prefix: ['blocks'] }, check);
  return check.errors.map(formatIssue);
}

function messages(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected the input to fail');
  return fromZod(parsed.error, { dealer: 'acme', file: 'site.json' }, input, schema).map(formatIssue);
}

const columns = (width: unknown) => [{ id: 'c', type: 'columns', data: { cols: [{ width, blocks: [] }] } }];

describe('content error messages', () => {
  it('give a number out of range its whole range and the value found', () => {
    expect(blockErrors(columns(13))).toEqual([
      'acme: pages/home.json at blocks[0].data.cols[0].width: must be a whole number from 1 to 12, found the number 13',
    ]);
    expect(blockErrors(columns(0))).toEqual([
      'acme: pages/home.json at blocks[0].data.cols[0].width: must be a whole number from 1 to 12, found the number 0',
    ]);
  });

  it('say a number must be whole, with its range', () => {
    expect(blockErrors(columns(2.5))).toEqual([
      'acme: pages/home.json at blocks[0].data.cols[0].width: must be a whole number from 1 to 12, found the number 2.5',
    ]);
  });

  it('word one-sided and exclusive bounds', () => {
    const schema = z.object({
      pages: z.number().int().positive(),
      share: z.number().min(0).max(1),
      gap: z.number().gt(0),
    });
    expect(messages(schema, { pages: 0, share: 2, gap: 0 })).toEqual([
      'acme: site.json at pages: must be a whole number of at least 1, found the number 0',
      'acme: site.json at share: must be a number from 0 to 1, found the number 2',
      'acme: site.json at gap: must be a number greater than 0, found the number 0',
    ]);
  });

  it('list the options of an enum', () => {
    const block = [{ id: 'h', type: 'heading', data: { text: 'Hi', level: 1 }, tunes: { alignment: 'middle' } }];
    expect(blockErrors(block)).toEqual([
      'acme: pages/home.json at blocks[0].tunes.alignment: expected one of: left, center, right, found the text "middle"',
    ]);
  });

  it('name the expected type in plain words and what was found', () => {
    expect(blockErrors([{ id: 'h', type: 'heading', data: { text: 'Hi', level: 'two' } }])).toEqual([
      'acme: pages/home.json at blocks[0].data.level: expected a number, found the text "two"',
    ]);
    expect(blockErrors([{ id: 'h', type: 'heading', data: { text: ['Hi'], level: 1 } }])).toEqual([
      'acme: pages/home.json at blocks[0].data.text: expected a text, found a list of 1',
    ]);
    expect(blockErrors([{ id: true, type: 'heading', data: { text: 'Hi', level: 1 } }])).toEqual([
      'acme: pages/home.json at blocks[0].id: expected a text or a number, found true',
    ]);
  });

  it('say a missing field is required, with what it takes', () => {
    expect(blockErrors([{ id: 'h', type: 'heading', data: { text: 'Hi' } }])).toEqual([
      'acme: pages/home.json at blocks[0].data.level: is required (expected a number)',
    ]);
    expect(messages(z.object({ align: z.enum(['left', 'right']) }), {})).toEqual([
      'acme: site.json at align: is required (expected one of: left, right)',
    ]);
  });

  it('leave a heading of another level valid: it renders nothing, it is no error', () => {
    expect(blockErrors([{ id: 'h', type: 'heading', data: { text: 'Hi', level: 9 } }])).toEqual([]);
  });

  it('word empty texts and lists, formats and unknown fields', () => {
    const schema = z.object({
      name: z.string().min(1),
      tags: z.array(z.string()).min(1),
      url: z.url(),
      options: z.strictObject({ colour: z.string(), size: z.number() }),
    });
    expect(
      messages(schema, { name: '', tags: [], url: 'nope', options: { colour: 'red', size: 1, shade: 2 } }),
    ).toEqual([
      'acme: site.json at name: must not be empty',
      'acme: site.json at tags: must list at least one item',
      'acme: site.json at url: must be a web address such as https://www.example.com, found the text "nope"',
      'acme: site.json at options: has unknown field "shade"; allowed fields: colour, size',
    ]);
  });

  it("keep a schema's own wording", () => {
    const schema = z.object({ deposit: z.number().min(1, { error: 'deposit must be at least 1 dollar.' }) });
    expect(messages(schema, { deposit: 0 })).toEqual([
      'acme: site.json at deposit: deposit must be at least 1 dollar.',
    ]);
  });

  it('read the range through optional, nullable and transformed fields', () => {
    const schema = z.object({
      n: z
        .number()
        .int()
        .min(2)
        .max(4)
        .nullish()
        .transform((v) => v ?? undefined),
    });
    expect(numberRangeAt(schema, ['n'])).toEqual({
      whole: true,
      min: { value: 2, inclusive: true },
      max: { value: 4, inclusive: true },
    });
  });
});
