import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  ARIAL_AVG_WIDTH,
  CHAR_FREQUENCY,
  FONT_WEIGHTS,
  HOSTED_FONTS,
  averageWidth,
  fallbackOverrides,
  fontStackFamilies,
  hostedFamily,
  themeFonts,
  withFallback,
} from '../../../src/lib/fonts.ts';

/** The tables of a WOFF 1 file (the same font as the woff2 we serve, easier to read here). */
function woffTables(file: string): Record<string, Buffer> {
  const buf = readFileSync(file);
  expect(buf.toString('latin1', 0, 4)).toBe('wOFF');
  const tables: Record<string, Buffer> = {};
  for (let i = 0; i < buf.readUInt16BE(12); i++) {
    const o = 44 + i * 20;
    const tag = buf.toString('latin1', o, o + 4);
    const offset = buf.readUInt32BE(o + 4);
    const length = buf.readUInt32BE(o + 8);
    const raw = buf.subarray(offset, offset + length);
    tables[tag] = length < buf.readUInt32BE(o + 12) ? inflateSync(raw) : raw;
  }
  return tables;
}

/** Glyph index of a BMP character from a format 4 cmap subtable. */
function glyphOf(cmap: Buffer, code: number): number {
  let sub = -1;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    if ((platform === 3 && encoding === 1) || (sub < 0 && platform === 0)) sub = cmap.readUInt32BE(8 + i * 8);
  }
  expect(cmap.readUInt16BE(sub)).toBe(4);
  const segX2 = cmap.readUInt16BE(sub + 6);
  const ends = sub + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const ranges = deltas + segX2;
  for (let s = 0; s < segX2 / 2; s++) {
    if (code > cmap.readUInt16BE(ends + s * 2)) continue;
    const start = cmap.readUInt16BE(starts + s * 2);
    if (code < start) return 0;
    const delta = cmap.readInt16BE(deltas + s * 2);
    const range = cmap.readUInt16BE(ranges + s * 2);
    if (!range) return (code + delta) & 0xffff;
    const g = cmap.readUInt16BE(ranges + s * 2 + range + (code - start) * 2);
    return g ? (g + delta) & 0xffff : 0;
  }
  return 0;
}

function metricsOf(file: string) {
  const t = woffTables(file);
  const unitsPerEm = t.head!.readUInt16BE(18);
  const numberOfHMetrics = t.hhea!.readUInt16BE(34);
  const advances: Record<string, number> = {};
  for (const ch of Object.keys(CHAR_FREQUENCY)) {
    const g = Math.min(glyphOf(t.cmap!, ch.codePointAt(0)!), numberOfHMetrics - 1);
    advances[ch] = t.hmtx!.readUInt16BE(g * 4);
  }
  return {
    unitsPerEm,
    ascent: t.hhea!.readInt16BE(4),
    descent: -t.hhea!.readInt16BE(6),
    lineGap: t.hhea!.readInt16BE(8),
    avgWidth: averageWidth(advances, unitsPerEm),
  };
}

const FILES: Record<string, string> = {
  inter: 'node_modules/@fontsource/inter/files/inter-latin-400-normal.woff',
  'source sans 3': 'node_modules/@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff',
};

describe('hosted font metrics', () => {
  it.each(Object.keys(HOSTED_FONTS))('%s: the stored metrics are those of the installed font file', (key) => {
    const read = metricsOf(FILES[key]!);
    const stored = HOSTED_FONTS[key]!.metrics;
    expect({ ...stored, avgWidth: undefined }).toEqual({ ...read, avgWidth: undefined });
    expect(stored.avgWidth).toBeCloseTo(read.avgWidth, 3);
  });

  it('scales the Arial fallback to the web font (Inter is wider than Arial, Source Sans 3 narrower)', () => {
    const inter = fallbackOverrides(HOSTED_FONTS.inter!.metrics);
    expect(parseFloat(inter.sizeAdjust)).toBeGreaterThan(104);
    expect(parseFloat(inter.sizeAdjust)).toBeLessThan(110);
    // Inter's ascent is 1984/2048 of its em; the override is that divided by the scale.
    expect(parseFloat(inter.ascentOverride)).toBeCloseTo((1984 / 2048 / (0.4805 / ARIAL_AVG_WIDTH)) * 100, 1);
    expect(inter.lineGapOverride).toBe('0.00%');
    const source = fallbackOverrides(HOSTED_FONTS['source sans 3']!.metrics);
    expect(parseFloat(source.sizeAdjust)).toBeLessThan(100);
  });
});

