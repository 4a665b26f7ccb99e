/**
 * The stock feed's CSV reader: RFC 4180 quoting, line endings, the byte order mark, blank lines and
 * the line each record starts on; and, for any table, writing it out and reading it back gives the
 * same cells on the same lines.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../rules/csv.ts';
import { writeCsv } from './write-csv.ts';

const cells = (text: string) => readCsv(text).records.map((r) => r.cells);
const lines = (text: string) => readCsv(text).records.map((r) => r.line);

describe('reading CSV', () => {
  it('splits records on commas and line ends, with or without a final line end', () => {
    expect(cells('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    expect(cells('a,b,c\n1,2,3')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('reads CRLF, LF and a lone CR as line ends', () => {
    expect(cells('a\r\nb\nc\rd')).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(lines('a\r\nb\nc\rd')).toEqual([1, 2, 3, 4]);
  });

  it('keeps empty cells, including a last one after a final comma', () => {
    expect(cells(',a,,\n')).toEqual([['', 'a', '', '']]);
    expect(cells('a,')).toEqual([['a', '']]);
  });

  it('reads commas, doubled quotes and line breaks inside double quotes', () => {
    expect(cells('"Smith, J","say ""hi""","one\r\ntwo\nthree"\r\nx')).toEqual([
      ['Smith, J', 'say "hi"', 'one\r\ntwo\nthree'],
      ['x'],
    ]);
    expect(cells('""')).toEqual([['']]);
    expect(cells('""""')).toEqual([['"']]);
  });

  it('counts the line breaks inside quotes for the lines of the records after them', () => {
    expect(lines('h\n"a\nb\r\nc",1\nnext\n')).toEqual([1, 2, 5]);
  });

  it('skips blank lines and counts them', () => {
    const text = 'h\n\n\r\nrow\n\n';
    expect(cells(text)).toEqual([['h'], ['row']]);
    expect(lines(text)).toEqual([1, 4]);
  });

  it('drops a byte order mark at the start only', () => {
    expect(cells('\uFEFFstock_number,make\n1,\uFEFFx')).toEqual([
      ['stock_number', 'make'],
      ['1', '\uFEFFx'],
    ]);
    expect(lines('\uFEFF\nh')).toEqual([2]);
  });

  it('keeps a quote inside an unquoted value, and text after a closing quote', () => {
    expect(cells('17" alloys,"a"b,c')).toEqual([['17" alloys', 'ab', 'c']]);
  });

  it('refuses a file that ends inside quotes, naming the line the quote opens on', () => {
    const read = readCsv('stock_number,comments\nA1,"fine"\nA2,"never closed\nA3,x\n');
    expect(read.records).toEqual([]);
    expect(read.error?.line).toBe(3);
    expect(read.error?.message).toMatch(/^line 3: .*never closed/);
  });

  it('reads an empty text as no records', () => {
    expect(readCsv('')).toEqual({ records: [] });
    expect(readCsv('\uFEFF')).toEqual({ records: [] });
  });
});

const cellText = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', 'Z', '9', ' ', ',', '"', '\r', '\n', '\t', '\u0000', '\uFEFF', 'é', '—', '🚗', '|'),
  }),
  fc.string({ unit: 'grapheme' }),
  fc.constant(''),
);

describe('reading back what a correct writer wrote', () => {
  it('gives the same cells, each record on the line it was written on', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cellText, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.constantFrom('\n', '\r\n'), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (table, ends, finalEnd, bom) => {
          const { text, lines } = writeCsv(table, { ends, finalEnd, bom });
          const read = readCsv(text);
          expect(read.error).toBeUndefined();
          expect(read.records.map((r) => r.cells)).toEqual(table);
          expect(read.records.map((r) => r.line)).toEqual(lines);
        },
      ),
      { numRuns: 300 },
    );
  });
});
