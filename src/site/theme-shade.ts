/**
 * Accessible shades of a brand colour: the same hue, darkened on a light background or lightened
 * on a dark one just enough to reach a WCAG contrast ratio (4.5:1 for text, 3:1 for large text
 * and the parts of a control), and the ink (white or black) that reads on the colour as a fill.
 */
import { colourValue, hslToRgb, rgbToHsl } from '../content/colour-values.ts';
import { contrastRatio } from '../lib/contrast.ts';

/** WCAG AA for normal text. */
export const AA_TEXT = 4.5;
/** WCAG AA for large text (24px, or 18.66px bold) and for the parts of a control. */
export const AA_LARGE = 3;

/** Text on a coloured fill: white, else this near-black (softer than pure black on a bright fill). */
export const LIGHT_INK = '#ffffff';
export const DARK_INK = '#111418';
const BLACK = '#000000';

type Rgb = readonly [number, number, number];

/** `#rrggbb` of sRGB channels, each rounded and clamped to 0-255. */
export function toHex(rgb: Rgb): string {
  return (
    '#' +
    rgb
      .map((v) =>
        Math.round(Math.min(255, Math.max(0, v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/**
 * `#rrggbb` of a colour as it shows over `over` (a translucent colour is blended with it), or
 * undefined for a value that is no colour of its own (`currentColor`, a variable) or that `over`
 * cannot be read.
 */
export function opaqueHex(colour: string, over = LIGHT_INK): string | undefined {
  const c = colourValue(colour);
  const o = colourValue(over);
  if (!c || !o) return undefined;
  const mix = (a: number, b: number) => a * c.a + b * (1 - c.a);
  return toHex([mix(c.r, o.r), mix(c.g, o.g), mix(c.b, o.b)]);
}

/** `#rrggbb` of `colour` mixed into `base` at `share` (CSS `color-mix(in srgb, colour share, base)`). */
export function tint(colour: string, share: number, base = LIGHT_INK): string | undefined {
  const c = colourValue(colour);
  const b = colourValue(base);
  if (!c || !b) return undefined;
  const mix = (x: number, y: number) => x * share + y * (1 - share);
  return toHex([mix(c.r, b.r), mix(c.g, b.g), mix(c.b, b.b)]);
}

/** The lowest contrast ratio of an opaque `#rrggbb` against any of `backgrounds` (opaque too). */
export function lowestRatio(colour: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((bg) => contrastRatio(colour, bg) ?? 1));
}

/** True when black reads better than white on `background`: text on it is darkened, not lightened. */
export function isLight(background: string): boolean {
  return (contrastRatio(BLACK, background) ?? 0) >= (contrastRatio(LIGHT_INK, background) ?? 0);
}

/** A colour chosen to reach a contrast ratio, with the ratio it has. */
export interface Shade {
  /** The colour to draw: the given value itself when it already reads, else `#rrggbb`. */
  colour: string;
  /** Its lowest contrast ratio against the backgrounds it was chosen for. */
  ratio: number;
  /** The given colour's own lowest ratio against them (blended over the first when translucent). */
  givenRatio: number;
  /** The background of that lowest ratio. */
  worst: string;
  /** False when the given colour was kept. */
  adjusted: boolean;
}

/**
 * `colour` as a shade that reaches `min` against every one of `backgrounds` (opaque `#rrggbb`
 * values, all light or all dark as the first is): the colour itself when it does, else the same
 * hue and saturation at the HSL lightness nearest to its own that does (darker on light
 * backgrounds, lighter on dark ones), else black or white, whichever reads better. Undefined
 * when `colour` cannot be measured (`currentColor`).
 */
export function accessibleShade(colour: string, backgrounds: readonly string[], min = AA_TEXT): Shade | undefined {
  const first = backgrounds[0];
  const opaque = first ? opaqueHex(colour, first) : undefined;
  if (!opaque || !first) return undefined;
  const ratios = backgrounds.map((bg) => contrastRatio(opaque, bg) ?? 1);
  const givenRatio = Math.min(...ratios);
  const worst = backgrounds[ratios.indexOf(givenRatio)]!;
  // A translucent colour that reads is drawn as it shows over the first background.
  if (givenRatio >= min) {
    const kept = colourValue(colour)!.a >= 1 ? colour.trim() : opaque;
    return { colour: kept, ratio: givenRatio, givenRatio, worst, adjusted: false };
  }
  const shade = shadeAt(opaque, backgrounds, min, isLight(first));
  return { colour: shade, ratio: lowestRatio(shade, backgrounds), givenRatio, worst, adjusted: true };
}

function shadeAt(opaque: string, backgrounds: readonly string[], min: number, darken: boolean): string {
  const c = colourValue(opaque)!;
  const [h, s, l] = rgbToHsl(c.r, c.g, c.b);
  const at = (light: number) => toHex(hslToRgb(h, s, light));
  const passes = (light: number) => lowestRatio(at(light), backgrounds) >= min;
  // The far end (black or white) is the last resort; between it and the colour, the lightness
  // nearest the colour's own that passes (contrast only grows toward the far end).
  const far = darken ? 0 : 1;
  if (!passes(far)) {
    const ink = [BLACK, LIGHT_INK].sort((a, b) => lowestRatio(b, backgrounds) - lowestRatio(a, backgrounds));
    return ink[0]!;
  }
  let [fail, pass] = [l, far];
  for (let i = 0; i < 24; i++) {
    const mid = (fail + pass) / 2;
    if (passes(mid)) pass = mid;
    else fail = mid;
  }
  return at(pass);
}

/**
 * The ink for text on `fill` (an opaque `#rrggbb`): white while it reaches `min`, else the softer
 * near-black when it does, else pure black (one of white and black always reaches 4.5:1 on an
 * opaque fill).
 */
export function inkFor(fill: string, min = AA_TEXT): string {
  for (const ink of [LIGHT_INK, DARK_INK]) if ((contrastRatio(ink, fill) ?? 0) >= min) return ink;
  const white = contrastRatio(LIGHT_INK, fill) ?? 0;
  return white > (contrastRatio(BLACK, fill) ?? 0) ? LIGHT_INK : BLACK;
}
