/**
 * The sample artwork's SVG kit (scripts/sample-art/sample-art.ts): number and colour helpers, path
 * builders, gradients, and the paint swatches every colour name in the snapshots maps to.
 */
// ---------------------------------------------------------------------------------------------
// Small helpers

export type Pt = [number, number];
export const r1 = (n: number) => String(Math.round(n * 10) / 10);
export const pts = (p: Pt[]) => p.map(([x, y]) => `${Math.round(x)} ${Math.round(y)}`).join(' ');
export const r3 = (n: number) => String(Math.round(n * 1000) / 1000);

export function hexToRgb(h: string): [number, number, number] {
  const n = parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
export const toHex = (c: number[]) =>
  '#' +
  c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
/** Mixes colour a towards b by t (0..1). */
export const mix = (a: string, b: string, t: number) => {
  const x = hexToRgb(a),
    y = hexToRgb(b);
  return toHex(x.map((v, i) => v + (y[i]! - v) * t));
};
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#000000', t);
export const luma = (c: string) => {
  const [r, g, b] = hexToRgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

/** A closed outline through the points, corners rounded (each point is a control point). */
export function smooth(p: Pt[], closed = true): string {
  const mid = (a: Pt, b: Pt): Pt => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  if (!closed) {
    let d = `M${pts([p[0]!])}L${pts([mid(p[0]!, p[1]!)])}`;
    for (let i = 1; i < p.length - 1; i++) d += `Q${pts([p[i]!])} ${pts([mid(p[i]!, p[i + 1]!)])}`;
    return d + `L${pts([p.at(-1)!])}`;
  }
  const n = p.length;
  let d = `M${pts([mid(p[n - 1]!, p[0]!)])}`;
  for (let i = 0; i < n; i++) d += `Q${pts([p[i]!])} ${pts([mid(p[i]!, p[(i + 1) % n]!)])}`;
  return d + 'Z';
}
export const poly = (p: Pt[]) => `M${pts(p)}Z`;
/** A closed outline with each corner rounded by up to r. */
export function rounded(p: Pt[], r: number): string {
  const n = p.length;
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = p[(i + n - 1) % n]!,
      b = p[i]!,
      c = p[(i + 1) % n]!;
    const la = Math.hypot(a[0] - b[0], a[1] - b[1]),
      lc = Math.hypot(c[0] - b[0], c[1] - b[1]);
    const ra = Math.min(r, la / 2) / la,
      rc = Math.min(r, lc / 2) / lc;
    const p1: Pt = [b[0] + (a[0] - b[0]) * ra, b[1] + (a[1] - b[1]) * ra],
      p2: Pt = [b[0] + (c[0] - b[0]) * rc, b[1] + (c[1] - b[1]) * rc];
    d += `${i ? 'L' : 'M'}${pts([p1])}Q${pts([b])} ${pts([p2])}`;
  }
  return d + 'Z';
}
export const mirror = (p: Pt[]): Pt[] => p.map(([x, y]) => [-x, y] as Pt).reverse();

export function svg(w: number, h: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${label.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">${body}</svg>\n`;
}
export const lg = (id: string, stops: [number, string, number?][], x2 = 0, y2 = 1, x1 = 0, y1 = 0) =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ''}/>`).join('')}</linearGradient>`;
export const rg = (id: string, stops: [number, string, number?][], extra = '') =>
  `<radialGradient id="${id}"${extra}>${stops.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${op}"` : ''}/>`).join('')}</radialGradient>`;

// ---------------------------------------------------------------------------------------------
// Paint: every colour name in the snapshots maps to one of these swatches.

export const SWATCHES: Record<string, string> = {
  white: '#f1f2f0',
  'pearl-white': '#f4f1ea',
  cream: '#efe8d6',
  silver: '#b9bec3',
  grey: '#7d8389',
  graphite: '#4a4f55',
  charcoal: '#34383d',
  black: '#17191c',
  red: '#b3121f',
  'soul-red': '#9c0f1e',
  orange: '#d9601c',
  bronze: '#8a6a4a',
  blue: '#1f4f9c',
  'deep-blue': '#1b2f5a',
  'light-blue': '#5b8fc7',
  'teal-blue': '#3d7f9e',
  green: '#4d5f3e',
  khaki: '#8f8a70',
  yellow: '#e2b424',
};
export const COLOUR_SWATCH: [RegExp, string][] = [
  [/sabre|aurora black|eclipse black|jet black|crystal black|shadow black|^black$/i, 'black'],
  [/soul red|artisan red|red diamond/i, 'soul-red'],
  [/red|inferno/i, 'red'],
  [/atomic rush/i, 'orange'],
  [/bronze/i, 'bronze'],
  [/vanilla|cream/i, 'cream'],
  [/silver|lunar|sterling/i, 'silver'],
  [/pearl|snowflake|rhodium|crystal pearl|white diamond|ceramic/i, 'pearl-white'],
  [/white/i, 'white'],
  [/graphite|machine|gun metallic|meteor|titanium|amazon|slate|wolf/i, 'graphite'],
  [/rock grey|concrete|ecotronic|indium/i, 'grey'],
  [/grey|gray/i, 'grey'],
  [/deep crystal|intense|ravenna|eternal|saturn/i, 'deep-blue'],
  [/moonlight|surfy|blue silk|astra/i, 'teal-blue'],
  [/impulse|sporty|speedy/i, 'blue'],
  [/blue/i, 'blue'],
  [/green/i, 'green'],
];
export function swatchOf(colour: string | undefined): string {
  for (const [re, s] of COLOUR_SWATCH) if (re.test(colour ?? '')) return s;
  return 'silver';
}
