/**
 * What a dealer's theme colour becomes on the pages (./theme.ts writes it as custom properties):
 * the colour as a fill with the ink on it, and its accessible shades for text and for a control's
 * parts on the surfaces the styles draw them on (styles/tokens.css). Free of the pages' assets, so
 * the build's checks (./theme-contrast.ts) read the same roles.
 */
import { MIN_TEXT_CONTRAST } from '../lib/contrast.ts';
import { AA_LARGE, accessibleShade, inkFor, opaqueHex, tint, type Shade } from './theme-shade.ts';

const SAFE_COLOUR = /^[#a-zA-Z0-9(),.%\s/-]{1,64}$/;

/** A colour value safe to place in a style attribute, or undefined. */
export function safeColour(value: string | undefined): string | undefined {
  return value && SAFE_COLOUR.test(value) ? value.trim() : undefined;
}

/** The page surface (--color-surface) text colours are checked against. */
export const SURFACE = '#ffffff';
/** The soft panel colour (--color-soft in styles/tokens.css) text in a theme colour also sits on. */
export const SOFT = '#f3f5f7';
/** How much of a theme colour tints the surface behind its own text (hover and selected states). */
const TINT = 0.08;

/** What a theme colour becomes on the pages; see `brandRoles`. */
export interface BrandRoles {
  /** The colour as a fill, opaque (blended over the surface when translucent). */
  fill: string;
  /** Text and icons on the fill. */
  on: string;
  /** The colour as text: 4.5:1 on the surface, the soft panels and its own light tint. */
  text: Shade;
  /** The colour as a control's part or a focus ring: 3:1 on the surface and the soft panels. */
  ui: Shade;
}

/** The contrast-checked roles of one theme colour, or undefined when it cannot be measured (`currentColor`). */
export function brandRoles(colour: string): BrandRoles | undefined {
  const fill = opaqueHex(colour, SURFACE);
  if (!fill) return undefined;
  const text = accessibleShade(colour, [SURFACE, SOFT, tint(fill, TINT, SURFACE)!], MIN_TEXT_CONTRAST);
  const ui = accessibleShade(colour, [SURFACE, SOFT], AA_LARGE);
  return text && ui ? { fill, on: inkFor(fill), text, ui } : undefined;
}
