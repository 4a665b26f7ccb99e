/**
 * Theme fonts we host ourselves. A dealer names its font in site.json `theme.fontFamily`
 * ("'Inter', system-ui, sans-serif"); when the first family of that stack is one of ours, its page
 * head gets the @font-face rules of that family only, a preload of each weight the design uses
 * (all of them show above the fold: body, navigation and buttons, headings), so the web font is
 * there for the first paint, and a metric-matched fallback face so little moves if it is not. Any other
 * family is left to the visitor's system and nothing is loaded.
 *
 * The files are imported with Vite's `?url`, so the build emits them as hashed assets served from
 * the dealer's own origin (no third-party font host, no extra connection, cacheable forever).
 */
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import inter600 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import sourceSans400 from '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2?url';
import sourceSans600 from '@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff2?url';
import sourceSans700 from '@fontsource/source-sans-3/files/source-sans-3-latin-700-normal.woff2?url';

/** The weights the design uses: body, semibold (buttons, labels), bold (headings, prices). */
export const FONT_WEIGHTS = [400, 600, 700] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

/** The Latin subset @fontsource ships as its own file (the same range its own CSS declares). */
const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/**
 * Vertical metrics of a family (hhea, in font units) and its average advance per em over English
 * text (see averageWidth). Read from the regular-weight file; tests/unit/site/fonts.test.ts reads the
 * files again and fails when a package update changes them.
 */
export interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  /** Positive: the distance below the baseline. */
  descent: number;
  lineGap: number;
  avgWidth: number;
}

export interface HostedFamily {
  family: string;
  files: Record<FontWeight, string>;
  metrics: FontMetrics;
}

/** Lowercased family name → the family we host. */
export const HOSTED_FONTS: Record<string, HostedFamily> = {
  inter: {
    family: 'Inter',
    files: { 400: inter400, 600: inter600, 700: inter700 },
    metrics: { unitsPerEm: 2048, ascent: 1984, descent: 494, lineGap: 0, avgWidth: 0.4805 },
  },
  'source sans 3': {
    family: 'Source Sans 3',
    files: { 400: sourceSans400, 600: sourceSans600, 700: sourceSans700 },
    metrics: { unitsPerEm: 1000, ascent: 1024, descent: 400, lineGap: 0, avgWidth: 0.4234 },
  },
};

/**
 * How often each character occurs in English text (letters in percent, the space about one
 * character in six): the fallback is scaled so a line of ordinary words is as long in both faces.
 */
export const CHAR_FREQUENCY: Record<string, number> = {
  ' ': 18,
  a: 8.2,
  b: 1.5,
  c: 2.8,
  d: 4.3,
  e: 12.7,
  f: 2.2,
  g: 2,
  h: 6.1,
  i: 7,
  j: 0.15,
  k: 0.77,
  l: 4,
  m: 2.4,
  n: 6.7,
  o: 7.5,
  p: 1.9,
  q: 0.095,
  r: 6,
  s: 6.3,
  t: 9.1,
  u: 2.8,
  v: 0.98,
  w: 2.4,
  x: 0.15,
  y: 2,
  z: 0.074,
};

/** Frequency-weighted average advance, in ems, of `advances` (font units per character). */
export function averageWidth(advances: Record<string, number>, unitsPerEm: number): number {
  let sum = 0;
  let weight = 0;
  for (const [ch, f] of Object.entries(CHAR_FREQUENCY)) {
    const advance = advances[ch];
    if (advance === undefined) continue;
    sum += (advance / unitsPerEm) * f;
    weight += f;
  }
  return weight ? sum / weight : 0;
}

/**
 * Arial's advances (1000 units per em; the same as Helvetica's and Liberation Sans') and hhea
 * metrics: the local face every desktop and phone has, or an exact metric clone of it.
 */
