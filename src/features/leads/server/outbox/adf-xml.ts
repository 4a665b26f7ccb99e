/**
 * The XML the ADF builder writes: elements as data, serialised in one place so that every text
 * and attribute is escaped the same way and no element can be left unclosed.
 */

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  /** Text content, or child elements; never both (ADF has no mixed content). */
  content: string | XmlElement[];
}

/** A child that may be absent: left out of the document. */
export type Child = XmlElement | undefined | false | null;

/**
 * Characters XML 1.0 cannot hold: control characters other than tab, line feed and carriage
 * return, unpaired surrogates, and U+FFFE/U+FFFF. They are dropped rather than refused, as a
 * visitor's stray control character must not cost the dealer the lead.
 */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for XML content: escaped, line ends as line feeds (what a parser makes of them anyway). */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/\r\n?/g, '\n')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Text for an attribute value: escaped, and tabs and line breaks as references so a parser keeps them. */
export function xmlAttr(value: string): string {
  return xmlText(value).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}

/** An element with child elements; absent children are left out. */
export function el(name: string, attrs: Record<string, string | undefined>, ...children: Child[]): XmlElement {
  return { name, attrs: definedAttrs(attrs), content: children.filter((c): c is XmlElement => !!c) };
}

/** A text element that is always written, empty when there is no value (where the DTD requires it). */
export function textEl(
  name: string,
  value: string | number | undefined,
  attrs: Record<string, string | undefined> = {},
): XmlElement {
  return { name, attrs: definedAttrs(attrs), content: value === undefined ? '' : String(value) };
}

/** A text element written only when there is a value. */
export function optEl(
  name: string,
  value: string | number | undefined,
  attrs: Record<string, string | undefined> = {},
): XmlElement | undefined {
  return value === undefined || value === '' ? undefined : textEl(name, value, attrs);
}

function definedAttrs(attrs: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * The element as XML, indented two spaces a level. Whitespace between elements is ignorable in
 * ADF (no element has mixed content), so the indentation changes nothing a reader sees.
 */
export function serialize(node: XmlElement, depth = 0): string {
  const pad = '  '.repeat(depth);
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${xmlAttr(v)}"`)
    .join('');
  if (typeof node.content === 'string') return `${pad}<${node.name}${attrs}>${xmlText(node.content)}</${node.name}>`;
  if (!node.content.length) return `${pad}<${node.name}${attrs}></${node.name}>`;
  const inner = node.content.map((c) => serialize(c, depth + 1)).join('\n');
  return `${pad}<${node.name}${attrs}>\n${inner}\n${pad}</${node.name}>`;
}
