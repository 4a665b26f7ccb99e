/**
 * A CSV reader for stock feeds (content format 1.2): RFC 4180 in UTF-8, a byte order mark allowed
 * at the start, comma-separated, fields in double quotes may hold commas, doubled quotes and line
 * breaks. Records end at CRLF, LF or a lone CR; the last may end without one. Empty lines are
 * skipped. One pass over the text.
 *
 * Lenient where stock systems are sloppy and the meaning is plain: a quote inside an unquoted field
 * (17" alloys) is part of the value, and text after a closing quote runs on into the field.
 */

/** One record of the file: its cells as written, and the physical line (1-based) it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export interface CsvRead {
  /** The records read; none when the file has an `error`. */
  records: CsvRecord[];
  /** Why the file cannot be read, naming the line. */
  error?: { line: number; message: string };
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/** Physical line breaks in text[from, to): CRLF, LF and a lone CR each count one. */
function breaksIn(text: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === LF) n++;
    else if (c === CR && text.charCodeAt(k + 1) !== LF) n++;
  }
  return n;
}

/** Reads a CSV text into records, each with the line it starts on. */
export function readCsv(text: string): CsvRead {
  const n = text.length;
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === BOM ? 1 : 0;
  let line = 1;
  while (i < n) {
    const first = text.charCodeAt(i);
    if (first === LF || first === CR) {
      // An empty line: skipped.
      i += first === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      continue;
    }
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let value: string;
      if (i < n && text.charCodeAt(i) === QUOTE) {
        const opened = line;
        value = '';
        let from = i + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) {
            return {
              records: [],
              error: {
                line: opened,
                message:
                  `line ${opened}: a value starts with a double quote that is never closed, so the file ends inside it; ` +
                  'close the quote, and write a quote that is part of a value as two ("")',
              },
            };
          }
          value += text.slice(from, close);
          line += breaksIn(text, from, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            from = close + 2;
          } else {
            i = close + 1;
            break;
          }
        }
      } else value = '';
      // The unquoted field, or what follows a closing quote, runs to the next comma or line end.
      let k = i;
      for (; k < n; k++) {
        const c = text.charCodeAt(k);
        if (c === COMMA || c === LF || c === CR) break;
      }
      cells.push(k > i ? value + text.slice(i, k) : value);
      i = k;
      if (i >= n) break;
      const sep = text.charCodeAt(i);
      i++;
      if (sep === COMMA) continue;
      if (sep === CR && text.charCodeAt(i) === LF) i++;
      line++;
      break;
    }
    records.push({ line: start, cells });
  }
  return { records };
}
