/** Test helper: a correct RFC 4180 writer, and the lines each written record starts on. */

/** A cell as written: in double quotes when it holds a quote, comma or line break, or starts with a BOM. */
const field = (c: string) => (/[",\r\n]/.test(c) || c.startsWith('\uFEFF') ? `"${c.replace(/"/g, '""')}"` : c);

/** One record; a record of one empty cell is written `""`, as an empty line would be skipped. */
const record = (row: readonly string[]) => (row.length === 1 && row[0] === '' ? '""' : row.map(field).join(','));

/** The physical lines of written text: CRLF, LF and a lone CR each end one. */
const breaks = (s: string) => (s.match(/\r\n|\n|\r/g) ?? []).length;

/**
 * A table as CSV, records ended by `ends` in turn, the last one too when `finalEnd`, a BOM first when
 * `bom`; with the line each record starts on.
 */
export function writeCsv(
  table: readonly (readonly string[])[],
  o: { ends?: readonly string[]; finalEnd?: boolean; bom?: boolean } = {},
): { text: string; lines: number[] } {
  const ends = o.ends ?? ['\r\n'];
  let text = o.bom ? '\uFEFF' : '';
  const lines: number[] = [];
  let line = 1;
  table.forEach((row, i) => {
    const written = record(row);
    lines.push(line);
    text += written;
    line += breaks(written) + 1;
    if (i < table.length - 1 || o.finalEnd) text += ends[i % ends.length];
  });
  return { text, lines };
}
