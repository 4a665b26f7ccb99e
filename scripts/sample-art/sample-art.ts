/**
 * Writes the sample dealers' artwork into public/samples/<slug>/: studio renderings of every car
 * in the snapshots (by body type and paint colour, from the front three-quarter, side, rear
 * three-quarter and head-on), interior and detail shots (dash, seats, wheel, cargo area, tray),
 * hero banners and staff portraits. Every file is a small hand-built SVG with its width, height
 * and viewBox set (car photos 800×500, 16:10).
 *
 *   npx tsx scripts/sample-art/sample-art.ts           write the artwork
 *   npx tsx scripts/sample-art/sample-art.ts --link    also point each car's photos at its set (cars.json)
 *
 * A car keeps an empty photo list when it has one (stock still waiting for its photo shoot).
 */
import { mkdirSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { WHEEL, carSvg, paintDefs, sideBody, type View } from './cars.ts';
import { kindOf, shapes, type Kind } from './shapes.ts';
import { SWATCHES, darken, lg, lighten, mix, r1, r3, rg, svg, swatchOf } from './svg-kit.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEALERS = path.join(ROOT, 'dealers');
const OUT = path.join(ROOT, 'public', 'samples');

// ---------------------------------------------------------------------------------------------
// Interior and detail shots (800×500)

function dashSvg(accent: string, classic: boolean): string {
  const defs = `<defs>${lg('ws', [
    [0, lighten(accent, 0.82)],
    [1, '#f4f6f8'],
  ])}${lg('dt', [
    [0, '#3a3d42'],
    [1, '#141518'],
  ])}${lg('sc', [
    [0, '#1d2c3d'],
    [1, '#0d141c'],
  ])}${lg(
    'sw',
    [
      [0, '#4a4e55'],
      [1, '#17181b'],
    ],
    1,
    1,
  )}${rg('gg', [
    [0, '#2f8cff', 0.9],
    [1, '#2f8cff', 0],
  ])}</defs>`;
  let o = `${defs}<rect width="800" height="500" fill="url(#ws)"/><path d="M0 0L120 0L40 300L0 330Z M800 0L690 0L770 300L800 330Z" fill="#222428"/>`;
  o += `<path d="M0 250Q400 170 800 250V500H0Z" fill="url(#dt)"/><path d="M0 262Q400 184 800 262" stroke="#55595f" stroke-width="3" fill="none"/>`;
  // Centre screen and vents.
  if (classic) {
    o += `<rect x="320" y="238" width="170" height="100" rx="8" fill="#0b0d10" stroke="#55595f" stroke-width="3"/><rect x="330" y="248" width="150" height="80" rx="4" fill="url(#sc)"/><path d="M340 300h60M340 312h90M340 270h40" stroke="#8fb6da" stroke-width="5" stroke-linecap="round"/><circle cx="455" cy="278" r="14" fill="none" stroke="#8fb6da" stroke-width="3"/>`;
  } else {
    o +=
      `<rect x="290" y="200" width="230" height="130" rx="12" fill="#0b0d10" stroke="#60656c" stroke-width="3"/><rect x="298" y="208" width="214" height="114" rx="6" fill="#dfe7ee"/>` +
      `<path d="M298 250L360 236L420 270L512 246M330 322L356 208M420 208L460 322" stroke="#fff" stroke-width="7" fill="none"/><path d="M330 300L372 262L418 268L470 222" stroke="#2f7df6" stroke-width="5" fill="none" stroke-linecap="round"/>` +
      `<circle cx="470" cy="222" r="6" fill="#e03a3a"/><rect x="298" y="208" width="44" height="114" fill="#1d2630" opacity=".92"/><path d="M310 226h20M310 250h20M310 274h20M310 298h20" stroke="#cfd8e0" stroke-width="6" stroke-linecap="round"/>`;
  }
  o += `<g fill="#111316" stroke="#4b4f55" stroke-width="2"><rect x="200" y="262" width="70" height="26" rx="6"/><rect x="540" y="262" width="70" height="26" rx="6"/></g><path d="M208 270h54M208 278h54M548 270h54M548 278h54" stroke="#3a3e44" stroke-width="3"/>`;
  // Climate controls and console.
  o += `<rect x="320" y="346" width="170" height="40" rx="10" fill="#1a1c20" stroke="#3d4147"/><circle cx="345" cy="366" r="13" fill="#2b2e33" stroke="#9aa0a6"/><circle cx="465" cy="366" r="13" fill="#2b2e33" stroke="#9aa0a6"/><path d="M375 366h60" stroke="#6b7178" stroke-width="6" stroke-dasharray="8 6"/>`;
  o += `<path d="M300 500L340 400H470L510 500Z" fill="#1d1f23"/><rect x="392" y="420" width="26" height="46" rx="10" fill="#3b3e44" stroke="#8a9097"/><circle cx="405" cy="420" r="14" fill="#50545a" stroke="#9aa0a6"/>`;
  // Cluster and steering wheel (right-hand drive).
  o += `<path d="M560 240Q640 200 730 240V300H560Z" fill="#0c0d10"/>`;
  if (classic)
    o += `<circle cx="610" cy="265" r="24" fill="#1b1d21" stroke="#c9ced3" stroke-width="2"/><circle cx="682" cy="265" r="24" fill="#1b1d21" stroke="#c9ced3" stroke-width="2"/><path d="M610 265l-14 -12M682 265l10 -15" stroke="#ff5a3a" stroke-width="3"/>`;
  else
    o += `<rect x="572" y="236" width="148" height="56" rx="8" fill="url(#sc)"/><path d="M588 280a26 26 0 0 1 52 0M652 280a26 26 0 0 1 52 0" stroke="#2f8cff" stroke-width="5" fill="none"/><ellipse cx="646" cy="262" rx="60" ry="20" fill="url(#gg)" opacity=".35"/>`;
  o +=
    `<circle cx="645" cy="380" r="128" fill="none" stroke="url(#sw)" stroke-width="26"/><path d="M530 390Q645 420 760 390M645 400V505" stroke="#26282c" stroke-width="30" fill="none"/>` +
    `<ellipse cx="645" cy="395" rx="46" ry="38" fill="#2a2c30" stroke="#50545a" stroke-width="3"/><ellipse cx="645" cy="395" rx="14" ry="9" fill="none" stroke="#b9bfc5" stroke-width="3"/><circle cx="588" cy="392" r="5" fill="#7a8087"/><circle cx="702" cy="392" r="5" fill="#7a8087"/>`;
  return svg(
    800,
    500,
    classic
      ? 'Dashboard with touchscreen and analogue instruments'
      : 'Dashboard with touchscreen navigation and digital instruments',
    o,
  );
}

function seatsSvg(accent: string, trim: 'cloth' | 'leather' | 'tan'): string {
  const base = trim === 'tan' ? '#9a6a43' : trim === 'leather' ? '#26272a' : '#3a3c40';
  const defs =
    `<defs>${lg('bk', [
      [0, lighten(accent, 0.7)],
      [1, '#c9ced3'],
    ])}${lg(
      'st',
      [
        [0, lighten(base, 0.28)],
        [0.5, base],
        [1, darken(base, 0.45)],
      ],
      1,
      0,
    )}${lg('cu', [
      [0, lighten(base, 0.18)],
      [1, darken(base, 0.3)],
    ])}` +
    (trim !== 'cloth'
      ? `<pattern id="pf" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="1.2" fill="${darken(base, 0.5)}"/></pattern>`
      : `<pattern id="pf" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 3h6" stroke="${darken(base, 0.25)}"/></pattern>`) +
    `</defs>`;
  let o = `${defs}<rect width="800" height="500" fill="url(#bk)"/><path d="M0 0H800V190Q400 150 0 190Z" fill="#2b2d31" opacity=".85"/><path d="M80 40H720L690 150H110Z" fill="#9fb3c4" opacity=".55"/>`;
  o += `<path d="M0 230H800V500H0Z" fill="${darken(base, 0.25)}"/><path d="M60 220Q400 200 740 220L760 300H40Z" fill="url(#cu)"/>`;
  for (const x of [230, 570]) {
    o +=
      `<g transform="translate(${x} 0)">` +
      `<rect x="-52" y="70" width="104" height="70" rx="26" fill="url(#st)"/><rect x="-40" y="140" width="14" height="30" fill="#8a9097"/><rect x="26" y="140" width="14" height="30" fill="#8a9097"/>` +
      `<path d="M-118 470L-130 220Q-128 160 -70 158H70Q128 160 130 220L118 470Z" fill="url(#st)"/>` +
      `<path d="M-70 470L-76 210Q-74 178 -40 176H40Q74 178 76 210L70 470Z" fill="url(#cu)"/><path d="M-70 470L-76 210Q-74 178 -40 176H40Q74 178 76 210L70 470Z" fill="url(#pf)" opacity=".8"/>` +
      `<path d="M-74 250H74M-72 320H72M-71 390H71" stroke="${darken(base, 0.4)}" stroke-width="3"/>` +
      `<path d="M-78 208L-74 470M78 208L74 470" stroke="${trim === 'tan' ? '#f1dcc4' : lighten(base, 0.35)}" stroke-width="2" stroke-dasharray="6 5"/>` +
      `<path d="M-40 96H40" stroke="${darken(base, 0.35)}" stroke-width="2"/></g>`;
  }
  o += `<path d="M345 500L350 330Q400 310 450 330L455 500Z" fill="#1e2024"/><rect x="360" y="330" width="80" height="40" rx="14" fill="url(#cu)"/><path d="M368 350h64" stroke="${trim === 'tan' ? '#f1dcc4' : '#6c7177'}" stroke-dasharray="5 4"/>`;
  return svg(
    800,
    500,
    `Front seats, ${trim === 'cloth' ? 'cloth' : trim === 'tan' ? 'tan leather' : 'black leather'} trim`,
    o,
  );
}

function wheelSvg(colour: string, accent: string): string {
  const defs = `<defs>${lg('bg', [
    [0, lighten(accent, 0.85)],
    [1, '#b9c0c7'],
  ])}${paintDefs(colour)}${WHEEL}${rg('disc', [
    [0, '#9aa1a8'],
    [0.7, '#6d747b'],
    [1, '#3e4349'],
  ])}</defs>`;
  let o = `${defs}<rect width="800" height="500" fill="url(#bg)"/><rect y="440" width="800" height="60" fill="#6f767d"/>`;
  o += `<rect width="800" height="440" fill="url(#p)"/><path d="M130 440A272 272 0 0 1 670 440Z" fill="#0c0d0f"/><path d="M118 440A284 284 0 0 1 682 440" fill="none" stroke="${darken(colour, 0.4)}" stroke-width="16"/>`;
  o += `<path d="M0 70Q400 30 800 70" stroke="#fff" stroke-opacity=".35" stroke-width="8" fill="none"/><path d="M0 440H800" stroke="#1f2226" stroke-width="10"/>`;
  o += `<circle cx="400" cy="290" r="218" fill="#0b0c0e"/><circle cx="400" cy="290" r="205" fill="#17191c"/><circle cx="400" cy="290" r="182" fill="none" stroke="#26292d" stroke-width="4"/>`;
  o += `<circle cx="400" cy="290" r="120" fill="url(#disc)"/><path d="M290 230Q300 190 340 175L352 200Q322 212 316 240Z" fill="#c8202b" stroke="#5a0d12"/>`;
  o += `<use href="#w" transform="translate(400 290) scale(200)" opacity=".98"/><ellipse cx="400" cy="500" rx="260" ry="30" fill="#000" opacity=".25"/>`;
  return svg(800, 500, 'Alloy wheel and brake', o);
}

function cargoSvg(accent: string, kind: 'cargo' | 'tray' | 'alloy-tray' | 'van-cargo'): string {
  const defs = `<defs>${lg('bg', [
    [0, lighten(accent, 0.82)],
    [1, '#cfd5db'],
  ])}${lg('cp', [
    [0, '#2a2c30'],
    [1, '#45484d'],
  ])}${lg('al', [
    [0, '#e3e7ea'],
    [1, '#9aa1a8'],
  ])}${lg('wd', [
    [0, '#b78a5b'],
    [1, '#8a6440'],
  ])}</defs>`;
  let o = `${defs}<rect width="800" height="500" fill="url(#bg)"/><rect y="420" width="800" height="80" fill="#a9b0b7"/>`;
  if (kind === 'cargo') {
    o +=
      `<path d="M90 60H710L740 440H60Z" fill="#3a3d42"/><path d="M70 40Q400 0 730 40L720 70Q400 36 80 70Z" fill="#2a2c30"/>` +
      `<path d="M160 110H640L680 400H120Z" fill="url(#cp)"/><path d="M190 120H610V220H190Z" fill="#2e3035" stroke="#1a1b1e"/><path d="M200 130h190v84H200ZM410 130h190v84H410Z" fill="#383b40"/>` +
      `<path d="M170 226H630" stroke="#5c6066" stroke-width="5"/><path d="M120 400H680V430H120Z" fill="#1c1e21"/><rect x="340" y="404" width="120" height="14" rx="4" fill="#6b7178"/>` +
      `<circle cx="170" cy="380" r="8" fill="#9aa0a6"/><circle cx="630" cy="380" r="8" fill="#9aa0a6"/><path d="M130 300L150 240M670 300L650 240" stroke="#55595f" stroke-width="10"/>`;
  } else if (kind === 'tray') {
    o +=
      `<path d="M110 150H690L730 400H70Z" fill="#1b1c1f"/><path d="M150 170H650L680 360H120Z" fill="#26282c"/>` +
      `<path d="${Array.from({ length: 9 }, (_, i) => `M${200 + i * 50} 172L${170 + i * 57} 360`).join('')}" stroke="#34363b" stroke-width="12"/>` +
      `<path d="M70 400H730L760 450H40Z" fill="#2b2d31"/><path d="M110 150L70 400M690 150L730 400" stroke="#8f959c" stroke-width="10"/><rect x="180" y="100" width="440" height="54" rx="6" fill="#2f3236"/><rect x="200" y="108" width="400" height="38" rx="4" fill="#3e5064"/>` +
      `<path d="M300 60H500L520 100H280Z" fill="#44474c"/><circle cx="150" cy="190" r="8" fill="#b9bfc5"/><circle cx="650" cy="190" r="8" fill="#b9bfc5"/>`;
  } else if (kind === 'alloy-tray') {
    o +=
      `<path d="M60 170H740L770 400H30Z" fill="url(#al)"/><path d="${Array.from({ length: 12 }, (_, i) => `M${90 + i * 56} 172L${50 + i * 63} 398`).join('')}" stroke="#b6bcc2" stroke-width="3"/>` +
      `<path d="M30 400H770V440H30Z" fill="#8f969d"/><path d="M60 170L30 400M740 170L770 400" stroke="#7d848b" stroke-width="14"/><rect x="120" y="40" width="560" height="130" fill="#aeb4ba" stroke="#7d848b" stroke-width="4"/>` +
      `<path d="M140 60H660M140 90H660M140 120H660M140 150H660" stroke="#878e95" stroke-width="6"/><rect x="60" y="436" width="40" height="20" fill="#c3121b"/><rect x="700" y="436" width="40" height="20" fill="#c3121b"/>`;
  } else {
    o +=
      `<path d="M40 40H760V440H40Z" fill="#dfe3e6"/><path d="M150 110H650V380H150Z" fill="#b8bfc6"/><path d="M150 110L40 40M650 110L760 40M150 380L40 440M650 380L760 440" stroke="#9aa1a8" stroke-width="3"/>` +
      `<path d="M150 380H650L760 440H40Z" fill="url(#wd)"/><path d="M40 440L150 380M180 440L250 380M330 440L360 380M470 440L450 380M620 440L550 380" stroke="#6b4b2e" stroke-width="2"/>` +
      `<path d="M180 140H620V350H180Z" fill="#9aa3ab"/><path d="M200 160h400v60H200Z" fill="#44505c"/><circle cx="80" cy="300" r="7" fill="#6b7178"/><circle cx="720" cy="300" r="7" fill="#6b7178"/><path d="M40 440h720" stroke="#222" stroke-width="6"/>`;
  }
  const label = {
    cargo: 'Cargo area with rear seats up',
    tray: 'Tub with bed liner',
    'alloy-tray': 'Alloy tray with headboard',
    'van-cargo': 'Load space with cargo barrier',
  }[kind];
  return svg(800, 500, label, o);
}

// ---------------------------------------------------------------------------------------------
// Banners (1600×600) and staff portraits (200×200)

function bannerSvg(scene: string, label: string, accent: string, carKind: Kind, carColour: string): string {
  const palettes: Record<
    string,
    { sky: [string, string]; far: string; mid: string; near: string; sun: string; sea?: string; night?: boolean }
  > = {
    coast: {
      sky: ['#7fc3ea', '#fdf1d8'],
      far: '#8fb3c4',
      mid: '#c9b57a',
      near: '#6f8f4f',
      sun: '#fff4c8',
      sea: '#2f86b4',
    },
    hills: { sky: ['#9ccfe8', '#eef6e6'], far: '#8fae8a', mid: '#6d9457', near: '#4e7a3d', sun: '#fff6d0' },
    city: { sky: ['#f6b28a', '#fbe6cf'], far: '#8a7f93', mid: '#5d5a6b', near: '#3a3a45', sun: '#ffe0a8' },
    service: { sky: ['#dfe5ea', '#f6f8f9'], far: '#c5ccd3', mid: '#aab3bb', near: '#8d979f', sun: '#ffffff' },
    bay: {
      sky: ['#86c4e6', '#fff3df'],
      far: '#9ab8c6',
      mid: '#d2bf86',
      near: '#7d9a58',
      sun: '#fff4c8',
      sea: '#2b7fae',
    },
    ranges: { sky: ['#a9cde6', '#f3efe2'], far: '#7f97a8', mid: '#5f7d63', near: '#44613f', sun: '#fff6d6' },
    road: { sky: ['#a8d8f0', '#fff6e0'], far: '#b5aa7c', mid: '#c8b26a', near: '#8a9a4f', sun: '#fff6d6' },
    workshop: { sky: ['#d9dfe4', '#f3f5f7'], far: '#c2c9d0', mid: '#a7b0b8', near: '#8b959e', sun: '#ffffff' },
    alps: { sky: ['#8ec5ec', '#eaf4fb'], far: '#eef3f7', mid: '#6f8ea6', near: '#5d7f4a', sun: '#fffbe6' },
    night: {
      sky: ['#0d1530', '#3a3b6b'],
      far: '#1f2747',
      mid: '#151b33',
      near: '#0d1122',
      sun: '#f3f0d8',
      night: true,
    },
    plains: { sky: ['#9fcbea', '#f6eed6'], far: '#a8b89a', mid: '#b9b06e', near: '#7f9a4e', sun: '#fff6d6' },
    porthills: { sky: ['#f0a77f', '#fde5c8'], far: '#9b8a86', mid: '#7a6f5c', near: '#5a6b45', sun: '#ffe0a8' },
  };
  const p = palettes[scene] ?? palettes.coast!;
  const indoor = scene === 'service' || scene === 'workshop';
  let defs =
    lg('sky', [
      [0, p.sky[0]],
      [1, p.sky[1]],
    ]) +
    lg('rd', [
      [0, '#4a4e55'],
      [1, '#2a2d31'],
    ]) +
    rg('sun', [
      [0, p.sun],
      [0.4, p.sun, 0.6],
      [1, p.sun, 0],
    ]) +
    lg('fog', [
      [0, '#fff', 0],
      [1, '#fff', 0.45],
    ]);
  let o = `<rect width="1600" height="600" fill="url(#sky)"/>`;
  if (indoor) {
    // A service bay: roller doors, a hoist and a clean epoxy floor.
    o +=
      `<rect y="0" width="1600" height="70" fill="#5b636b"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${40 + i * 260}" y="90" width="220" height="300" fill="#e9edf0" stroke="#b6bdc4" stroke-width="4"/><path d="${Array.from({ length: 9 }, (_, j) => `M${40 + i * 260} ${120 + j * 30}h220`).join('')}" stroke="#cdd3d8" stroke-width="3"/>`).join('')}` +
      `<rect y="390" width="1600" height="210" fill="#8d979f"/><path d="M0 390H1600" stroke="#f2c230" stroke-width="8"/><path d="M200 600L420 390M1400 600L1180 390" stroke="#f2c230" stroke-width="6"/>` +
      `<rect x="1250" y="180" width="24" height="220" fill="${accent}"/><rect x="1560" y="180" width="24" height="220" fill="${accent}"/><rect x="1250" y="170" width="334" height="14" fill="#4a4f55"/><rect x="1290" y="230" width="250" height="120" rx="10" fill="#3c4248"/><path d="M1300 260h230M1300 290h230M1300 320h230" stroke="#5c646c" stroke-width="6"/>`;
  } else {
    o += `<circle cx="1250" cy="${p.night ? 120 : 150}" r="${p.night ? 60 : 160}" fill="url(#sun)"/>`;
    if (p.night)
      o += Array.from(
        { length: 40 },
        (_, i) =>
          `<circle cx="${(i * 397) % 1600}" cy="${(i * 131) % 300}" r="${1 + (i % 3) * 0.6}" fill="#fff" opacity=".7"/>`,
      ).join('');
    const peaks = scene === 'alps' || scene === 'ranges';
    o += peaks
      ? `<path d="M0 330L160 200L260 260L420 120L560 250L700 170L860 280L1040 140L1200 260L1360 180L1600 300V600H0Z" fill="${p.far}"/><path d="M420 120L470 170L440 165L400 190L380 150ZM1040 140L1090 190L1050 185L1010 205L1000 170Z" fill="#fff" opacity=".9"/>`
      : `<path d="M0 360C200 300 380 320 560 350S980 290 1180 330S1460 300 1600 330V600H0Z" fill="${p.far}"/>`;
    if (scene === 'city')
      o += Array.from(
        { length: 18 },
        (_, i) =>
          `<rect x="${80 + i * 82}" y="${250 - ((i * 53) % 120)}" width="60" height="${150 + ((i * 53) % 120)}" fill="#6f6a80" opacity=".8"/>`,
      ).join('');
    if (p.sea)
      o += `<path d="M0 380H1600V440H0Z" fill="${p.sea}"/><path d="M100 400h140M500 415h200M900 398h160M1300 420h180" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>`;
    o += `<path d="M0 420C300 380 620 400 900 420S1400 390 1600 410V600H0Z" fill="${p.mid}"/><rect y="380" width="1600" height="80" fill="url(#fog)"/><path d="M0 470C400 440 1000 450 1600 460V600H0Z" fill="${p.near}"/>`;
  }
  o += `<path d="M0 520C500 500 1100 500 1600 510V600H0Z" fill="url(#rd)"/><path d="M80 556H240M420 550H580M760 546H920M1100 548H1260M1420 552H1560" stroke="#f5f1e6" stroke-width="6" opacity="${indoor ? 0 : 1}"/>`;
  // A car on the road, lit from the sky.
  const s = shapes(carKind);
  const k = 0.62 * (640 / s.L);
  defs += paintDefs(carColour) + WHEEL;
  o += `<ellipse cx="560" cy="542" rx="${r1(s.L * k * 0.62)}" ry="20" fill="url(#sh)"/><g transform="translate(${r1(560 - (s.L * k) / 2)} 540) scale(${r3(k)})">${sideBody(s, carColour)}</g>`;
  if (p.night) o += `<path d="M${r1(560 - (s.L * k) / 2)} 500L200 470L200 560Z" fill="#fff6c8" opacity=".25"/>`;
  return svg(1600, 600, label, `<defs>${defs}</defs>${o}`);
}

interface Person {
  skin: string;
  hair: string;
  style: 'short' | 'side' | 'long' | 'bun' | 'curly' | 'bald' | 'bob' | 'ponytail';
  top: string;
  glasses?: boolean;
  beard?: boolean;
}

function portraitSvg(name: string, p: Person, accent: string): string {
  const defs = `<defs>${rg(
    'bg',
    [
      [0, lighten(accent, 0.55)],
      [1, accent],
    ],
    ' cx=".5" cy=".35" r=".8"',
  )}${lg(
    'sk',
    [
      [0, lighten(p.skin, 0.12)],
      [1, darken(p.skin, 0.12)],
    ],
    1,
    1,
  )}${lg('tp', [
    [0, lighten(p.top, 0.15)],
    [1, darken(p.top, 0.25)],
  ])}<clipPath id="c"><circle cx="100" cy="100" r="100"/></clipPath></defs>`;
  const hair = p.hair,
    sk = 'url(#sk)';
  let back = '',
    front = '';
  switch (p.style) {
    case 'long':
      back = `<path d="M52 92Q50 40 100 36Q150 40 148 92L154 170H46Z" fill="${hair}"/>`;
      front = `<path d="M58 84Q62 46 100 44Q140 46 142 84Q120 62 96 66Q76 70 58 84Z" fill="${hair}"/>`;
      break;
    case 'bob':
      back = `<path d="M54 90Q52 40 100 38Q148 40 146 90L148 128Q130 136 120 128H80Q70 136 52 128Z" fill="${hair}"/>`;
      front = `<path d="M58 86Q60 46 100 44Q140 46 142 86Q128 64 100 62Q70 64 58 86Z" fill="${hair}"/>`;
      break;
    case 'bun':
      back = `<circle cx="100" cy="32" r="17" fill="${hair}"/>`;
      front = `<path d="M60 82Q60 44 100 42Q140 44 140 82Q124 58 100 58Q76 58 60 82Z" fill="${hair}"/>`;
      break;
    case 'ponytail':
      back = `<path d="M132 60Q162 80 150 130Q146 100 128 86Z" fill="${hair}"/>`;
      front = `<path d="M60 82Q60 44 100 42Q140 44 140 82Q124 58 100 58Q76 58 60 82Z" fill="${hair}"/>`;
      break;
    case 'curly':
      front = Array.from({ length: 11 }, (_, i) => {
        const a = Math.PI * (0.95 + (i / 10) * 1.1);
        return `<circle cx="${r1(100 + Math.cos(a) * 40)}" cy="${r1(74 + Math.sin(a) * 34)}" r="15" fill="${hair}"/>`;
      }).join('');
      break;
    case 'side':
      front = `<path d="M60 80Q58 42 100 40Q142 42 140 80L136 70Q120 54 84 60Q70 64 62 80Z" fill="${hair}"/>`;
      break;
    case 'short':
      front = `<path d="M61 78Q62 44 100 43Q138 44 139 78Q132 60 100 58Q68 60 61 78Z" fill="${hair}"/>`;
      break;
    case 'bald':
      front = `<path d="M61 86Q60 70 64 64M139 86Q140 70 136 64" stroke="${hair}" stroke-width="6" fill="none"/>`;
      break;
  }
  let face = `<ellipse cx="60" cy="94" rx="7" ry="11" fill="${p.skin}"/><ellipse cx="140" cy="94" rx="7" ry="11" fill="${p.skin}"/><path d="M60 80Q60 44 100 44Q140 44 140 80V100Q140 138 100 140Q60 138 60 100Z" fill="${sk}"/>`;
  if (p.beard)
    face += `<path d="M62 100Q66 142 100 144Q134 142 138 100Q130 124 100 126Q70 124 62 100Z" fill="${p.hair}" opacity=".9"/>`;
  face +=
    `<path d="M76 84q8 -5 16 0M108 84q8 -5 16 0" stroke="${darken(p.hair, 0.1)}" stroke-width="3.5" fill="none" stroke-linecap="round"/><ellipse cx="84" cy="95" rx="4" ry="4.5" fill="#2a1e18"/><ellipse cx="116" cy="95" rx="4" ry="4.5" fill="#2a1e18"/><circle cx="85.5" cy="93.5" r="1.3" fill="#fff"/><circle cx="117.5" cy="93.5" r="1.3" fill="#fff"/>` +
    `<path d="M100 98q-4 12 -1 16q3 1 6 -1" stroke="${darken(p.skin, 0.25)}" stroke-width="2" fill="none"/><path d="M86 121Q100 132 114 121Q100 126 86 121Z" fill="#fff" stroke="${darken(p.skin, 0.35)}" stroke-width="2"/><ellipse cx="74" cy="110" rx="7" ry="4" fill="#e8837a" opacity=".22"/><ellipse cx="126" cy="110" rx="7" ry="4" fill="#e8837a" opacity=".22"/>`;
  if (p.glasses)
    face += `<g fill="none" stroke="#2b2b2b" stroke-width="2.5"><rect x="71" y="86" width="25" height="18" rx="7"/><rect x="104" y="86" width="25" height="18" rx="7"/><path d="M96 94h8"/></g>`;
  const body = `<path d="M88 132V152H112V132Z" fill="${darken(p.skin, 0.12)}"/><path d="M30 210Q32 162 80 150L100 168L120 150Q168 162 170 210Z" fill="url(#tp)"/><path d="M80 150L100 180L120 150L112 146L100 166L88 146Z" fill="#fff"/><path d="M82 150L100 190L118 150" fill="none" stroke="${darken(p.top, 0.35)}" stroke-width="2"/><rect x="126" y="170" width="22" height="7" rx="2" fill="${accent}"/>`;
  return svg(
    200,
    200,
    name,
    `${defs}<g clip-path="url(#c)"><rect width="200" height="200" fill="url(#bg)"/>${back}${body}${face}${front}</g>`,
  );
}

const SKIN = ['#f3d3bd', '#eac0a0', '#d9a27d', '#c68a62', '#a56a45', '#7d4f33', '#5a3825'];
const HAIR = {
  black: '#1d1a19',
  brown: '#4a3121',
  chestnut: '#6b3f24',
  blonde: '#c9a15a',
  auburn: '#8a3b1d',
  grey: '#9a9a98',
  dark: '#2d2420',
};

/** Portrait looks by staff slug (fictional people). */
const PEOPLE: Record<string, Person> = {
  'andrew-whitfield': { skin: SKIN[0]!, hair: HAIR.grey, style: 'side', top: '#2d3b4f', glasses: true },
  'priya-raman': { skin: SKIN[4]!, hair: HAIR.black, style: 'long', top: '#6b2a4a' },
  'tom-brennan': { skin: SKIN[1]!, hair: HAIR.brown, style: 'short', top: '#1f4e79', beard: true },
  'jasmine-ko': { skin: SKIN[1]!, hair: HAIR.black, style: 'bob', top: '#3a3f46' },
  'daniel-okafor': { skin: SKIN[6]!, hair: HAIR.black, style: 'bald', top: '#24446b', beard: true },
  'ella-fairweather': { skin: SKIN[0]!, hair: HAIR.blonde, style: 'ponytail', top: '#2f6f6f' },
  'graham-pettit': { skin: SKIN[1]!, hair: HAIR.grey, style: 'bald', top: '#4a4f57', glasses: true },
  'josh-tait': { skin: SKIN[2]!, hair: HAIR.chestnut, style: 'short', top: '#0b3d5c' },
  'karen-boyd': { skin: SKIN[0]!, hair: HAIR.auburn, style: 'bob', top: '#5b3b6e', glasses: true },
  'luke-harrington': { skin: SKIN[1]!, hair: HAIR.blonde, style: 'side', top: '#34495e' },
  'mei-lin-zhou': { skin: SKIN[1]!, hair: HAIR.black, style: 'bun', top: '#1d5c63' },
  'nathan-cole': { skin: SKIN[5]!, hair: HAIR.black, style: 'curly', top: '#2c3e50' },
  'ryan-delaney': { skin: SKIN[0]!, hair: HAIR.auburn, style: 'short', top: '#3b5a2f', beard: true },
  'sophie-marchetti': { skin: SKIN[2]!, hair: HAIR.dark, style: 'long', top: '#8a2a3a' },
  'ben-sandhu': { skin: SKIN[4]!, hair: HAIR.black, style: 'short', top: '#26282c', beard: true },
  'craig-walsh': { skin: SKIN[0]!, hair: HAIR.grey, style: 'short', top: '#9b1b30' },
  'hannah-lowe': { skin: SKIN[0]!, hair: HAIR.chestnut, style: 'long', top: '#3b3f46' },
  'julie-brooks': { skin: SKIN[1]!, hair: HAIR.blonde, style: 'bob', top: '#6a2233', glasses: true },
  'mark-dwyer': { skin: SKIN[2]!, hair: HAIR.brown, style: 'side', top: '#2b2d31' },
  'olivia-grant': { skin: SKIN[5]!, hair: HAIR.black, style: 'curly', top: '#9b1b30' },
  'sam-papadopoulos': { skin: SKIN[2]!, hair: HAIR.black, style: 'curly', top: '#1a1a1a', beard: true },
  'tegan-muir': { skin: SKIN[0]!, hair: HAIR.auburn, style: 'ponytail', top: '#4a4f57' },
  'anjali-sharma': { skin: SKIN[4]!, hair: HAIR.black, style: 'bun', top: '#b01e2d' },
  'aroha-ngata': { skin: SKIN[3]!, hair: HAIR.dark, style: 'long', top: '#1b1d20' },
  'hamish-mcleod': { skin: SKIN[0]!, hair: HAIR.auburn, style: 'side', top: '#2e4a3b', beard: true },
  'kiri-walker': { skin: SKIN[3]!, hair: HAIR.black, style: 'curly', top: '#5a2030' },
  'liam-oconnor': { skin: SKIN[0]!, hair: HAIR.brown, style: 'short', top: '#1f3550', glasses: true },
  'stuart-finlay': { skin: SKIN[1]!, hair: HAIR.grey, style: 'bald', top: '#3c4047', beard: true },
};

const BANNERS: Record<string, [string, string, Kind, string][]> = {
  'coastal-motor-group': [
    ['coast', 'Central Coast beach road', 'suv', '#f1f2f0'],
    ['city', 'Gosford waterfront at sunset', 'sedan', '#b9bec3'],
    ['hills', 'Hinterland drive', 'ute', '#8a6a4a'],
    ['service', 'Coastal service centre workshop', 'suv', '#1f4f9c'],
  ],
  'ridgeline-mazda': [
    ['bay', 'Corio Bay foreshore', 'suv', '#9c0f1e'],
    ['ranges', 'Otway Ranges road', 'suv-large', '#f4f1ea'],
    ['road', 'Surf Coast road', 'hatch', '#9c0f1e'],
    ['workshop', 'Ridgeline Mazda service bay', 'suv', '#4a4f55'],
  ],
  'tasman-motors': [
    ['alps', 'Southern Alps highway', 'suv', '#9c0f1e'],
    ['night', 'Christchurch by night', 'suv-large', '#17191c'],
    ['plains', 'Canterbury Plains', 'ute', '#1f4f9c'],
    ['porthills', 'Port Hills at dusk', 'suv', '#f4f1ea'],
  ],
};

// ---------------------------------------------------------------------------------------------
// Photo sets

interface CarRecord {
  id: number;
  slug: string;
  make: string;
  model: string;
  year: number;
  price: number;
  car_type: string;
  simple_body?: string;
  colour?: string;
  photos?: string[];
  photos_count: number;
  status?: string;
  badge?: string;
}

const VIEW_LABEL: Record<View, string> = {
  front: 'front three-quarter view',
  side: 'side view',
  rear: 'rear three-quarter view',
  head: 'front view',
};

const KIND_LABEL: Record<Kind, string> = {
  hatch: 'hatchback',
  sedan: 'sedan',
  wagon: 'wagon',
  'suv-small': 'small SUV',
  suv: 'SUV',
  'suv-large': 'large SUV',
  ute: 'dual-cab ute',
  'cab-chassis': 'cab-chassis ute with alloy tray',
  van: 'van',
  mpv: 'people mover',
  roadster: 'roadster',
};
function artLabel(kind: Kind, sw: string, view: View) {
  const c = sw.replace(/-/g, ' ');
  return `${c[0]!.toUpperCase()}${c.slice(1)} ${KIND_LABEL[kind]}, ${VIEW_LABEL[view]}`;
}

export function carFile(kind: Kind, swatch: string, view: View) {
  return `car-${kind}-${swatch}-${view}.svg`;
}

/** The photo files of a car, in gallery order: 5 to 8, by how the car is sold. */
export function photoSet(dealerSlug: string, car: CarRecord): string[] {
  const kind = kindOf(car),
    sw = swatchOf(car.colour);
  const u = (f: string) => `/samples/${dealerSlug}/${f}`;
  const cargo =
    kind === 'ute'
      ? 'detail-tray.svg'
      : kind === 'cab-chassis'
        ? 'detail-alloy-tray.svg'
        : kind === 'van'
          ? 'detail-van-cargo.svg'
          : 'detail-cargo.svg';
  const premium =
    car.price >= 50000 ||
    /gt|akera|azami|astina|vrx|xse|elite|highlander|sx|gxl|cruiser|rogue|wildtrak|exceed|touring|premium|koba/i.test(
      car.badge ?? '',
    );
  const seats = premium
    ? /azami|gt|rogue|elite|highlander|cruiser|koba/i.test(car.badge ?? '') && car.id % 2
      ? 'detail-seats-tan.svg'
      : 'detail-seats-leather.svg'
    : 'detail-seats.svg';
  const dash = car.year <= 2018 ? 'detail-dash-classic.svg' : 'detail-dash.svg';
  const set = [
    u(carFile(kind, sw, 'front')),
    u(carFile(kind, sw, 'side')),
    u(carFile(kind, sw, 'rear')),
    u(dash),
    u(seats),
  ];
  const n = car.car_type === 'new' ? 8 : car.car_type === 'demo' ? 7 : car.price >= 25000 ? 7 : car.id % 2 ? 6 : 5;
  const extra = [u(`detail-wheel-${sw}.svg`), u(cargo), u(carFile(kind, sw, 'head'))];
  if (kind === 'roadster') {
    extra[1] = u(carFile(kind, sw, 'head'));
    extra.pop();
  }
  return set.concat(extra).slice(0, n);
}

// ---------------------------------------------------------------------------------------------

function main() {
  const link = process.argv.includes('--link');
  let total = 0,
    files = 0;
  const write = (dir: string, name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    total += text.length;
    files++;
  };
  for (const dealer of readdirSync(DEALERS, { withFileTypes: true })) {
    if (!dealer.isDirectory() || /^[_.]/.test(dealer.name)) continue;
    const d = dealer.name;
    const site = JSON.parse(readFileSync(path.join(DEALERS, d, 'site.json'), 'utf8')) as {
      theme?: { primaryColor?: string; secondaryColor?: string };
    };
    const accent = site.theme?.primaryColor ?? '#34495e';
    const studioTint = mix(site.theme?.secondaryColor ?? accent, '#7f8c99', 0.5);
    const dir = path.join(OUT, d);
    mkdirSync(dir, { recursive: true });
    const carsPath = path.join(DEALERS, d, 'cars.json');
    const cars = JSON.parse(readFileSync(carsPath, 'utf8')) as CarRecord[];
    // The car renderings and wheel shots that the photo sets use.
    const needed = new Map<string, () => string>();
    for (const car of cars) {
      if (car.photos_count === 0) continue;
      const kind = kindOf(car),
        sw = swatchOf(car.colour),
        colour = SWATCHES[sw]!;
      for (const url of photoSet(d, car)) {
        const f = path.basename(url);
        const view = /^car-.*-(front|side|rear|head)\.svg$/.exec(f)?.[1] as View | undefined;
        if (view) needed.set(f, () => carSvg(kind, colour, view, studioTint, artLabel(kind, sw, view)));
        else if (f.startsWith('detail-wheel-')) needed.set(f, () => wheelSvg(colour, studioTint));
        else if (DETAILS[f]) needed.set(f, () => DETAILS[f]!(studioTint));
      }
      if (link) {
        car.photos = photoSet(d, car);
        car.photos_count = car.photos.length;
      }
    }
    for (const [f, make] of needed) write(dir, f, make());
    for (const [scene, label, kind, colour] of BANNERS[d] ?? [])
      write(dir, `banner-${scene}.svg`, bannerSvg(scene, label, accent, kind, colour));
    // Legacy single images used by models, offers and pages: the front three-quarter view.
    for (const [legacy, kind, sw] of LEGACY[d] ?? [])
      write(dir, legacy, carSvg(kind, SWATCHES[sw]!, 'front', studioTint, artLabel(kind, sw, 'front')));
    const teamPath = path.join(DEALERS, d, 'team.json');
    const team = JSON.parse(readFileSync(teamPath, 'utf8')) as { slug: string; name: string; avatar_url?: string }[];
    for (const m of team) {
      if (!m.avatar_url?.startsWith(`/samples/${d}/`)) continue;
      const person = PEOPLE[m.slug];
      if (!person) {
        console.warn(`no portrait look for ${m.slug}`);
        continue;
      }
      write(dir, path.basename(m.avatar_url), portraitSvg(m.name, person, accent));
    }
    if (link) writeFileSync(carsPath, JSON.stringify(cars, null, 2) + '\n');
  }
  console.log(`${files} files, ${(total / 1024).toFixed(0)} KB`);
}

/** The interior and detail shots, by file name. */
const DETAILS: Record<string, (tint: string) => string> = {
  'detail-dash.svg': (t) => dashSvg(t, false),
  'detail-dash-classic.svg': (t) => dashSvg(t, true),
  'detail-seats.svg': (t) => seatsSvg(t, 'cloth'),
  'detail-seats-leather.svg': (t) => seatsSvg(t, 'leather'),
  'detail-seats-tan.svg': (t) => seatsSvg(t, 'tan'),
  'detail-cargo.svg': (t) => cargoSvg(t, 'cargo'),
  'detail-tray.svg': (t) => cargoSvg(t, 'tray'),
  'detail-alloy-tray.svg': (t) => cargoSvg(t, 'alloy-tray'),
  'detail-van-cargo.svg': (t) => cargoSvg(t, 'van-cargo'),
};

/** Older single-image names that models, offers and pages point at. */
const LEGACY: Record<string, [string, Kind, string][]> = {
  'coastal-motor-group': [
    ['car-coupe-black.svg', 'roadster', 'black'],
    ['car-hatch-red.svg', 'hatch', 'red'],
    ['car-sedan-silver.svg', 'sedan', 'silver'],
    ['car-suv-blue.svg', 'suv', 'blue'],
    ['car-suv-grey.svg', 'suv', 'graphite'],
    ['car-suv-white.svg', 'suv', 'white'],
    ['car-ute-orange.svg', 'ute', 'orange'],
    ['car-ute-white.svg', 'ute', 'white'],
    ['car-van-silver.svg', 'mpv', 'silver'],
    ['car-wagon-green.svg', 'wagon', 'green'],
  ],
  'ridgeline-mazda': [
    ['car-coupe-red.svg', 'roadster', 'soul-red'],
    ['car-hatch-red.svg', 'hatch', 'soul-red'],
    ['car-sedan-grey.svg', 'sedan', 'graphite'],
    ['car-suv-black.svg', 'suv-large', 'black'],
    ['car-suv-blue.svg', 'suv', 'deep-blue'],
    ['car-suv-red.svg', 'suv', 'soul-red'],
    ['car-suv-white.svg', 'suv', 'pearl-white'],
    ['car-ute-grey.svg', 'ute', 'grey'],
  ],
  'tasman-motors': [
    ['car-hatch-silver.svg', 'hatch', 'silver'],
    ['car-suv-grey.svg', 'suv', 'graphite'],
    ['car-suv-red.svg', 'suv', 'soul-red'],
    ['car-suv-white.svg', 'suv', 'pearl-white'],
    ['car-ute-blue.svg', 'ute', 'blue'],
    ['car-ute-white.svg', 'ute', 'white'],
  ],
};

main();
