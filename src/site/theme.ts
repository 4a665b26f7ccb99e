/**
 * Dealer theme (site.theme) as CSS custom properties on <html>, with values that cannot break out
 * of CSS. Besides the dealer's own colours it writes the colour roles the styles read (see
 * styles/tokens.css), each checked for contrast (WCAG AA, 4.5:1 for text): a dealer who picks a
 * light primary still gets readable button text and links.
 */
import type { Site } from '../content/site.ts';
import { MIN_TEXT_CONTRAST, contrastRatio, parseColour } from '../lib/contrast.ts';
import { themeFonts } from '../lib/fonts.ts';
import { oncePer } from '../lib/memo.ts';

const SAFE_COLOUR = /^[#a-zA-Z0-9(),.%\s/-]{1,64}$/;
const SAFE_FONT = /^[a-zA-Z0-9 ,'"-]{1,120}$/;

/** A colour value safe to place in a style attribute, or undefined. */
export function safeColour(value: string | undefined): string | undefined {
  return value && SAFE_COLOUR.test(value) ? value.trim() : undefined;
}

/** Text on a coloured fill: white, else this near-black (softer than pure black on a bright fill). */
export const LIGHT_INK = '#ffffff';
export const DARK_INK = '#111418';
/** The page surface text colours are checked against. */
export const SURFACE = '#ffffff';

const hex = (rgb: readonly number[]) => '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');

/** White or near-black, whichever reads better on `fill`; undefined when `fill` cannot be measured. */
export function inkOn(fill: string): string | undefined {
  const onLight = contrastRatio(LIGHT_INK, fill);
  const onDark = contrastRatio(DARK_INK, fill);
  if (onLight === undefined || onDark === undefined) return undefined;
  // White is kept while it passes AA: brand fills mostly look right with white text.
  return onLight >= MIN_TEXT_CONTRAST || onLight >= onDark ? LIGHT_INK : DARK_INK;
}

/**
 * `colour` as text on `background`: itself when it reaches `min`, else the same hue darkened (mixed
 * toward black in small steps) until it does. Undefined when `colour` cannot be measured.
 */
export function readableOn(colour: string, background = SURFACE, min = MIN_TEXT_CONTRAST): string | undefined {
  const rgb = parseColour(colour);
  if (!rgb) return undefined;
  if ((contrastRatio(colour, background) ?? 0) >= min) return colour;
  for (let k = 0.05; k <= 1; k += 0.05) {
    const candidate = hex(rgb.map((v) => v * (1 - k)));
    if ((contrastRatio(candidate, background) ?? 0) >= min) return candidate;
  }
  return DARK_INK;
}

/** The contrast-checked colour roles of a dealer's primary and secondary colours. */
export function colourRoles(primary: string | undefined, secondary: string | undefined): Record<string, string> {
  const roles: Record<string, string> = {};
  if (primary) {
    roles['--color-primary'] = primary;
    const on = inkOn(primary);
    const text = readableOn(primary);
    if (on) roles['--color-on-primary'] = on;
    if (text) roles['--color-primary-text'] = text;
  }
  if (secondary) {
    roles['--color-secondary'] = secondary;
    roles['--color-accent'] = secondary;
    const on = inkOn(secondary);
    const text = readableOn(secondary);
    if (on) roles['--color-on-accent'] = on;
    if (text) roles['--color-accent-text'] = text;
  }
  return roles;
}

/** The `style` of a site's <html>: its colour roles and font, the same on every page. */
export const themeStyle: (site: Site) => string = oncePer(siteThemeStyle);

function siteThemeStyle(site: Site): string {
  const t: Partial<NonNullable<Site['theme']>> = site.theme ?? {};
  const roles = colourRoles(safeColour(t.primaryColor), safeColour(t.secondaryColor));
  const vars = Object.entries(roles).map(([k, v]) => `${k}:${v}`);
  if (t.fontFamily && SAFE_FONT.test(t.fontFamily)) {
    // A font we host gets its metric-matched fallback face in the stack (lib/fonts.ts).
    vars.push(`--font-body:${themeFonts(t.fontFamily)?.stack ?? t.fontFamily}`);
  }
  return vars.join(';');
}
