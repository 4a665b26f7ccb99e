import { describe, expect, it } from 'vitest';
import { colourValue, rgbToHsl } from '../../../src/content/colour-values.ts';
import { isCssColour } from '../../../src/content/colour.ts';
import { contrastRatio } from '../../../src/lib/contrast.ts';
import { brandRoles, colourRoles, SOFT, SURFACE } from '../../../src/site/theme.ts';
import { accessibleShade, inkFor, opaqueHex, tint } from '../../../src/site/theme-shade.ts';

/** Hue (degrees) and saturation of a colour. */
function hs(colour: string): [number, number] {
  const v = colourValue(colour)!;
  const [h, s] = rgbToHsl(v.r, v.g, v.b);
  return [h, s];
}

/** Degrees between two hues, round the circle. */
const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

const DARK = '#1b1d20';
const LIGHT_BACKGROUNDS = [SURFACE, SOFT];

describe('accessibleShade on the light surfaces', () => {
  it.each([
    ['yellow', '#f5b400'],
    ['light sand', '#e8d9b5'],
    ['pale blue', '#a8d8f0'],
    ['a named colour', 'gold'],
    ['rgb()', 'rgb(245 180 0)'],
    ['legacy rgba()', 'rgba(168, 216, 240, 1)'],
    ['hsl()', 'hsl(199 70% 80%)'],
    ['legacy hsl()', 'hsl(44, 100%, 48%)'],
  ])('darkens %s (%s) to 4.5:1 on white and the soft grey, keeping its hue', (_, colour) => {
    const shade = accessibleShade(colour, LIGHT_BACKGROUNDS)!;
    expect(shade.adjusted).toBe(true);
    expect(shade.givenRatio).toBeLessThan(4.5);
    for (const bg of LIGHT_BACKGROUNDS) expect(contrastRatio(shade.colour, bg)!).toBeGreaterThanOrEqual(4.5);
    expect(shade.ratio).toBeGreaterThanOrEqual(4.5);
    const [h, s] = hs(opaqueHex(colour)!);
    const [h2, s2] = hs(shade.colour);
    expect(hueGap(h, h2)).toBeLessThan(3);
    expect(Math.abs(s - s2)).toBeLessThan(0.05);
    // Just enough: a step lighter no longer reaches AA everywhere.
    expect(shade.ratio).toBeLessThan(4.8);
  });

  it('turns white into a grey that reads, and keeps black', () => {
    const white = accessibleShade('white', LIGHT_BACKGROUNDS)!;
    expect(white.givenRatio).toBeCloseTo(1, 5);
    expect(hs(white.colour)[1]).toBe(0);
    expect(white.ratio).toBeGreaterThanOrEqual(4.5);
    expect(accessibleShade('#000', LIGHT_BACKGROUNDS)).toMatchObject({ colour: '#000', adjusted: false });
  });

  it('keeps a colour that already reads, as it was written', () => {
    expect(accessibleShade(' #0b3d5c ', LIGHT_BACKGROUNDS)).toMatchObject({ colour: '#0b3d5c', adjusted: false });
  });

  it('reads a translucent colour as it shows over the surface', () => {
    const shade = accessibleShade('rgb(0 0 0 / 50%)', [SURFACE])!;
    expect(shade.givenRatio).toBeCloseTo(contrastRatio('#808080', SURFACE)!, 5);
    expect(shade.adjusted).toBe(true);
    expect(hs(shade.colour)[1]).toBe(0);
    expect(shade.ratio).toBeGreaterThanOrEqual(4.5);
  });

  it('cannot measure currentColor', () => {
    expect(accessibleShade('currentColor', LIGHT_BACKGROUNDS)).toBeUndefined();
  });
});

