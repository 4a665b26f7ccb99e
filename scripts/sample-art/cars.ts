/**
 * The studio renderings of a sample car (scripts/sample-art/sample-art.ts): paint, wheels and the
 * front three-quarter, side, rear three-quarter and head-on views, 800×500.
 */
import { shapes, type Kind, type Shape } from './shapes.ts';
import {
  darken,
  lg,
  lighten,
  luma,
  mirror,
  mix,
  poly,
  pts,
  r1,
  r3,
  rg,
  rounded,
  smooth,
  svg,
  type Pt,
} from './svg-kit.ts';
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
