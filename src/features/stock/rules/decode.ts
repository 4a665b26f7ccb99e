/**
 * A feed file's bytes as text (content format 1.3): UTF-8 (a byte order mark allowed), else
 * Windows-1252, which spreadsheet programs write when they save "CSV", when the bytes decode as
 * such. Text is never published with U+FFFD or with letters mangled by a wrong conversion: a file
 * that is neither is refused, and a value that was UTF-8 read as Windows-1252 and saved again
 * ("CitroÃ«n") is read back as it was meant ("Citroën").
 */

export type FeedEncoding = 'utf-8' | 'windows-1252';

export type Decoded = { text: string; encoding: FeedEncoding } | { error: string };

/** The five bytes Windows-1252 leaves undefined: a file holding one is not Windows-1252 text. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** Control bytes no text feed holds (tab, line feed and carriage return are fine). */
const isControlByte = (b: number) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f;

/** The feed's text, and the encoding it was read in; or why it cannot be read as text. */
export function decodeFeed(bytes: Uint8Array): Decoded {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Windows-1252 when every byte is a character of it.
  }
  const at = bytes.findIndex((b) => UNDEFINED_1252.has(b) || isControlByte(b));
  if (at >= 0) {
    return {
      error:
        `the file is neither UTF-8 nor Windows-1252 text (byte ${at + 1} is 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')}): ` +
        'save it as "CSV UTF-8" (or UTF-8 JSON) and send it again',
    };
  }
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
}

/** Windows-1252's characters of bytes 0x80 to 0x9F that are not the Latin-1 code points. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const BYTE_OF = new Map<string, number>([...CP1252_HIGH].map((ch, i) => [ch, 0x80 + i]));

/**
 * A lead byte of a two-, three- or four-byte UTF-8 sequence read as Windows-1252, then one read
 * as a continuation byte (0x80 to 0xBF): the mark of UTF-8 read in the wrong encoding.
 */
const MOJIBAKE =
  /[\u00c2-\u00f4][\u0080-\u00bf\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178]/;

/**
 * `text` as it was meant when it is UTF-8 that was read as Windows-1252 (and saved again); else
 * `text` itself. Only a value whose every character maps back to one byte, and whose bytes are
 * then valid UTF-8 with a letter beyond ASCII, is changed, so "Ã" in real text stays.
 */
export function repairMojibake(text: string): string {
  if (!MOJIBAKE.test(text)) return text;
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : BYTE_OF.get(ch);
    if (byte === undefined) return text;
    bytes.push(byte);
  }
  try {
    const meant = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
    return meant.length < text.length ? meant : text;
  } catch {
    return text;
  }
}
