/**
 * The drawing kit of the sample artwork (scripts/sample-art/sample-art.ts): SVG helpers, the paint swatches
 * every colour name in the snapshots maps to, the body shapes, and the studio renderings of a car
 * from the front three-quarter, side, rear three-quarter and head-on.
 */
// ---------------------------------------------------------------------------------------------
// Small helpers

type Pt = [number, number];
export const r1 = (n: number) => String(Math.round(n * 10) / 10);
const pts = (p: Pt[]) => p.map(([x, y]) => `${Math.round(x)} ${Math.round(y)}`).join(' ');
export const r3 = (n: number) => String(Math.round(n * 1000) / 1000);

function hexToRgb(h: string): [number, number, number] {
  const n = parseInt(h.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const toHex = (c: number[]) =>
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
const luma = (c: string) => {
  const [r, g, b] = hexToRgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
};

/** A closed outline through the points, corners rounded (each point is a control point). */
function smooth(p: Pt[], closed = true): string {
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
const poly = (p: Pt[]) => `M${pts(p)}Z`;
/** A closed outline with each corner rounded by up to r. */
function rounded(p: Pt[], r: number): string {
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
const mirror = (p: Pt[]): Pt[] => p.map(([x, y]) => [-x, y] as Pt).reverse();

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
const COLOUR_SWATCH: [RegExp, string][] = [
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

// ---------------------------------------------------------------------------------------------
// Body shapes. Side drawings face left: x from the front bumper (0) to the rear, y up is negative,
// the ground at 0. Front and rear drawings are centred on x = 0 at the same scale.

export type Kind =
  'hatch' | 'sedan' | 'wagon' | 'suv-small' | 'suv' | 'suv-large' | 'ute' | 'cab-chassis' | 'van' | 'mpv' | 'roadster';

interface Shape {
  L: number;
  R: number;
  xf: number;
  xr: number;
  top: Pt[]; // outline from the front bottom over the roof to the rear bottom
  dlo: Pt[][]; // side windows
  doors: number[]; // door shut lines (x)
  belt: number; // beltline height (y)
  head: Pt[];
  tail: Pt[];
  W: number;
  roof: number;
  hood: number;
  tailTop: number;
  cladding?: boolean;
  rails?: [number, number];
  tub?: [number, number];
  tray?: [number, number];
}

export function shapes(kind: Kind): Shape {
  switch (kind) {
    case 'hatch':
      return {
        L: 390,
        R: 33,
        xf: 78,
        xr: 318,
        belt: -84,
        W: 176,
        roof: -132,
        hood: -74,
        tailTop: -118,
        top: [
          [4, -20],
          [0, -46],
          [8, -66],
          [60, -76],
          [118, -84],
          [176, -128],
          [220, -134],
          [300, -132],
          [352, -124],
          [378, -108],
          [388, -74],
          [386, -22],
        ],
        dlo: [
          [
            [128, -88],
            [178, -124],
            [232, -127],
            [232, -88],
          ],
          [
            [240, -88],
            [240, -127],
            [298, -126],
            [336, -115],
            [352, -92],
          ],
        ],
        doors: [122, 236, 344],
        head: [
          [8, -64],
          [50, -72],
          [54, -63],
          [14, -58],
        ],
        tail: [
          [372, -112],
          [386, -92],
          [384, -80],
          [370, -92],
        ],
      };
    case 'sedan':
      return {
        L: 440,
        R: 34,
        xf: 86,
        xr: 352,
        belt: -84,
        W: 180,
        roof: -126,
        hood: -72,
        tailTop: -86,
        top: [
          [4, -20],
          [0, -44],
          [8, -64],
          [70, -74],
          [140, -82],
          [196, -124],
          [250, -130],
          [310, -128],
          [356, -106],
          [400, -90],
          [434, -86],
          [438, -66],
          [436, -22],
        ],
        dlo: [
          [
            [150, -86],
            [198, -120],
            [260, -124],
            [260, -86],
          ],
          [
            [268, -86],
            [268, -124],
            [306, -123],
            [346, -92],
          ],
        ],
        doors: [142, 264, 352],
        head: [
          [8, -62],
          [56, -70],
          [60, -61],
          [14, -56],
        ],
        tail: [
          [412, -88],
          [436, -84],
          [436, -72],
          [414, -76],
        ],
      };
    case 'wagon':
      return {
        L: 450,
        R: 35,
        xf: 88,
        xr: 362,
        belt: -88,
        W: 182,
        roof: -138,
        hood: -76,
        tailTop: -126,
        top: [
          [4, -22],
          [0, -46],
          [8, -68],
          [72, -78],
          [140, -86],
          [196, -132],
          [250, -140],
          [380, -138],
          [426, -128],
          [444, -106],
          [448, -74],
          [446, -24],
        ],
        dlo: [
          [
            [150, -90],
            [200, -128],
            [262, -132],
            [262, -90],
          ],
          [
            [270, -90],
            [270, -132],
            [350, -132],
            [350, -92],
          ],
          [
            [358, -92],
            [358, -131],
            [410, -127],
            [428, -108],
            [430, -96],
          ],
        ],
        doors: [144, 266, 354],
        head: [
          [8, -66],
          [56, -74],
          [60, -65],
          [14, -60],
        ],
        tail: [
          [432, -118],
          [446, -100],
          [446, -86],
          [434, -94],
        ],
        rails: [240, 410],
        cladding: true,
      };
    case 'suv-small':
      return {
        L: 410,
        R: 37,
        xf: 84,
        xr: 330,
        belt: -94,
        W: 184,
        roof: -146,
        hood: -84,
        tailTop: -128,
        top: [
          [4, -26],
          [0, -52],
          [8, -76],
          [60, -86],
          [124, -94],
          [182, -140],
          [226, -148],
          [320, -146],
          [370, -136],
          [398, -116],
          [408, -82],
          [406, -28],
        ],
        dlo: [
          [
            [134, -98],
            [184, -136],
            [240, -141],
            [240, -98],
          ],
          [
            [248, -98],
            [248, -141],
            [318, -140],
            [352, -128],
            [364, -104],
          ],
        ],
        doors: [128, 244, 356],
        head: [
          [8, -74],
          [54, -82],
          [58, -73],
          [14, -68],
        ],
        tail: [
          [390, -122],
          [406, -100],
          [404, -88],
          [390, -100],
        ],
        cladding: true,
        rails: [230, 350],
      };
    case 'suv':
      return {
        L: 450,
        R: 40,
        xf: 92,
        xr: 356,
        belt: -100,
        W: 190,
        roof: -156,
        hood: -90,
        tailTop: -140,
        top: [
          [4, -26],
          [0, -54],
          [8, -80],
          [60, -90],
          [136, -100],
          [198, -150],
          [244, -158],
          [370, -157],
          [420, -148],
          [442, -124],
          [448, -86],
          [446, -28],
        ],
        dlo: [
          [
            [146, -104],
            [200, -146],
            [260, -151],
            [260, -104],
          ],
          [
            [268, -104],
            [268, -151],
            [352, -151],
            [352, -106],
          ],
          [
            [360, -106],
            [360, -150],
            [410, -144],
            [430, -124],
            [432, -110],
          ],
        ],
        doors: [140, 264, 356],
        head: [
          [8, -78],
          [58, -86],
          [62, -77],
          [14, -72],
        ],
        tail: [
          [430, -132],
          [446, -108],
          [446, -94],
          [432, -104],
        ],
        cladding: true,
        rails: [236, 420],
      };
    case 'suv-large':
      return {
        L: 480,
        R: 43,
        xf: 96,
        xr: 382,
        belt: -108,
        W: 196,
        roof: -170,
        hood: -100,
        tailTop: -154,
        top: [
          [4, -28],
          [0, -60],
          [6, -90],
          [60, -100],
          [140, -108],
          [204, -162],
          [250, -170],
          [410, -170],
          [456, -164],
          [474, -140],
          [478, -96],
          [476, -30],
        ],
        dlo: [
          [
            [152, -112],
            [206, -158],
            [270, -163],
            [270, -112],
          ],
          [
            [278, -112],
            [278, -163],
            [370, -163],
            [370, -114],
          ],
          [
            [378, -114],
            [378, -163],
            [446, -160],
            [462, -140],
            [462, -118],
          ],
        ],
        doors: [146, 274, 374],
        head: [
          [6, -88],
          [58, -96],
          [62, -86],
          [12, -80],
        ],
        tail: [
          [462, -146],
          [476, -120],
          [476, -104],
          [462, -114],
        ],
        cladding: true,
        rails: [240, 450],
      };
    case 'ute':
      return {
        L: 520,
        R: 42,
        xf: 96,
        xr: 404,
        belt: -108,
        W: 192,
        roof: -168,
        hood: -100,
        tailTop: -108,
        top: [
          [4, -30],
          [0, -62],
          [6, -92],
          [60, -102],
          [140, -110],
          [200, -162],
          [244, -170],
          [326, -170],
          [338, -160],
          [340, -112],
          [518, -110],
          [520, -96],
          [518, -32],
        ],
        dlo: [
          [
            [150, -114],
            [202, -158],
            [256, -164],
            [256, -114],
          ],
          [
            [264, -114],
            [264, -164],
            [322, -164],
            [330, -156],
            [330, -116],
          ],
        ],
        doors: [144, 260, 336],
        head: [
          [6, -90],
          [58, -98],
          [62, -88],
          [12, -82],
        ],
        tail: [
          [508, -106],
          [520, -104],
          [520, -70],
          [508, -72],
        ],
        cladding: true,
        tub: [344, 516],
      };
    case 'cab-chassis':
      return {
        L: 520,
        R: 42,
        xf: 96,
        xr: 404,
        belt: -108,
        W: 192,
        roof: -168,
        hood: -100,
        tailTop: -100,
        top: [
          [4, -30],
          [0, -62],
          [6, -92],
          [60, -102],
          [140, -110],
          [200, -162],
          [244, -170],
          [262, -168],
          [268, -150],
          [268, -40],
          [518, -40],
          [518, -32],
        ],
        dlo: [
          [
            [150, -114],
            [202, -158],
            [254, -162],
            [258, -150],
            [258, -114],
          ],
        ],
        doors: [144, 262],
        head: [
          [6, -90],
          [58, -98],
          [62, -88],
          [12, -82],
        ],
        tail: [
          [506, -60],
          [518, -60],
          [518, -44],
          [506, -44],
        ],
        tray: [274, 522],
      };
    case 'van':
      return {
        L: 520,
        R: 38,
        xf: 92,
        xr: 420,
        belt: -112,
        W: 196,
        roof: -196,
        hood: -96,
        tailTop: -190,
        top: [
          [4, -26],
          [0, -58],
          [8, -88],
          [50, -100],
          [92, -112],
          [160, -184],
          [200, -196],
          [500, -196],
          [516, -186],
          [520, -120],
          [518, -28],
        ],
        dlo: [
          [
            [104, -116],
            [162, -180],
            [212, -184],
            [212, -116],
          ],
        ],
        doors: [98, 218, 410],
        head: [
          [8, -86],
          [50, -96],
          [54, -86],
          [14, -80],
        ],
        tail: [
          [508, -170],
          [518, -168],
          [518, -118],
          [508, -120],
        ],
      };
    case 'mpv':
      return {
        L: 510,
        R: 39,
        xf: 92,
        xr: 402,
        belt: -104,
        W: 194,
        roof: -172,
        hood: -92,
        tailTop: -160,
        top: [
          [4, -26],
          [0, -56],
          [8, -86],
          [60, -96],
          [118, -104],
          [192, -164],
          [240, -174],
          [440, -172],
          [488, -162],
          [504, -138],
          [508, -92],
          [506, -28],
        ],
        dlo: [
          [
            [128, -108],
            [194, -160],
            [250, -166],
            [250, -108],
          ],
          [
            [258, -108],
            [258, -166],
            [380, -166],
            [380, -108],
          ],
          [
            [388, -108],
            [388, -165],
            [470, -160],
            [490, -138],
            [490, -112],
          ],
        ],
        doors: [122, 254, 384],
        head: [
          [8, -84],
          [58, -92],
          [62, -82],
          [14, -76],
        ],
        tail: [
          [490, -150],
          [506, -128],
          [506, -110],
          [492, -120],
        ],
        rails: [250, 470],
      };
    case 'roadster':
      return {
        L: 390,
        R: 32,
        xf: 72,
        xr: 306,
        belt: -78,
        W: 176,
        roof: -112,
        hood: -66,
        tailTop: -84,
        top: [
          [4, -20],
          [0, -42],
          [10, -60],
          [90, -70],
          [168, -78],
          [208, -110],
          [246, -114],
          [280, -108],
          [330, -86],
          [380, -82],
          [388, -62],
          [386, -22],
        ],
        dlo: [
          [
            [178, -80],
            [210, -106],
            [244, -109],
            [244, -80],
          ],
          [
            [252, -82],
            [252, -106],
            [274, -104],
            [290, -86],
          ],
        ],
        doors: [170, 288],
        head: [
          [10, -58],
          [62, -66],
          [66, -58],
          [16, -54],
        ],
        tail: [
          [360, -84],
          [386, -80],
          [386, -68],
          [362, -72],
        ],
      };
  }
}

export function kindOf(car: { simple_body?: string; model: string; make: string }): Kind {
  const b = (car.simple_body ?? '').toLowerCase();
  if (b === 'hatch') return 'hatch';
  if (b === 'sedan') return 'sedan';
  if (b === 'wagon') return 'wagon';
  if (b === 'ute') return 'ute';
  if (b === 'cab chassis') return 'cab-chassis';
  if (b === 'van') return 'van';
  if (b === 'people mover') return 'mpv';
  if (b === 'convertible' || b === 'coupe') return 'roadster';
  if (/cx-3|cx-30|yaris cross|kona|asx|c-hr|eclipse cross/i.test(car.model)) return 'suv-small';
  if (/prado|kluger|cx-9|cx-90|cx-60|santa fe|everest|pajero|sorento/i.test(car.model)) return 'suv-large';
  return 'suv';
}

// ---------------------------------------------------------------------------------------------
// Car drawings

export function paintDefs(c: string): string {
  const dark = luma(c) < 0.25;
  return (
    lg('p', [
      [0, lighten(c, dark ? 0.28 : 0.45)],
      [0.3, c],
      [0.56, darken(c, 0.1)],
      [0.575, lighten(c, dark ? 0.2 : 0.3)],
      [0.64, c],
      [1, darken(c, 0.5)],
    ]) +
    lg('pf', [
      [0, lighten(c, 0.3)],
      [0.5, c],
      [1, darken(c, 0.45)],
    ]) +
    lg('g', [
      [0, '#3a4654'],
      [0.55, '#1a222b'],
      [1, '#0d1116'],
    ]) +
    lg(
      'gl',
      [
        [0, '#ffffff', 0.35],
        [1, '#ffffff', 0],
      ],
      1,
      1,
    ) +
    lg('hl', [
      [0, '#ffffff'],
      [0.6, '#cfe3f5'],
      [1, '#7d96ad'],
    ]) +
    lg('tl', [
      [0, '#ff5a4f'],
      [0.5, '#c3121b'],
      [1, '#5c0a0e'],
    ]) +
    rg('rim', [
      [0, '#f4f6f8'],
      [0.55, '#b9c0c7'],
      [0.85, '#6f767d'],
      [1, '#d5dadf'],
    ]) +
    rg('sh', [
      [0, '#000', 0.55],
      [0.6, '#000', 0.18],
      [1, '#000', 0],
    ])
  );
}

/** The wheel symbol: unit radius, multi-spoke alloy. */
export const WHEEL = `<g id="w"><circle r="1" fill="#15171a"/><circle r=".93" fill="none" stroke="#2b2e33" stroke-width=".04"/><circle r=".7" fill="url(#rim)"/><circle r=".6" fill="#2a2d31"/><path d="${Array.from(
  { length: 5 },
  (_, i) => {
    const a = (i * 72 * Math.PI) / 180,
      b = a + 0.2,
      c = a - 0.2;
    return `M${r1(Math.cos(c) * 0.13)} ${r1(Math.sin(c) * 0.13)}L${(Math.cos(c) * 0.62).toFixed(2)} ${(Math.sin(c) * 0.62).toFixed(2)}L${(Math.cos(b) * 0.62).toFixed(2)} ${(Math.sin(b) * 0.62).toFixed(2)}L${r1(Math.cos(b) * 0.13)} ${r1(Math.sin(b) * 0.13)}Z`;
  },
).join(
  '',
)}" fill="url(#rim)"/><circle r=".16" fill="#c9ced3" stroke="#6d737a" stroke-width=".03"/><circle r=".05" fill="#3b3f44"/></g>`;

export function sideBody(s: Shape, c: string): string {
  const a = s.R + 7,
    sill = -Math.max(20, s.R * 0.55);
  // Outline: over the top, then along the bottom with the wheel arches.
  let d = smooth(s.top, false);
  d += `L${r1(s.xr + a)} ${r1(sill)}A${a} ${a} 0 0 0 ${r1(s.xr - a)} ${r1(sill)}L${r1(s.xf + a)} ${r1(sill)}A${a} ${a} 0 0 0 ${r1(s.xf - a)} ${r1(sill)}Z`;
  let o = `<path d="${d}" fill="url(#p)" stroke="${darken(c, 0.55)}" stroke-width="1.5"/>`;
  // Cab-chassis: the alloy tray; utes: the tub's top rail.
  if (s.tray) {
    const [x0, x1] = s.tray;
    o +=
      `<rect x="${x0 - 4}" y="-54" width="${x1 - x0 + 4}" height="26" fill="#2b2e33"/><rect x="${x0}" y="-92" width="${x1 - x0}" height="40" rx="3" fill="#c4c9ce" stroke="#868c92"/>` +
      `<path d="M${x0} -78H${x1}M${x0} -64H${x1}" stroke="#9aa1a8" stroke-width="2"/><rect x="${x0}" y="-150" width="10" height="60" fill="#aab0b6" stroke="#7d848b"/><path d="M${x0 + 2} -140h8m-8 12h8m-8 12h8m-8 12h8" stroke="#6b7178"/>`;
  }
  if (s.tub)
    o += `<path d="M${s.tub[0]} -108H${s.tub[1]}" stroke="${lighten(c, 0.35)}" stroke-width="3"/><path d="M${s.tub[0] + 4} -112h${s.tub[1] - s.tub[0] - 20}" stroke="#1c1f23" stroke-width="5" stroke-linecap="round"/>`;
  // Windows with a reflection streak, and the shapes of the seats behind them.
  for (const w of s.dlo) o += `<path d="${rounded(w, 9)}" fill="url(#g)" stroke="#0c0e11" stroke-width="3"/>`;
  const d0 = s.dlo[0]!;
  o += `<path d="M${r1(d0[1]![0] + 20)} ${r1(d0[1]![1] + 2)}l40 0l-60 ${r1(d0[0]![1] - d0[1]![1] - 4)}l-30 0Z" fill="url(#gl)"/>`;
  o += `<path d="${smooth([
    [s.doors[1]! - 40, s.belt - 2],
    [s.doors[1]! - 34, s.belt - 34],
    [s.doors[1]! - 18, s.belt - 36],
    [s.doors[1]! - 16, s.belt - 2],
  ])}" fill="#0b0d10" opacity=".55"/>`;
  // Door shut lines, handles, mirror, shoulder reflection.
  s.doors.forEach((x, i) => {
    if (i === s.doors.length - 1 && (s.tub || s.tray)) return;
    o += `<path d="M${x} ${s.belt - 2}L${x - 3} ${r1(sill - (i === 0 ? a * 0.9 : 4))}" stroke="${darken(c, 0.5)}" stroke-width="1.6" fill="none"/>`;
  });
  s.doors.slice(1).forEach((x) => {
    if (!s.tray || x < 270)
      o += `<rect x="${x - 34}" y="${s.belt + 12}" width="18" height="4" rx="2" fill="${darken(c, 0.35)}"/>`;
  });
  o += `<path d="${smooth([
    [d0[0]![0] + 4, s.belt - 2],
    [d0[0]![0] - 4, s.belt - 14],
    [d0[0]![0] + 20, s.belt - 16],
    [d0[0]![0] + 22, s.belt - 2],
  ])}" fill="url(#pf)" stroke="${darken(c, 0.5)}"/>`;
  o += `<path d="M${s.head[2]![0] + 20} ${s.belt + 10}L${s.L - 30} ${s.belt + 14}" stroke="#fff" stroke-opacity=".28" stroke-width="5" stroke-linecap="round"/>`;
  // Lamps.
  o += `<path d="${smooth(s.head)}" fill="url(#hl)" stroke="#3d4650"/><path d="${smooth(s.tail)}" fill="url(#tl)" stroke="#3b0a0c"/>`;
  // Plastic cladding over the arches, the sill and the bumpers' lower edge.
  const clad = s.cladding ? '#2a2d31' : darken(c, 0.35);
  if (s.cladding)
    for (const x of [s.xf, s.xr])
      o += `<path d="M${r1(x - a - 4)} ${r1(sill)}A${a + 4} ${a + 4} 0 0 1 ${r1(x + a + 4)} ${r1(sill)}" fill="none" stroke="${clad}" stroke-width="8"/>`;
  o += `<path d="M${r1(s.xf + a + 6)} ${r1(sill + 2)}L${r1(s.xr - a - 6)} ${r1(sill + 2)}" stroke="${clad}" stroke-width="6"/>`;
  if (s.rails)
    o += `<path d="M${s.rails[0]} ${s.roof - 3}H${s.rails[1]}" stroke="#2c3035" stroke-width="5" stroke-linecap="round"/>`;
  // Wheels, brake calipers behind the spokes.
  for (const x of [s.xf, s.xr])
    o += `<circle cx="${x}" cy="${-s.R}" r="${s.R + 3}" fill="#0b0c0e"/><use href="#w" transform="translate(${x} ${-s.R}) scale(${s.R})"/>`;
  return o;
}

/** A head-on drawing of the front (or the rear, with `rear`). */
function endView(s: Shape, c: string, rear: boolean, kind: Kind, lowerOnly = false): string {
  const W = s.W,
    h = W / 2,
    sill = -Math.max(20, s.R * 0.55);
  const top = lowerOnly ? s.top[rear ? s.top.length - 3 : 2]![1] : rear ? s.tailTop : s.hood;
  const beltY = s.belt;
  const roofW = h - (kind === 'van' ? 14 : kind === 'roadster' ? 40 : 34);
  // Tyres below the body.
  let o =
    `<rect x="${-h + 6}" y="${-s.R * 1.1}" width="30" height="${r1(s.R * 1.1)}" rx="6" fill="#141619"/>` +
    (lowerOnly
      ? ''
      : `<rect x="${h - 36}" y="${-s.R * 1.1}" width="30" height="${r1(s.R * 1.1)}" rx="6" fill="#141619"/>`);
  const hasCab = !lowerOnly && !(rear && (s.tub || s.tray));
  // Lower body.
  const body: Pt[] = [
    [-h + 4, sill],
    [-h, -s.R * 0.9],
    [-h + 2, top + 8],
    [-h + 14, top],
    [h - 14, top],
    [h - 2, top + 8],
    [h, -s.R * 0.9],
    [h - 4, sill],
  ];
  // Cabin.
  const cab: Pt[] = [
    [-h + 10, beltY + 6],
    [-roofW, s.roof + 4],
    [-roofW + 8, s.roof],
    [roofW - 8, s.roof],
    [roofW, s.roof + 4],
    [h - 10, beltY + 6],
  ];
  if (hasCab) o += `<path d="${smooth(cab)}" fill="url(#pf)" stroke="${darken(c, 0.55)}" stroke-width="1.5"/>`;
  else if (!lowerOnly) {
    // Ute from the rear: the cab sits further forward, smaller and higher.
    const cb: Pt[] = [
      [-h + 18, beltY - 2],
      [-roofW + 4, s.roof + 6],
      [roofW - 4, s.roof + 6],
      [h - 18, beltY - 2],
    ];
    o += `<path d="${smooth(cb)}" fill="url(#pf)" stroke="${darken(c, 0.55)}"/><rect x="${-roofW + 18}" y="${s.roof + 18}" width="${2 * roofW - 36}" height="${r1(beltY - s.roof - 28)}" rx="6" fill="url(#g)"/>`;
  }
  o += `<path d="${smooth(body)}" fill="url(#pf)" stroke="${darken(c, 0.55)}" stroke-width="1.5"/>`;
  if (hasCab) {
    const g: Pt[] = [
      [-h + 22, beltY],
      [-roofW + 6, s.roof + 10],
      [roofW - 6, s.roof + 10],
      [h - 22, beltY],
    ];
    o += `<path d="${smooth(g)}" fill="url(#g)" stroke="#0c0e11" stroke-width="2"/><path d="M${-h + 40} ${beltY - 4}L${-roofW + 40} ${s.roof + 14}L${-roofW + 70} ${s.roof + 14}L${-h + 80} ${beltY - 4}Z" fill="url(#gl)"/>`;
    // Mirrors.
    o += `<path d="${smooth([
      [-h + 20, beltY - 2],
      [-h - 10, beltY - 4],
      [-h - 12, beltY - 18],
      [-h + 18, beltY - 20],
    ])}" fill="url(#pf)" stroke="${darken(c, 0.5)}"/><path d="${smooth([
      [h - 20, beltY - 2],
      [h + 10, beltY - 4],
      [h + 12, beltY - 18],
      [h - 18, beltY - 20],
    ])}" fill="url(#pf)" stroke="${darken(c, 0.5)}"/>`;
  }
  if (s.rails && hasCab)
    o += `<path d="M${-roofW + 10} ${s.roof - 3}h10M${roofW - 20} ${s.roof - 3}h10" stroke="#2c3035" stroke-width="6"/>`;
  // Shoulder highlight.
  o += `<path d="M${-h + 16} ${top + 6}H${h - 16}" stroke="#fff" stroke-opacity=".3" stroke-width="3"/>`;
  const lampY = top + 10;
  if (!rear) {
    const hl: Pt[] = [
      [-h + 8, lampY],
      [-h + 58, lampY + 4],
      [-h + 54, lampY + 14],
      [-h + 10, lampY + 12],
    ];
    o += `<path d="${smooth(hl)}" fill="url(#hl)" stroke="#3d4650"/><path d="${smooth(mirror(hl))}" fill="url(#hl)" stroke="#3d4650"/>`;
    o += `<path d="M${-h + 14} ${lampY + 3}L${-h + 52} ${lampY + 6}M${h - 14} ${lampY + 3}L${h - 52} ${lampY + 6}" stroke="#fff" stroke-width="2"/>`;
    const gy = lampY + 4,
      gh = Math.max(22, sill - gy - 30);
    o += `<rect x="-40" y="${r1(gy)}" width="80" height="${r1(gh)}" rx="8" fill="#15181c" stroke="#3a3f45" stroke-width="2"/>`;
    o += `<path d="${Array.from({ length: Math.floor(gh / 6) }, (_, i) => `M-36 ${r1(gy + 5 + i * 6)}h72`).join('')}" stroke="#2f343a" stroke-width="2"/>`;
    o += `<ellipse cx="0" cy="${r1(gy + gh / 2)}" rx="11" ry="7" fill="#d4d8dc" stroke="#7c838a"/>`;
    o += `<rect x="${-h + 22}" y="${r1(sill - 22)}" width="${W - 44}" height="14" rx="6" fill="#1b1e22"/><circle cx="${-h + 34}" cy="${r1(sill - 15)}" r="5" fill="#e8eef4"/><circle cx="${h - 34}" cy="${r1(sill - 15)}" r="5" fill="#e8eef4"/>`;
    o += `<rect x="-26" y="${r1(sill - 36)}" width="52" height="12" rx="2" fill="#f7f7f2" stroke="#444"/>`;
  } else {
    const tl: Pt[] = [
      [-h + 4, lampY - 2],
      [-h + 46, lampY],
      [-h + 44, lampY + 14],
      [-h + 6, lampY + 16],
    ];
    o += `<path d="${smooth(tl)}" fill="url(#tl)" stroke="#3b0a0c"/><path d="${smooth(mirror(tl))}" fill="url(#tl)" stroke="#3b0a0c"/>`;
    if (hasCab && kind !== 'sedan' && !s.tub) {
      const rw: Pt[] = [
        [-roofW + 4, beltY - 6],
        [-roofW + 10, s.roof + 12],
        [roofW - 10, s.roof + 12],
        [roofW - 4, beltY - 6],
      ];
      o += `<path d="${smooth(rw)}" fill="url(#g)" stroke="#0c0e11" stroke-width="2"/>`;
    }
    o += `<path d="M${-h + 50} ${lampY + 6}H${h - 50}" stroke="${darken(c, 0.4)}" stroke-width="2"/><circle cx="0" cy="${lampY + 18}" r="7" fill="#d4d8dc" stroke="#7c838a"/>`;
    o += `<rect x="-26" y="${r1(sill - 40)}" width="52" height="13" rx="2" fill="#f7f7f2" stroke="#444"/><rect x="${-h + 10}" y="${r1(sill - 14)}" width="${W - 20}" height="10" rx="5" fill="#1b1e22"/>`;
    if (s.tray)
      o += `<rect x="${-h - 4}" y="-92" width="${W + 8}" height="40" rx="3" fill="#c4c9ce" stroke="#868c92"/><rect x="-26" y="-46" width="52" height="12" fill="#f7f7f2" stroke="#444"/>`;
  }
  return o;
}

export type View = 'front' | 'side' | 'rear' | 'head';

function studio(accent: string, groundY: number): string {
  return (
    lg('bg', [
      [0, lighten(accent, 0.86)],
      [0.62, lighten(accent, 0.74)],
      [0.621, mix(lighten(accent, 0.6), '#9aa3ab', 0.5)],
      [1, lighten(accent, 0.9)],
    ]) +
    rg('spot', [
      [0, '#fff', 0.85],
      [1, '#fff', 0],
    ]) +
    lg('fade', [
      [0, '#fff', 0.7],
      [0.5, '#fff', 0],
    ]) +
    `<mask id="m"><rect x="0" y="${groundY}" width="800" height="${500 - groundY}" fill="url(#fade)"/></mask>`
  );
}
const backdrop = () =>
  `<rect width="800" height="500" fill="url(#bg)"/><ellipse cx="400" cy="150" rx="420" ry="190" fill="url(#spot)"/><path d="M0 310H800" stroke="#fff" stroke-opacity=".5"/><path d="M120 0V310M680 0V310" stroke="#fff" stroke-opacity=".25" stroke-width="3"/>`;

/** One car rendering: 800×500, 16:10. */
export function carSvg(kind: Kind, colour: string, view: View, accent: string, label: string): string {
  const s = shapes(kind);
  const groundY = 410;
  let car = '';
  let shadow: string;
  if (view === 'side') {
    const k = 640 / s.L,
      x0 = 400 - (s.L * k) / 2;
    car = `<g transform="translate(${r1(x0)} ${groundY}) scale(${r3(k)})">${sideBody(s, colour)}</g>`;
    shadow = `<ellipse cx="400" cy="${groundY}" rx="${r1(s.L * k * 0.56)}" ry="18" fill="url(#sh)"/>`;
  } else if (view === 'head') {
    const k = 1.55;
    car = `<g transform="translate(400 ${groundY}) scale(${k})">${endView(s, colour, false, kind)}</g>`;
    shadow = `<ellipse cx="400" cy="${groundY}" rx="${r1(s.W * k * 0.62)}" ry="16" fill="url(#sh)"/>`;
  } else {
    // Three-quarter: an extruded projection. x runs front to rear, z across (near side +h).
    const h = s.W / 2,
      rear = view === 'rear';
    const k = 600 / (s.L * 0.78 + s.W * 0.5);
    const ex: Pt = [0.78 * k, (rear ? 0.05 : -0.05) * k],
      ez: Pt = [(rear ? -0.5 : 0.5) * k, 0.16 * k];
    const span = s.L * 0.78 * k + s.W * 0.5 * k;
    // The nearest corner (x at the near end, z = +h, on the ground).
    const C: Pt = rear
      ? [400 - span / 2 + s.L * 0.78 * k, groundY + 14]
      : [400 - span / 2 + s.W * 0.5 * k, groundY + 14];
    const xn = rear ? s.L : 0;
    const O: Pt = [C[0] - xn * ex[0] - h * ez[0], C[1] - xn * ex[1] - h * ez[1]];
    const P = (x: number, y: number, z: number): Pt => [
      O[0] + x * ex[0] + z * ez[0],
      O[1] + x * ex[1] + y * k + z * ez[1],
    ];
    const m = (a: Pt, b: Pt, e: Pt) => `matrix(${[a[0], a[1], b[0], b[1], e[0], e[1]].map(r3).join(' ')})`;
    // Far-side wheels, then the upper surfaces from far to near, then the end face and the side.
    for (const x of [s.xf, s.xr]) {
      const w = P(x, -s.R, -h + 8);
      car += `<ellipse cx="${r1(w[0])}" cy="${r1(w[1])}" rx="${r1(s.R * k * 0.55)}" ry="${r1(s.R * k)}" fill="#101214"/>`;
    }
    const segs: string[] = [];
    const t = s.top;
    for (let i = 0; i < t.length - 1; i++) {
      const [x1, y1] = t[i]!,
        [x2, y2] = t[i + 1]!;
      const len = Math.hypot(x2 - x1, y2 - y1) || 1,
        nx = (y2 - y1) / len,
        ny = -(x2 - x1) / len;
      if (nx * (rear ? 1 : -1) - ny * 0.7 <= 0.05) continue;
      const my = (y1 + y2) / 2,
        mx = (x1 + x2) / 2;
      const glass = my < s.belt - 4 && my > s.roof + 4 && Math.abs(y2 - y1) > 0.35 * Math.abs(x2 - x1);
      const tub = s.tub && mx > s.tub[0] && mx < s.tub[1] && Math.abs(y2 - y1) < 6;
      const fill = glass
        ? 'url(#g)'
        : tub
          ? '#1c1f23'
          : mix(colour, ny < -0.8 ? '#ffffff' : '#000000', ny < -0.8 ? 0.28 : 0.12);
      const q = [P(x1, y1, h), P(x2, y2, h), P(x2, y2, -h), P(x1, y1, -h)];
      segs.push(`<path d="${poly(q)}" fill="${fill}"${glass ? ' stroke="#0c0e11"' : ''}/>`);
    }
    car += `<g stroke="${darken(colour, 0.35)}" stroke-linejoin="round">${(rear ? segs : segs.reverse()).join('')}</g>`;
    if (s.tray)
      car += `<path d="${poly([P(s.tray[0], -92, h + 4), P(s.tray[1], -92, h + 4), P(s.tray[1], -92, -h - 4), P(s.tray[0], -92, -h - 4)])}" fill="#d5dadf" stroke="#868c92"/>`;
    if (s.rails)
      car += `<path d="M${pts([P(s.rails[0], s.roof - 3, -h + 10)])}L${pts([P(s.rails[1], s.roof - 3, -h + 10)])}" stroke="#2c3035" stroke-width="4"/>`;
    const E = P(xn, 0, 0);
    car += `<g transform="${m(ez, [0, k], E)}">${endView(s, colour, rear, kind, true)}</g>`;
    car += `<g transform="${m(ex, [0, k], P(0, 0, h))}">${sideBody(s, colour)}</g>`;
    const sc = P(s.L / 2, 0, 0);
    shadow = `<ellipse cx="${r1(sc[0])}" cy="${r1(sc[1])}" rx="${r1(span * 0.56)}" ry="${r1(s.W * 0.2 * k + 14)}" fill="url(#sh)"/>`;
  }
  const defs = `<defs>${studio(accent, groundY)}${paintDefs(colour)}${WHEEL}</defs>`;
  const body = `${defs}${backdrop()}${shadow}<g id="car">${car}</g><use href="#car" transform="matrix(1 0 0 -1 0 ${2 * groundY})" opacity=".22" mask="url(#m)"/>`;
  return svg(800, 500, label, body);
}
