/**
 * Build-time sanitising of CMS rich text. Only inline and basic block tags survive; no script,
 * event handler, style attribute or `javascript:` URL reaches a page.
 */
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ins',
    'mark',
    'small',
    'sub',
    'sup',
    'code',
    'a',
    'span',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.target;
      return { tagName, attribs: out };
    },
  },
};

const inlineOptions: sanitizeHtml.IOptions = {
  ...options,
  allowedTags: ['br', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'small', 'sub', 'sup', 'code', 'a', 'span'],
};

/** A sanitiser with its results memoised: pages repeat the same content (footers, offers). */
function memoised(opts: sanitizeHtml.IOptions): (html: string | undefined | null) => string {
  const cache = new Map<string, string>();
  return (html) => {
    if (!html) return '';
    let out = cache.get(html);
    if (out === undefined) {
      out = sanitizeHtml(html, opts);
      cache.set(html, out);
    }
    return out;
  };
}

/** Sanitised rich text (block and inline tags). */
export const sanitizeRich = memoised(options);

/** Sanitised inline rich text, for places that already sit inside a block tag (headings, items). */
export const sanitizeInline = memoised(inlineOptions);

/** Text made safe to place in HTML, as text and inside quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text of CMS HTML: tags removed, entities decoded, white space folded. */
export function plainText(html: string | undefined | null): string {
  if (!html) return '';
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(s: string): string {
  return s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');
}

/**
 * Dealer comments on a car as HTML: the stock system sends plain text with blank lines between
 * paragraphs, or a little HTML (<strong>, <br>). HTML is sanitised and kept, so "<strong>" is
 * bold rather than shown as a tag; plain text becomes escaped paragraphs.
 */
export function commentsHtml(text: string): string {
  if (/<\/?[a-z][^>]*>/i.test(text)) return sanitizeRich(text);
  return text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
}
