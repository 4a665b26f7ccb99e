/**
 * Dealer theme (site.theme) as CSS custom properties on <html>, with values that cannot break out
 * of CSS. Besides the dealer's own colours it writes the colour roles the styles read (see
 * styles/tokens.css), each checked for contrast (WCAG AA: 4.5:1 for text, 3:1 for a control's
 * parts; ./theme-shade.ts): a dealer who picks a light primary still gets readable button text,
 * prices and links, in a darker shade of the same hue. ./theme-contrast.ts warns of each shade.
 */
import type { Site } from '../content/site.ts';
import { MIN_TEXT_CONTRAST } from '../lib/contrast.ts';
import { themeFonts } from '../lib/fonts.ts';
import { oncePer } from '../lib/memo.ts';
import { brandRoles, safeColour, SURFACE } from './theme-roles.ts';
import { accessibleShade, inkFor, opaqueHex } from './theme-shade.ts';

const SAFE_FONT = /^[a-zA-Z0-9 ,'"-]{1,120}$/;

export { DARK_INK, LIGHT_INK } from './theme-shade.ts';
export { SOFT, SURFACE, brandRoles, safeColour, type BrandRoles } from './theme-roles.ts';

/** White or near-black (black when neither reaches AA), for text on `fill`; undefined when `fill` cannot be measured. */
export function inkOn(fill: string): string | undefined {
  const opaque = opaqueHex(fill);
  return opaque && inkFor(opaque);
}

/**
 * `colour` as text on `background`: itself when it reaches `min`, else the same hue darkened (on
 * a light background) or lightened (on a dark one) just until it does. Undefined when `colour`
 * cannot be measured.
 */
export function readableOn(colour: string, background = SURFACE, min = MIN_TEXT_CONTRAST): string | undefined {
  const bg = opaqueHex(background);
  return bg ? accessibleShade(colour, [bg], min)?.colour : undefined;
}

/** The contrast-checked colour roles of a dealer's primary and secondary colours. */
export function colourRoles(primary: string | undefined, secondary: string | undefined): Record<string, string> {
  const roles: Record<string, string> = {};
  if (primary) {
    roles['--color-primary'] = primary;
    const r = brandRoles(primary);
    if (r) {
      roles['--color-on-primary'] = r.on;
      roles['--color-primary-text'] = r.text.colour;
      roles['--color-primary-ui'] = r.ui.colour;
    }
  }
  if (secondary) {
    roles['--color-secondary'] = secondary;
    roles['--color-accent'] = secondary;
    const r = brandRoles(secondary);
    if (r) {
      roles['--color-on-accent'] = r.on;
      roles['--color-accent-text'] = r.text.colour;
      roles['--color-accent-ui'] = r.ui.colour;
    }
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
