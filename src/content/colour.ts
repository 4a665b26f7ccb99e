/**
 * Colour fields of the content format. Every colour reaches a page inside a style attribute or a
 * CSS custom property, so a value is accepted only when it is one colour and nothing more: a
 * value such as `red;}body{display:none` fails the build at its JSON path instead of being
 * quietly dropped when the page is drawn.
 */
// Straight from astro/zod (the same zod as ./zod.ts): ./zod.ts's shared button schema uses this file.
import { z } from 'astro/zod';
import { NAMED_COLOUR_HEX } from './colour-values.ts';

/** The CSS named colours (CSS Color 4, ./colour-values.ts), plus the two keywords that stand for a colour. */
const NAMED_COLOURS = new Set([...Object.keys(NAMED_COLOUR_HEX), 'transparent', 'currentcolor']);

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

// No "+" signs or exponents: the pages' style-attribute filter (src/site/theme.ts) would drop them.
const NUMBER = String.raw`-?(?:\d+(?:\.\d*)?|\.\d+)`;
const PERCENT = `${NUMBER}%?`;
const HUE = `${NUMBER}(?:deg|grad|rad|turn)?`;

/** rgb()/rgba() or hsl()/hsla(), legacy comma syntax or space syntax with an optional "/ alpha". */
function colourFunction(names: string, first: string): RegExp {
  const comma = String.raw`${first}\s*,\s*${PERCENT}\s*,\s*${PERCENT}(?:\s*,\s*${PERCENT})?`;
  const space = String.raw`${first}\s+${PERCENT}\s+${PERCENT}(?:\s*\/\s*${PERCENT})?`;
  return new RegExp(String.raw`^(?:${names})\(\s*(?:${comma}|${space})\s*\)$`, 'i');
}
const RGB = colourFunction('rgba?', PERCENT);
const HSL = colourFunction('hsla?', HUE);

/** The longest colour the pages draw (src/site/theme.ts); nothing real comes near it. */
const MAX_LENGTH = 64;

/**
 * True for one CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba()/hsl()/hsla() with
 * numeric arguments, a named colour, `transparent` or `currentColor`. Surrounding spaces are
 * allowed; anything else (a second declaration, `url(`, `var(`, quotes, braces) is not.
 */
export function isCssColour(value: string): boolean {
  const v = value.trim();
  if (!v || v.length > MAX_LENGTH) return false;
  return HEX.test(v) || NAMED_COLOURS.has(v.toLowerCase()) || RGB.test(v) || HSL.test(v);
}

/** The value as a message shows it: quoted, and cut when long. */
function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

const EXPECTED_COLOUR = 'expected a CSS colour such as "#1f3f7a", "rgb(31 63 122)" or "white"';

/** The message for a value that is not a colour, or undefined for a colour. */
function colourProblem(value: string): string | undefined {
  return isCssColour(value) ? undefined : `${EXPECTED_COLOUR}, got ${shown(value)}`;
}

/** An optional string, trimmed; null, empty and spaces come out as undefined. */
function blankAsAbsent() {
  return z
    .string()
    .nullish()
    .transform((v) => v?.trim() || undefined);
}

/** A required colour, e.g. a model colour's `hexCode`; the value comes out trimmed. */
export const cssColour = z
  .string()
  .superRefine((v, ctx) => {
    const message = colourProblem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((v) => v.trim());

/**
 * An optional colour. `null`, an empty string and spaces all read as absent (no colour chosen),
 * as the pages have always drawn them.
 */
export const optionalCssColour = blankAsAbsent().superRefine((v, ctx) => {
  const message = v === undefined ? undefined : colourProblem(v);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/**
 * The palette names of the tag block (drawn by src/blocks/tag/colours.ts), and "custom", which
 * the CMS sends when the colour is in the matching custom field instead.
 */
export const TAG_COLOUR_NAMES = [
  'primary',
  'secondary',
  'dark',
  'muted',
  'light',
  'white',
  'black',
  'success',
  'danger',
  'warning',
  'info',
  'custom',
] as const;

/**
 * An optional tag palette name, in any case; blank reads as absent. `customField` names the
 * field that takes a CSS colour, for the message.
 */
export function tagColourName(customField: string) {
  return blankAsAbsent().superRefine((v, ctx) => {
    if (v === undefined || (TAG_COLOUR_NAMES as readonly string[]).includes(v.toLowerCase())) return;
    const names = TAG_COLOUR_NAMES.map((n) => `"${n}"`).join(', ');
    ctx.addIssue({
      code: 'custom',
      message: `expected one of ${names}, got ${shown(v)}; a CSS colour goes in ${customField}`,
    });
  });
}
