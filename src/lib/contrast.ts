/** Text colour that reads on a CMS-chosen background colour. */

/** sRGB channels 0-255 of a hex or rgb()/rgba() colour, or undefined for anything else. */
export function parseColour(colour: string): [number, number, number] | undefined {
  const c = colour.trim().toLowerCase();
  if (c === 'white') return [255, 255, 255];
  if (c === 'black') return [0, 0, 0];
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(c)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((h) => h + h).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(c);
  if (rgb) return [rgb[1], rgb[2], rgb[3]].map((n) => Math.min(255, Number(n))) as [number, number, number];
  return undefined;
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * Black or white, whichever contrasts more with `background` (WCAG contrast ratio);
 * undefined when the colour cannot be read (a named colour or a CSS variable), so the caller
 * keeps its default.
 */
export function readableTextOn(background: string | undefined): '#000' | '#fff' | undefined {
  const rgb = background ? parseColour(background) : undefined;
  if (!rgb) return undefined;
  const l = luminance(rgb);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onBlack > onWhite ? '#000' : '#fff';
}

/** WCAG contrast ratio of two colours (1 to 21), or undefined when either cannot be read. */
export function contrastRatio(a: string, b: string): number | undefined {
  const ra = parseColour(a);
  const rb = parseColour(b);
  if (!ra || !rb) return undefined;
  const [hi, lo] = [luminance(ra), luminance(rb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The editor's text colour when it reads on `background` (AA), else black or white, whichever
 * reads better. Colours that cannot be measured (CSS variables, most names) are kept.
 */
export function readableChoice(text: string | undefined, background: string): string | undefined {
  if (!text) return undefined;
  const ratio = contrastRatio(text, background);
  if (ratio === undefined || ratio >= MIN_TEXT_CONTRAST) return text;
  return readableTextOn(background) ?? text;
}
