/**
 * A small scanner of built HTML for the content-security-policy rewrite (csp-rewrite.ts): one
 * pass over a page's tags, attributes parsed where a tag mentions a style, entities decoded.
 */
/**
 * What the rewrite looks at (scanTags): comments and raw-text elements (skipped whole, so that
 * nothing inside them is taken for a tag), script and style elements, and start tags with a style
 * attribute. A start tag is read to its end with quoted attribute values consumed whole, so that
 * " style=" or "<script>" inside a value is never taken for markup; the attributes of a tag that
 * mentions a style are parsed properly (attributesOf) before any change.
 */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const RAW_END: Record<string, RegExp> = {
  script: /<\/script[\t\n\f\r ]*>/gi,
  style: /<\/style[\t\n\f\r ]*>/gi,
  textarea: /<\/textarea[\t\n\f\r ]*>/gi,
  title: /<\/title[\t\n\f\r ]*>/gi,
};

const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 45;

/** One piece of markup the scan hands over; its replacement text is returned. */
export type Visit =
  | { kind: 'raw'; name: string; attrs: string; body: string; whole: string }
  | { kind: 'tag'; name: string; attrs: string; whole: string };

/**
 * Walks `html` once, from one `<` to the next: comments and end tags pass through, every raw-text
 * element (with its body) and every start tag that mentions a style go to `visit`, whose result
 * replaces them. Markup that does not parse as a tag (a lone `<`, an unclosed quote) is text.
 */
export function scanTags(html: string, visit: (v: Visit) => string): string {
  const n = html.length;
  let out = '';
  let copied = 0;
  let i = html.indexOf('<');
  while (i !== -1 && i < n - 1) {
    const c = html.charCodeAt(i + 1);
    if (c === 33 && html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end === -1 ? html.indexOf('<', i + 1) : html.indexOf('<', end + 3);
      continue;
    }
    if (!isLetter(c)) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    let j = i + 2;
    while (j < n && isNameChar(html.charCodeAt(j))) j++;
    // The attributes run to the first `>` outside a quoted value.
    let k = j;
    while (k < n) {
      const ch = html.charCodeAt(k);
      if (ch === 62) break;
      if (ch === 34 || ch === 39) {
        const close = html.indexOf(ch === 34 ? '"' : "'", k + 1);
        if (close === -1) {
          k = n;
          break;
        }
        k = close + 1;
      } else k++;
    }
    if (k >= n) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    const name = html.slice(i + 1, j);
    const lower = name.toLowerCase();
    let end = k + 1;
    let v: Visit | undefined;
    if (RAW_TEXT.has(lower)) {
      const close = RAW_END[lower]!;
      close.lastIndex = end;
      const m = close.exec(html);
      if (m) {
        const attrs = html.slice(j, k);
        const body = html.slice(end, m.index);
        end = m.index + m[0].length;
        v = { kind: 'raw', name, attrs, body, whole: html.slice(i, end) };
      }
    }
    if (!v) {
      const attrs = html.slice(j, k);
      if (/style/i.test(attrs)) v = { kind: 'tag', name, attrs, whole: html.slice(i, end) };
    }
    if (v) {
      const replacement = visit(v);
      if (replacement !== v.whole) {
        out += html.slice(copied, i) + replacement;
        copied = end;
      }
    }
    i = html.indexOf('<', end);
  }
  return copied === 0 ? html : out + html.slice(copied);
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export interface Attribute {
  name: string;
  value: string | undefined;
  start: number;
  end: number;
}

export function attributesOf(source: string): Attribute[] {
  const out: Attribute[] = [];
  for (const m of source.matchAll(ATTRIBUTE)) {
    const raw = m[2] ?? m[3] ?? m[4];
    out.push({
      name: m[1]!.toLowerCase(),
      value: raw === undefined ? undefined : decodeEntities(raw),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return out;
}

const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

/** An attribute value as the browser reads it: character references decoded. */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return String.fromCodePoint(code);
    }
    const named = NAMED[ref.toLowerCase()];
    if (named === undefined) throw new Error(`unknown character reference ${whole} in an attribute`);
    return named;
  });
}