const ARIAL_ADVANCES: Record<string, number> = {
  ' ': 278,
  a: 556,
  b: 556,
  c: 500,
  d: 556,
  e: 556,
  f: 278,
  g: 556,
  h: 556,
  i: 222,
  j: 222,
  k: 500,
  l: 222,
  m: 833,
  n: 556,
  o: 556,
  p: 556,
  q: 556,
  r: 333,
  s: 500,
  t: 278,
  u: 556,
  v: 500,
  w: 722,
  x: 500,
  y: 500,
  z: 500,
};
export const ARIAL_AVG_WIDTH = averageWidth(ARIAL_ADVANCES, 1000);

/** The face names under which Arial, or its metric clone on Linux, is installed. */
const LOCAL_REGULAR = ["local('Arial')", "local('ArialMT')", "local('Liberation Sans')", "local('LiberationSans')"];
const LOCAL_BOLD = [
  "local('Arial Bold')",
  "local('Arial-BoldMT')",
  "local('Liberation Sans Bold')",
  "local('LiberationSans-Bold')",
];

export interface FallbackOverrides {
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
}

const percent = (n: number) => `${(n * 100).toFixed(2)}%`;

/**
 * The descriptors that make Arial take the room the web font will: scaled to the same average
 * width, with the web font's ascent, descent and line gap (divided by the scale, because the
 * overrides apply to the already adjusted size).
 */
export function fallbackOverrides(m: FontMetrics): FallbackOverrides {
  const scale = m.avgWidth / ARIAL_AVG_WIDTH;
  return {
    sizeAdjust: percent(scale),
    ascentOverride: percent(m.ascent / m.unitsPerEm / scale),
    descentOverride: percent(m.descent / m.unitsPerEm / scale),
    lineGapOverride: percent(m.lineGap / m.unitsPerEm / scale),
  };
}

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();

/** The families of a CSS font stack, unquoted, in order. */
export function fontStackFamilies(stack: string): string[] {
  return stack.split(',').map(unquote).filter(Boolean);
}

/** The family we host for this stack: only its first family counts (the one the dealer chose). */
export function hostedFamily(stack: string | undefined): HostedFamily | undefined {
  const first = stack ? fontStackFamilies(stack)[0] : undefined;
  return first ? HOSTED_FONTS[first.toLowerCase()] : undefined;
}

export const fallbackName = (family: string) => `${family} Fallback`;

export interface ThemeFonts {
  /** @font-face rules: the family's weights and its fallback faces. */
  css: string;
  /** URLs of the weights used, to preload (regular, semibold, bold). */
  preloads: string[];
  /** The dealer's stack with the fallback face right after the web font. */
  stack: string;
}

/** What a dealer's page head needs for `stack`, or undefined when we do not host its font. */
export function themeFonts(stack: string | undefined): ThemeFonts | undefined {
  const hosted = hostedFamily(stack);
  if (!hosted || !stack) return undefined;
  const { family, files, metrics } = hosted;
  const faces = FONT_WEIGHTS.map(
    (w) =>
      `@font-face{font-family:'${family}';font-style:normal;font-weight:${w};font-display:swap;` +
      `src:url(${JSON.stringify(files[w])}) format('woff2');unicode-range:${LATIN_RANGE}}`,
  );
  const o = fallbackOverrides(metrics);
  const descriptors = `size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}`;
  // Two fallback faces, so bold text falls back to Arial Bold rather than a synthesised bold.
  const fallback = [
    `@font-face{font-family:'${fallbackName(family)}';font-weight:400;src:${LOCAL_REGULAR.join(',')};${descriptors}}`,
    `@font-face{font-family:'${fallbackName(family)}';font-weight:700;src:${LOCAL_BOLD.join(',')};${descriptors}}`,
  ];
  return {
    css: [...faces, ...fallback].join('\n'),
    preloads: FONT_WEIGHTS.map((w) => files[w]),
    stack: withFallback(stack, family),
  };
}

/** `stack` with the fallback face inserted after its first family (once). */
export function withFallback(stack: string, family: string): string {
  const parts = stack
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const name = fallbackName(family);
  if (parts.some((p) => unquote(p).toLowerCase() === name.toLowerCase())) return parts.join(', ');
  return [parts[0], `'${name}'`, ...parts.slice(1)].join(', ');
}
