/** Dealer theme (site.theme) as CSS custom properties, with values that cannot break out of CSS. */
import type { Site } from '../content/site.ts';

const SAFE_COLOUR = /^[#a-zA-Z0-9(),.%\s/-]{1,64}$/;
const SAFE_FONT = /^[a-zA-Z0-9 ,'"-]{1,120}$/;

/** A colour value safe to place in a style attribute, or undefined. */
export function safeColour(value: string | undefined): string | undefined {
  return value && SAFE_COLOUR.test(value) ? value.trim() : undefined;
}

export function themeStyle(site: Site): string {
  const t: Partial<NonNullable<Site['theme']>> = site.theme ?? {};
  const vars: string[] = [];
  const primary = safeColour(t.primaryColor);
  const secondary = safeColour(t.secondaryColor);
  if (primary) vars.push(`--color-primary:${primary}`);
  if (secondary) vars.push(`--color-secondary:${secondary}`);
  if (t.fontFamily && SAFE_FONT.test(t.fontFamily)) vars.push(`--font-body:${t.fontFamily}`);
  return vars.join(';');
}