describe('accessibleShade on a dark background', () => {
  it('lightens red #d50000 to 4.5:1 on a dark secondary, keeping its hue', () => {
    expect(contrastRatio('#d50000', DARK)!).toBeLessThan(4.5);
    const shade = accessibleShade('#d50000', [DARK])!;
    expect(contrastRatio(shade.colour, DARK)!).toBeGreaterThanOrEqual(4.5);
    expect(colourValue(shade.colour)!.r).toBe(255);
    expect(hueGap(hs(shade.colour)[0], 0)).toBeLessThan(3);
  });

  it('lightens black to a grey that reads', () => {
    const shade = accessibleShade('black', [DARK])!;
    expect(hs(shade.colour)[1]).toBe(0);
    expect(contrastRatio(shade.colour, DARK)!).toBeGreaterThanOrEqual(4.5);
  });

  it('reaches 3:1 for large text and controls', () => {
    const shade = accessibleShade('darkred', [DARK], 3)!;
    expect(shade.givenRatio).toBeLessThan(3);
    expect(shade.ratio).toBeGreaterThanOrEqual(3);
    expect(shade.ratio).toBeLessThan(3.3);
  });
});

describe('brandRoles', () => {
  it.each(['#f5b400', '#e8d9b5', '#a8d8f0', '#ffffff', '#d50000', '#000000', 'gold', 'hsl(199 70% 80%)'])(
    '%s: text reads on the surface, the soft grey and its own tint; the ink reads on the fill',
    (colour) => {
      const r = brandRoles(colour)!;
      for (const bg of [SURFACE, SOFT, tint(r.fill, 0.08)!])
        expect(contrastRatio(r.text.colour, bg)!).toBeGreaterThanOrEqual(4.5);
      for (const bg of [SURFACE, SOFT]) expect(contrastRatio(r.ui.colour, bg)!).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(r.on, r.fill)!).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('puts near-black text on a yellow fill and white on a dark one', () => {
    expect(brandRoles('#f5b400')!.on).toBe('#111418');
    expect(brandRoles('#0b3d5c')!.on).toBe('#ffffff');
  });
});

describe('inkFor', () => {
  it('falls back to pure black where neither white nor the near-black reaches AA', () => {
    const fill = '#7a7a7a';
    expect(contrastRatio('#ffffff', fill)!).toBeLessThan(4.5);
    expect(contrastRatio('#111418', fill)!).toBeLessThan(4.5);
    expect(inkFor(fill)).toBe('#000000');
  });
});

describe('colourValue', () => {
  it('reads every form of colour the content format accepts', () => {
    for (const c of [
      '#abc',
      '#aabbccdd',
      'rgb(1 2 3 / .5)',
      'rgba(1, 2, 3, 50%)',
      'hsl(.5turn 50% 50%)',
      'hsla(10deg, 20%, 30%, .4)',
      'RebeccaPurple',
      'transparent',
    ])
      expect({ c, ok: isCssColour(c) && colourValue(c) !== undefined }).toEqual({ c, ok: true });
    expect(colourValue('hsl(120 100% 25%)')).toMatchObject({ r: 0, g: 127.5, b: 0, a: 1 });
    expect(colourValue('rgb(10% 20% 30% / 40%)')).toMatchObject({ r: 25.5, g: 51, b: 76.5, a: 0.4 });
    expect(opaqueHex('rebeccapurple')).toBe('#663399');
  });

  it('reads nothing else', () => {
    for (const c of ['currentColor', 'var(--x)', 'rgb(1 2)', 'rgb(1 2 3 / 1 / 1)', 'hsl(x 1% 1%)', 'notacolour'])
      expect(colourValue(c)).toBeUndefined();
  });
});

describe('colourRoles', () => {
  it('writes the text, control and ink roles of a light primary and secondary', () => {
    const roles = colourRoles('#f5b400', '#e8d9b5');
    expect(roles['--color-primary']).toBe('#f5b400');
    expect(roles['--color-secondary']).toBe('#e8d9b5');
    for (const role of ['--color-primary-text', '--color-accent-text'])
      expect(contrastRatio(roles[role]!, SOFT)!).toBeGreaterThanOrEqual(4.5);
    for (const role of ['--color-primary-ui', '--color-accent-ui'])
      expect(contrastRatio(roles[role]!, SOFT)!).toBeGreaterThanOrEqual(3);
    expect(roles['--color-on-primary']).toBe('#111418');
  });
});
