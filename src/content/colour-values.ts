/**
 * The values of the content format's colours (src/content/colour.ts): the CSS named colours and a
 * reader of any colour the format accepts (#hex, rgb()/rgba(), hsl()/hsla(), a name) as sRGB
 * channels and an alpha, for the pages' contrast checks (src/site/theme-shade.ts).
 */

/** The CSS named colours (CSS Color 4) and their sRGB values. */
export const NAMED_COLOUR_HEX: Readonly<Record<string, string>> = {
  aliceblue: '#f0f8ff',
  antiquewhite: '#faebd7',
  aqua: '#00ffff',
  aquamarine: '#7fffd4',
  azure: '#f0ffff',
  beige: '#f5f5dc',
  bisque: '#ffe4c4',
  black: '#000000',
  blanchedalmond: '#ffebcd',
  blue: '#0000ff',
  blueviolet: '#8a2be2',
  brown: '#a52a2a',
  burlywood: '#deb887',
  cadetblue: '#5f9ea0',
  chartreuse: '#7fff00',
  chocolate: '#d2691e',
  coral: '#ff7f50',
  cornflowerblue: '#6495ed',
  cornsilk: '#fff8dc',
  crimson: '#dc143c',
  cyan: '#00ffff',
  darkblue: '#00008b',
  darkcyan: '#008b8b',
  darkgoldenrod: '#b8860b',
  darkgray: '#a9a9a9',
  darkgreen: '#006400',
  darkgrey: '#a9a9a9',
  darkkhaki: '#bdb76b',
  darkmagenta: '#8b008b',
  darkolivegreen: '#556b2f',
  darkorange: '#ff8c00',
  darkorchid: '#9932cc',
  darkred: '#8b0000',
  darksalmon: '#e9967a',
  darkseagreen: '#8fbc8f',
  darkslateblue: '#483d8b',
  darkslategray: '#2f4f4f',
  darkslategrey: '#2f4f4f',
  darkturquoise: '#00ced1',
  darkviolet: '#9400d3',
  deeppink: '#ff1493',
  deepskyblue: '#00bfff',
  dimgray: '#696969',
  dimgrey: '#696969',
  dodgerblue: '#1e90ff',
  firebrick: '#b22222',
  floralwhite: '#fffaf0',
  forestgreen: '#228b22',
  fuchsia: '#ff00ff',
  gainsboro: '#dcdcdc',
  ghostwhite: '#f8f8ff',
  gold: '#ffd700',
  goldenrod: '#daa520',
  gray: '#808080',
  green: '#008000',
  greenyellow: '#adff2f',
  grey: '#808080',
  honeydew: '#f0fff0',
  hotpink: '#ff69b4',
  indianred: '#cd5c5c',
  indigo: '#4b0082',
  ivory: '#fffff0',
  khaki: '#f0e68c',
  lavender: '#e6e6fa',
  lavenderblush: '#fff0f5',
  lawngreen: '#7cfc00',
  lemonchiffon: '#fffacd',
  lightblue: '#add8e6',
  lightcoral: '#f08080',
  lightcyan: '#e0ffff',
  lightgoldenrodyellow: '#fafad2',
  lightgray: '#d3d3d3',
  lightgreen: '#90ee90',
  lightgrey: '#d3d3d3',
  lightpink: '#ffb6c1',
  lightsalmon: '#ffa07a',
  lightseagreen: '#20b2aa',
  lightskyblue: '#87cefa',
  lightslategray: '#778899',
  lightslategrey: '#778899',
  lightsteelblue: '#b0c4de',
  lightyellow: '#ffffe0',
  lime: '#00ff00',
  limegreen: '#32cd32',
  linen: '#faf0e6',
  magenta: '#ff00ff',
  maroon: '#800000',
  mediumaquamarine: '#66cdaa',
  mediumblue: '#0000cd',
  mediumorchid: '#ba55d3',
  mediumpurple: '#9370db',
  mediumseagreen: '#3cb371',
  mediumslateblue: '#7b68ee',
  mediumspringgreen: '#00fa9a',
  mediumturquoise: '#48d1cc',
  mediumvioletred: '#c71585',
  midnightblue: '#191970',
  mintcream: '#f5fffa',
  mistyrose: '#ffe4e1',
  moccasin: '#ffe4b5',
  navajowhite: '#ffdead',
  navy: '#000080',
  oldlace: '#fdf5e6',
  olive: '#808000',
  olivedrab: '#6b8e23',
  orange: '#ffa500',
  orangered: '#ff4500',
  orchid: '#da70d6',
  palegoldenrod: '#eee8aa',
  palegreen: '#98fb98',
  paleturquoise: '#afeeee',
  palevioletred: '#db7093',
  papayawhip: '#ffefd5',
  peachpuff: '#ffdab9',
  peru: '#cd853f',
  pink: '#ffc0cb',
  plum: '#dda0dd',
  powderblue: '#b0e0e6',
  purple: '#800080',
  rebeccapurple: '#663399',
  red: '#ff0000',
  rosybrown: '#bc8f8f',
  royalblue: '#4169e1',
  saddlebrown: '#8b4513',
  salmon: '#fa8072',
  sandybrown: '#f4a460',
  seagreen: '#2e8b57',
  seashell: '#fff5ee',
  sienna: '#a0522d',
  silver: '#c0c0c0',
  skyblue: '#87ceeb',
  slateblue: '#6a5acd',
  slategray: '#708090',
  slategrey: '#708090',
  snow: '#fffafa',
  springgreen: '#00ff7f',
  steelblue: '#4682b4',
  tan: '#d2b48c',
  teal: '#008080',
  thistle: '#d8bfd8',
  tomato: '#ff6347',
  turquoise: '#40e0d0',
  violet: '#ee82ee',
  wheat: '#f5deb3',
  white: '#ffffff',
  whitesmoke: '#f5f5f5',
  yellow: '#ffff00',
  yellowgreen: '#9acd32',
};

