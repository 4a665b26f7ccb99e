/**
 * The dealer's branding for the API's emails (saved searches, deposits) and the small pages of
 * their links: name, logo and primary colour (contrast-checked, WCAG AA, as on the site), all
 * escaped.
 * Email programs ignore style sheets, so the HTML here carries its styles inline.
 */
import type { DealerContent } from '../../content/load.ts';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../../lib/contrast.ts';

/**
 * Text made safe in HTML text and quoted attributes (the same rule as src/lib/sanitize.ts's, kept
 * here so the API bundle does not take the HTML sanitiser in for it).
 */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface Brand {
  name: string;
  /** Absolute URL of the logo, when the dealer has one. */
  logo?: string;
  /** Header fill and the text on it. */
  fill: string;
  onFill: string;
  /** Links and buttons on white. */
  accent: string;
  onAccent: string;
}

const DEFAULT_FILL = '#1f2933';
const WHITE = '#ffffff';
const DARK = '#111418';
/** A colour the dealer gave, when it is a plain hex or rgb() colour (nothing that can break out of a style). */
const SAFE_COLOUR = /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\))$/;

/** White or near-black, whichever reads on `fill`; white while it passes AA. */
function inkOn(fill: string): string {
  const onWhite = contrastRatio(WHITE, fill) ?? 0;
  return onWhite >= MIN_TEXT_CONTRAST || onWhite >= (contrastRatio(DARK, fill) ?? 0) ? WHITE : DARK;
}

/** An absolute http(s) URL of `href` on `origin`, or undefined. */
export function absoluteHref(href: string | undefined, origin: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href, origin.replace(/\/+$/, '') + '/');
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function brandOf(dealer: DealerContent, origin: string): Brand {
  const given = dealer.site.theme?.primaryColor?.trim();
  const fill = given && SAFE_COLOUR.test(given) && contrastRatio(given, WHITE) !== undefined ? given : DEFAULT_FILL;
  // Links and buttons sit on white: the dealer's colour when it reads there, else near-black.
  const accent = (contrastRatio(fill, WHITE) ?? 0) >= MIN_TEXT_CONTRAST ? fill : DARK;
  return {
    name: dealer.site.name,
    logo: absoluteHref(dealer.site.logo?.url, origin),
    fill,
    onFill: inkOn(fill),
    accent,
    onAccent: inkOn(accent),
  };
}

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** The branded header: the logo on white (logos are drawn for white), then a bar of the dealer's colour. */
export function brandHeader(brand: Brand): string {
  const name = escapeHtml(brand.name);
  const logo = brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="${name}" height="40" style="height:40px;width:auto;max-width:220px;border:0;display:block">`
    : `<span style="font-size:20px;font-weight:700;color:${brand.accent}">${name}</span>`;
  return (
    `<div style="padding:20px 24px;background:#ffffff">${logo}</div>` +
    `<div style="height:6px;background:${brand.fill}"></div>`
  );
}

/** A button-like link in the dealer's colour. */
export function brandButton(brand: Brand, href: string, label: string): string {
  return (
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;border-radius:6px;` +
    `background:${brand.accent};color:${brand.onAccent};text-decoration:none;font-weight:600">${escapeHtml(label)}</a>`
  );
}

/** A whole HTML document: the header, `body` in a 600 px column, a footer line. */
export function brandDocument(brand: Brand, title: string, body: string, footer = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;${FONT};color:#111418;line-height:1.5">
<div style="max-width:600px;margin:0 auto;background:#ffffff;overflow-wrap:anywhere;word-break:break-word">
${brandHeader(brand)}
<main style="padding:24px">
${body}
</main>
${footer ? `<footer style="padding:16px 24px 24px;font-size:13px;color:#4b5563;border-top:1px solid #e5e7eb">${footer}</footer>` : ''}
</div>
</body>
</html>
`;
}