describe('font stacks', () => {
  it('reads the families of a stack, unquoted', () => {
    expect(fontStackFamilies(`'Source Sans 3', Arial, "Helvetica Neue", sans-serif`)).toEqual([
      'Source Sans 3',
      'Arial',
      'Helvetica Neue',
      'sans-serif',
    ]);
  });

  it('hosts a family only when the dealer chose it first', () => {
    expect(hostedFamily("'Inter', system-ui, sans-serif")?.family).toBe('Inter');
    expect(hostedFamily('inter')?.family).toBe('Inter');
    expect(hostedFamily("'Source Sans 3', Arial, sans-serif")?.family).toBe('Source Sans 3');
    expect(hostedFamily("'Helvetica Neue', Arial, sans-serif")).toBeUndefined();
    expect(hostedFamily('Arial, Inter, sans-serif')).toBeUndefined();
    expect(hostedFamily(undefined)).toBeUndefined();
  });

  it('inserts the fallback face once, right after the web font', () => {
    expect(withFallback("'Inter', system-ui, sans-serif", 'Inter')).toBe(
      "'Inter', 'Inter Fallback', system-ui, sans-serif",
    );
    expect(withFallback("'Inter', 'Inter Fallback', sans-serif", 'Inter')).toBe(
      "'Inter', 'Inter Fallback', sans-serif",
    );
  });
});

describe('themeFonts', () => {
  it('gives a hosted family its own faces only: latin 400/600/700, swap, woff2', () => {
    const fonts = themeFonts("'Source Sans 3', Arial, sans-serif")!;
    const faces = fonts.css.match(/@font-face\{[^}]*\}/g)!;
    const web = faces.filter((f) => f.includes("font-family:'Source Sans 3';"));
    expect(web.map((f) => /font-weight:(\d+)/.exec(f)![1])).toEqual(FONT_WEIGHTS.map(String));
    for (const f of web) {
      expect(f).toContain('font-display:swap');
      expect(f).toMatch(/src:url\("[^"]*source-sans-3-latin-\d00-normal[^"]*\.woff2"\) format\('woff2'\)/);
      expect(f).toContain('unicode-range:U+0000-00FF');
    }
    expect(fonts.css).not.toMatch(/inter-latin/i);
    expect(fonts.preloads).toHaveLength(3);
    for (const [i, w] of ['400', '600', '700'].entries())
      expect(fonts.preloads[i]).toMatch(new RegExp(`source-sans-3-latin-${w}-normal.*\\.woff2$`));
    expect(fonts.stack).toBe("'Source Sans 3', 'Source Sans 3 Fallback', Arial, sans-serif");
  });

  it('adds a metric-matched local Arial face under the fallback name, regular and bold', () => {
    const fonts = themeFonts("'Inter', system-ui, sans-serif")!;
    const fallback = fonts.css.match(/@font-face\{font-family:'Inter Fallback';[^}]*\}/g)!;
    expect(fallback).toHaveLength(2);
    const o = fallbackOverrides(HOSTED_FONTS.inter!.metrics);
    for (const f of fallback) {
      expect(f).toContain("local('Arial')".replace('Arial', f.includes('font-weight:700') ? 'Arial Bold' : 'Arial'));
      expect(f).toContain(`size-adjust:${o.sizeAdjust}`);
      expect(f).toContain(`ascent-override:${o.ascentOverride}`);
      expect(f).toContain(`descent-override:${o.descentOverride}`);
      expect(f).toContain(`line-gap-override:${o.lineGapOverride}`);
      expect(f).not.toContain('url(');
    }
  });

  it('loads nothing for a family we do not host', () => {
    expect(themeFonts("'Helvetica Neue', Arial, sans-serif")).toBeUndefined();
    expect(themeFonts(undefined)).toBeUndefined();
    expect(themeFonts('')).toBeUndefined();
  });
});
