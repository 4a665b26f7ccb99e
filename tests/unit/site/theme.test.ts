import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { siteSchema } from '../../../src/content/site.ts';
import { contrastRatio } from '../../../src/lib/contrast.ts';
import {
  DARK_INK,
  LIGHT_INK,
  colourRoles,
  inkOn,
  readableOn,
  safeColour,
  themeStyle,
} from '../../../src/site/theme.ts';

const site = (theme?: Record<string, unknown>) =>
  siteSchema.parse({
    id: 1,
    slug: 'acme',
    name: 'Acme Cars',
    url: 'https://www.acmecars.com.au',
    country: 'AU',
    ...(theme ? { theme } : {}),
  });

/** The custom properties of a style attribute. */
const vars = (style: string) =>
  Object.fromEntries(
    style
      .split(';')
      .filter(Boolean)
      .map((d) => d.split(/:(.*)/s).slice(0, 2)),
  );

const hexColour = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255))
  .map(([r, g, b]) => '#' + [r, g, b].map((v) => v.toString(16).padStart(2, '0')).join(''));

describe('inkOn', () => {
  it('keeps white on a dark brand colour and switches to near-black on a light one', () => {
    expect(inkOn('#0b3d5c')).toBe(LIGHT_INK);
    expect(inkOn('#9b1b30')).toBe(LIGHT_INK);
    expect(inkOn('#ffd400')).toBe(DARK_INK);
    expect(inkOn('#14a3a3')).toBe(DARK_INK);
  });

  it('cannot measure a colour it does not parse', () => {
    expect(inkOn('var(--x)')).toBeUndefined();
    expect(inkOn('currentColor')).toBeUndefined();
  });

  it('always gives text that passes AA, or the better of the two inks', () => {
    fc.assert(
      fc.property(hexColour, (fill) => {
        const ink = inkOn(fill)!;
        const other = ink === LIGHT_INK ? DARK_INK : LIGHT_INK;
        const ratio = contrastRatio(ink, fill)!;
        expect(ratio >= 4.5 || ratio >= contrastRatio(other, fill)!).toBe(true);
      }),
    );
  });
});

describe('readableOn', () => {
  it('keeps a primary that already reads as text on white', () => {
    expect(readableOn('#0b3d5c')).toBe('#0b3d5c');
  });

  it('darkens a light primary until it reaches 4.5:1 on white, keeping its hue', () => {
    const text = readableOn('#ffd400')!;
    expect(text).not.toBe('#ffd400');
    expect(contrastRatio(text, '#ffffff')!).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(b!); // still a yellow-brown, not grey
    expect(g).toBeGreaterThan(b!);
  });

  it('reaches AA for any colour it can read', () => {
    fc.assert(
      fc.property(hexColour, (c) => {
        expect(contrastRatio(readableOn(c)!, '#ffffff')!).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

describe('themeStyle', () => {
  it('writes the dealer colours and the contrast-checked roles', () => {
    const v = vars(themeStyle(site({ primaryColor: '#ffd400', secondaryColor: '#14a3a3' })));
    expect(v['--color-primary']).toBe('#ffd400');
    expect(v['--color-on-primary']).toBe(DARK_INK);
    expect(contrastRatio(v['--color-primary-text'], '#fff')!).toBeGreaterThanOrEqual(4.5);
    expect(v['--color-secondary']).toBe('#14a3a3');
    expect(v['--color-accent']).toBe('#14a3a3');
    expect(v['--color-on-accent']).toBe(DARK_INK);
    expect(contrastRatio(v['--color-accent-text'], '#fff')!).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps white text and the colour itself for a dark primary (the samples)', () => {
    for (const primary of ['#0b3d5c', '#9b1b30', '#b01e2d']) {
      const v = vars(themeStyle(site({ primaryColor: primary })));
      expect(v['--color-on-primary']).toBe(LIGHT_INK);
      expect(v['--color-primary-text']).toBe(primary);
    }
  });

  it('passes a colour it cannot measure through, without roles it cannot vouch for', () => {
    const v = vars(themeStyle(site({ primaryColor: 'currentColor' })));
    expect(v['--color-primary']).toBe('currentColor');
    expect(v['--color-on-primary']).toBeUndefined();
    expect(v['--color-primary-text']).toBeUndefined();
  });

  it('writes nothing for a dealer without a theme', () => {
    expect(themeStyle(site())).toBe('');
    expect(colourRoles(undefined, undefined)).toEqual({});
  });

  it('puts the metric-matched fallback after a hosted font, and leaves other stacks as they are', () => {
    expect(vars(themeStyle(site({ fontFamily: "'Inter', system-ui, sans-serif" })))['--font-body']).toBe(
      "'Inter', 'Inter Fallback', system-ui, sans-serif",
    );
    expect(vars(themeStyle(site({ fontFamily: "'Helvetica Neue', Arial, sans-serif" })))['--font-body']).toBe(
      "'Helvetica Neue', Arial, sans-serif",
    );
  });

  it('drops values that could break out of the style attribute', () => {
    expect(safeColour('red;background:url(x)')).toBeUndefined();
    expect(themeStyle(site({ fontFamily: 'x;}body{display:none' }))).toBe('');
  });
});