/** One colour as sRGB channels (0-255, unrounded) and an alpha (0-1). */
export interface ColourValue {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION = /^(rgba?|hsla?)\(\s*([^()]*?)\s*\)$/i;

function fromHex(hex: string): ColourValue {
  const full = hex.length <= 4 ? [...hex].map((h) => h + h).join('') : hex;
  const [r, g, b, a = 255] = [0, 2, 4, 6].map((i) =>
    i < full.length ? parseInt(full.slice(i, i + 2), 16) : undefined,
  );
  return { r: r!, g: g!, b: b!, a: a / 255 };
}

/** A number or a percentage of `full`; NaN for anything else. */
function amount(part: string, full: number): number {
  const n = Number.parseFloat(part);
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)%?$/.test(part)) return NaN;
  return part.endsWith('%') ? (n / 100) * full : n;
}

/** A hue in degrees from a number or deg, grad, rad or turn. */
function hue(part: string): number {
  const m = /^(-?(?:\d+(?:\.\d*)?|\.\d+))(deg|grad|rad|turn)?$/i.exec(part);
  if (!m) return NaN;
  const n = Number(m[1]);
  const unit = m[2]?.toLowerCase();
  const deg = unit === 'turn' ? n * 360 : unit === 'rad' ? (n * 180) / Math.PI : unit === 'grad' ? n * 0.9 : n;
  return ((deg % 360) + 360) % 360;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** sRGB channels of a hue (degrees), saturation and lightness (0-1). */
export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}

/** Hue (degrees), saturation and lightness (0-1) of sRGB channels (0-255). */
export function rgbToHsl(r: number, g: number, b: number): [number, number, number] {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === rr ? ((gg - bb) / d + 6) % 6 : max === gg ? (bb - rr) / d + 2 : (rr - gg) / d + 4;
  return [h * 60, s, l];
}

function fromFunction(name: string, args: string): ColourValue | undefined {
  const [main, alphaPart, ...extra] = args.split('/') as [string, ...string[]];
  if (extra.length) return undefined;
  const parts = main.includes(',') ? main.split(',').map((p) => p.trim()) : main.trim().split(/\s+/);
  // Three channels, then an alpha after "/" or (comma syntax) as a fourth part.
  if (parts.length !== 3 && !(parts.length === 4 && alphaPart === undefined)) return undefined;
  const alphaText = alphaPart?.trim() ?? parts[3];
  const a = alphaText === undefined ? 1 : clamp(amount(alphaText, 1), 0, 1);
  let rgb: number[];
  if (name.startsWith('rgb')) rgb = parts.slice(0, 3).map((p) => clamp(amount(p, 255), 0, 255));
  else {
    const [s, l] = [parts[1]!, parts[2]!].map((p) => clamp(amount(p.endsWith('%') ? p : `${p}%`, 1), 0, 1));
    rgb = hslToRgb(hue(parts[0]!), s!, l!);
  }
  if ([...rgb, a].some(Number.isNaN)) return undefined;
  return { r: rgb[0]!, g: rgb[1]!, b: rgb[2]!, a };
}

/**
 * The value of a colour of the content format (#hex, rgb()/rgba(), hsl()/hsla() in either syntax, a
 * named colour, `transparent`), or undefined for anything else, `currentColor` included (it is no
 * colour of its own).
 */
export function colourValue(colour: string): ColourValue | undefined {
  const c = colour.trim().toLowerCase();
  if (c === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const named = Object.hasOwn(NAMED_COLOUR_HEX, c) ? NAMED_COLOUR_HEX[c] : undefined;
  const hex = HEX.exec(named ?? c)?.[1];
  if (hex) return fromHex(hex);
  const fn = FUNCTION.exec(c);
  return fn ? fromFunction(fn[1]!, fn[2]!) : undefined;
}
